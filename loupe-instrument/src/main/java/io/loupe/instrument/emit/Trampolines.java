package io.loupe.instrument.emit;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * Code that probe inserters append after a method's own code, in a list of their own: trampolines
 * (probe code on one edge, then a jump to the edge's target) and a catch-everything handler. Frames
 * are copied, never computed; the inserter appends its locals to them ({@link FrameLocals}).
 */
public final class Trampolines {

    private Trampolines() {
    }

    /**
     * Appends {@code T: [frame of target] code; goto target} to {@code trampolines} and returns T,
     * the label a jump or switch case is redirected to. {@code frames} is false for a class without
     * stack map frames.
     */
    public static LabelNode jump(InsnList trampolines, LabelNode target, InsnList code, boolean frames) {
        LabelNode t = new LabelNode();
        trampolines.add(t);
        if (frames) {
            trampolines.add(FrameLocals.copy(FrameLocals.at(target)));
        }
        trampolines.add(code);
        trampolines.add(new JumpInsnNode(Opcodes.GOTO, target));
        return t;
    }

    /**
     * Covers the code from {@code start} (a label already in the method) to its end with a last,
     * catch-everything handler running {@code code}, which must end the handler (rethrow). The
     * method's own handlers come first in the table, so they still catch what they caught.
     */
    public static void catchAll(MethodNode m, LabelNode start, InsnList trampolines, InsnList code, boolean frames) {
        LabelNode end = new LabelNode();
        LabelNode handler = new LabelNode();
        m.instructions.add(end);
        trampolines.add(handler);
        if (frames) {
            // Locals: the method's own as TOP (any value passes), Loupe's appended by FrameLocals.
            trampolines.add(new FrameNode(Opcodes.F_NEW, 0, new Object[0], 1, new Object[] {"java/lang/Throwable"}));
        }
        trampolines.add(code);
        m.tryCatchBlocks.add(new TryCatchBlockNode(start, end, handler, null));
    }
}
