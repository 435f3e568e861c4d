package io.loupe.instrument.paths;

import io.loupe.instrument.emit.FrameLocals;
import io.loupe.instrument.emit.IntConstant;
import io.loupe.instrument.emit.NewLabels;
import io.loupe.instrument.flow.ControlFlowGraph;
import io.loupe.instrument.flow.MethodModel;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.util.List;

/**
 * Rewrites a method for the naive block tracer: a call at entry that numbers the activation,
 * a call at the start of every reachable block, a call before every return and throw. It shares
 * only the block boundaries with path profiling — no numbering, no probe placement — which is
 * what makes it an independent oracle for path counts.
 */
final class BlockTraceInserter {

    private static final String TRACE = "io/loupe/runtime/trace/BlockTrace";

    private final MethodNode m;
    private final MethodModel model;
    private final int methodId;
    private final boolean frames;

    BlockTraceInserter(MethodNode m, MethodModel model, int methodId, boolean frames) {
        this.m = m;
        this.model = model;
        this.methodId = methodId;
        this.frames = frames;
    }

    void insert() {
        int act = m.maxLocals;
        ControlFlowGraph g = model.cfg();
        List<AbstractInsnNode> insns = g.instructions();
        for (ControlFlowGraph.Block b : g.blocks()) {
            if (!model.dominators().reachable(b.index())) {
                continue;
            }
            AbstractInsnNode first = insns.get(b.first());
            AbstractInsnNode last = insns.get(b.last());
            InsnList enter = new InsnList();
            enter.add(new VarInsnNode(Opcodes.ILOAD, act));
            enter.add(IntConstant.push(b.index()));
            enter.add(new MethodInsnNode(Opcodes.INVOKESTATIC, TRACE, "block", "(II)V", false));
            AbstractInsnNode anchor = first.getOpcode() == Opcodes.NEW ? keepNewLabelOnNew(first) : first;
            m.instructions.insertBefore(anchor, enter);
            if (b.exits()) {
                InsnList leave = new InsnList();
                leave.add(new VarInsnNode(Opcodes.ILOAD, act));
                leave.add(new MethodInsnNode(Opcodes.INVOKESTATIC, TRACE, "leave", "(I)V", false));
                m.instructions.insertBefore(last, leave);
            }
        }
        if (frames) {
            FrameLocals.append(m.maxLocals, List.of(Opcodes.INTEGER), m.instructions);
        }
        InsnList entry = new InsnList();
        entry.add(IntConstant.push(methodId));
        entry.add(new MethodInsnNode(Opcodes.INVOKESTATIC, TRACE, "activation", "(I)I", false));
        entry.add(new VarInsnNode(Opcodes.ISTORE, act));
        m.instructions.insert(entry);
    }

    /** See {@link NewLabels}: code goes before the label this returns. */
    private LabelNode keepNewLabelOnNew(AbstractInsnNode newInsn) {
        return NewLabels.keepOnNew(m, newInsn, NewLabels.before(newInsn));
    }
}
