package io.loupe.instrument.emit;

import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodNode;

import java.util.ArrayList;
import java.util.List;

/**
 * Stack map frames name an object under construction by the label of its {@code new} (JVMS
 * §4.7.4, {@code Uninitialized_variable_info}). Code inserted between that label and the
 * {@code new} moves the label off it; this gives the {@code new} a label of its own and points the
 * frames at it.
 */
public final class NewLabels {

    private NewLabels() {
    }

    /** The labels right before {@code newInsn} (with only pseudo-instructions between): what frames may name it by. */
    public static List<LabelNode> before(AbstractInsnNode newInsn) {
        List<LabelNode> labels = new ArrayList<>();
        for (AbstractInsnNode n = newInsn.getPrevious(); n != null && n.getOpcode() < 0; n = n.getPrevious()) {
            if (n instanceof LabelNode l) {
                labels.add(l);
            }
        }
        return labels;
    }

    /**
     * Puts a fresh label right before {@code newInsn} and points every frame of {@code m} that
     * names one of {@code old} at it. Returns the fresh label.
     */
    public static LabelNode keepOnNew(MethodNode m, AbstractInsnNode newInsn, List<LabelNode> old) {
        LabelNode fresh = new LabelNode();
        m.instructions.insertBefore(newInsn, fresh);
        if (old.isEmpty()) {
            return fresh;
        }
        for (AbstractInsnNode f = m.instructions.getFirst(); f != null; f = f.getNext()) {
            if (f instanceof FrameNode frame) {
                if (frame.local != null) {
                    frame.local.replaceAll(t -> t instanceof LabelNode l && old.contains(l) ? fresh : t);
                }
                if (frame.stack != null) {
                    frame.stack.replaceAll(t -> t instanceof LabelNode l && old.contains(l) ? fresh : t);
                }
            }
        }
        return fresh;
    }
}
