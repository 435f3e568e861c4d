package io.loupe.instrument.absint;

import io.loupe.instrument.flow.ControlFlowGraph;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodNode;

import java.util.HashMap;
import java.util.Map;

/**
 * The untraced copy of a nest (docs/absint.md, "Probes"): the nest's code as it was before any
 * probe went in, with its own labels, frames and line numbers, to be appended after the method's
 * code. It is entered by a jump to {@link #entry()} (its header, whose frame it copies) and leaves
 * by jumps to the original code's label at the nest's exit, past the traced nest's loop exit
 * events: the copy pushed no loop level. Taken from the method before probes are inserted.
 */
public final class UntracedCopy {

    private final InsnList code;
    private final LabelNode entry;

    private UntracedCopy(InsnList code, LabelNode entry) {
        this.code = code;
        this.entry = entry;
    }

    /**
     * The copy of {@code nest} in {@code m} (unchanged so far), or null when it cannot be made: no
     * label at the header or at the exit, or, when {@code frames}, no frame at the exit to jump to.
     */
    public static UntracedCopy of(MethodNode m, NestFinder.Nest nest, boolean frames) {
        AbstractInsnNode[] nodes = m.instructions.toArray();
        LabelNode header = labelBefore(nodes, nest.header());
        LabelNode exit = labelBefore(nodes, nest.exit());
        if (header == null || exit == null || frames && (frameAfter(header) == null || frameAfter(exit) == null)) {
            return null;
        }
        // each block's range, from just after the instruction before it (its labels, frame, line)
        int[] from = new int[nest.firsts().length];
        for (int i = 0; i < from.length; i++) {
            int p = nest.firsts()[i];
            while (p > 0 && nodes[p - 1].getOpcode() < 0) {
                p--;
            }
            from[i] = p;
        }
        Map<LabelNode, LabelNode> labels = new HashMap<>();
        for (AbstractInsnNode n : nodes) {
            if (n instanceof LabelNode l) {
                labels.put(l, l);   // outside the copy: the original's
            }
        }
        for (int i = 0; i < from.length; i++) {
            for (int p = from[i]; p <= nest.lasts()[i]; p++) {
                if (nodes[p] instanceof LabelNode l) {
                    labels.put(l, new LabelNode());
                }
            }
        }
        InsnList code = new InsnList();
        for (int i = 0; i < from.length; i++) {
            for (int p = from[i]; p <= nest.lasts()[i]; p++) {
                code.add(nodes[p].clone(labels));
            }
            AbstractInsnNode last = nodes[nest.lasts()[i]];
            boolean next = i + 1 < from.length && nest.firsts()[i + 1] == firstReal(nodes, nest.lasts()[i] + 1);
            if (!ControlFlowGraph.isUnconditional(last) && !next) {
                // falls through to a block the copy does not hold: the exit
                int to = firstReal(nodes, nest.lasts()[i] + 1);
                LabelNode target = to == nest.exit() ? exit : labelBefore(nodes, to);
                if (target == null || frames && frameAfter(target) == null) {
                    return null;
                }
                code.add(new JumpInsnNode(Opcodes.GOTO, target));
            }
        }
        return new UntracedCopy(code, labels.get(header));
    }

    /** The code, to append after the method's (once). */
    public InsnList code() {
        return code;
    }

    /** The copy's header label: the decision jumps here. */
    public LabelNode entry() {
        return entry;
    }

    private static int firstReal(AbstractInsnNode[] nodes, int p) {
        while (p < nodes.length && nodes[p].getOpcode() < 0) {
            p++;
        }
        return p;
    }

    /** The label among the pseudo-instructions just before position {@code p}, or null. */
    private static LabelNode labelBefore(AbstractInsnNode[] nodes, int p) {
        for (int i = p - 1; i >= 0 && nodes[i].getOpcode() < 0; i--) {
            if (nodes[i] instanceof LabelNode l) {
                return l;
            }
        }
        return null;
    }

    private static FrameNode frameAfter(LabelNode label) {
        for (AbstractInsnNode n = label; n != null && n.getOpcode() < 0; n = n.getNext()) {
            if (n instanceof FrameNode f) {
                return f;
            }
        }
        return null;
    }
}
