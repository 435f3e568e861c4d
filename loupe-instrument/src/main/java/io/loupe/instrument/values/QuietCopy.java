package io.loupe.instrument.values;

import io.loupe.instrument.instr.IntConstant;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Quiet methods for convergent value profiling: a copy of the method's original code, without
 * probes, that the method runs while all its sites have converged (Arnold and Ryder's code
 * duplication, PLDI 2001, checked at method entry). Taken from the method before any probe goes
 * in and appended after the instrumented code, with its own labels, handlers, line numbers and
 * local variable entries; entered by a jump at the very start of the method:
 *
 * <pre>
 *   if (Values.quiet(first)) goto QUIET;      // a shared countdown: no thread lookup
 *   rs = Values.probed(first, end);           // the thread's recorders, only when probed
 *   the method's code, with its probes
 * QUIET:
 *   the method's original code
 * </pre>
 * Both versions are in the method, so no frame is added to the stack: a version kept out of line,
 * in an overload, showed in stack traces and broke code that looks at its callers (Lucene's
 * {@code VectorizationProvider} refuses callers it does not know, found by stack depth). The copy's
 * code is the original code, so its stack map frames are the original ones; the jump carries the
 * method's entry state, which the frame at its start — the entry frame, or the original frame at
 * offset 0 when the first instruction is a jump target — accepts.
 */
final class QuietCopy {

    private final InsnList code;
    private final List<TryCatchBlockNode> handlers;
    private final List<LocalVariableNode> locals;
    private final LabelNode start;
    private final boolean framed;   // the copy starts with a frame of its own

    private QuietCopy(InsnList code, List<TryCatchBlockNode> handlers, List<LocalVariableNode> locals,
                      LabelNode start, boolean framed) {
        this.code = code;
        this.handlers = handlers;
        this.locals = locals;
        this.start = start;
        this.framed = framed;
    }

    /** A copy of {@code m}'s code as it is now. */
    static QuietCopy of(MethodNode m) {
        Map<LabelNode, LabelNode> labels = new HashMap<>();
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n instanceof LabelNode l) {
                labels.put(l, new LabelNode());
            }
        }
        InsnList code = new InsnList();
        LabelNode start = new LabelNode();
        code.add(start);
        boolean framed = false;
        boolean beforeCode = true;
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (beforeCode && n instanceof FrameNode) {
                framed = true;
            }
            if (n.getOpcode() >= 0) {
                beforeCode = false;
            }
            code.add(n.clone(labels));
        }
        List<TryCatchBlockNode> handlers = new ArrayList<>();
        for (TryCatchBlockNode t : m.tryCatchBlocks) {
            TryCatchBlockNode c = new TryCatchBlockNode(labels.get(t.start), labels.get(t.end), labels.get(t.handler), t.type);
            c.visibleTypeAnnotations = t.visibleTypeAnnotations;
            c.invisibleTypeAnnotations = t.invisibleTypeAnnotations;
            handlers.add(c);
        }
        List<LocalVariableNode> locals = new ArrayList<>();
        if (m.localVariables != null) {
            for (LocalVariableNode v : m.localVariables) {
                locals.add(new LocalVariableNode(v.name, v.desc, v.signature, labels.get(v.start), labels.get(v.end), v.index));
            }
        }
        return new QuietCopy(code, handlers, locals, start, framed);
    }

    /**
     * Appends the copy to {@code m} (whose code ends, like every method's, in an instruction that
     * does not fall through) and puts the dispatch into it at the start of the method.
     *
     * @param owner  the internal name of the method's class (for the entry frame's {@code this})
     * @param frames true if the class has stack map frames (version 50 or later)
     */
    void appendTo(MethodNode m, int firstId, String owner, boolean frames) {
        InsnList dispatch = new InsnList();
        dispatch.add(IntConstant.push(firstId));
        dispatch.add(new MethodInsnNode(Opcodes.INVOKESTATIC, ValueProbeInserter.VALUES, "quiet", "(I)Z", false));
        dispatch.add(new JumpInsnNode(Opcodes.IFNE, start));
        m.instructions.insert(dispatch);
        if (frames && !framed) {
            code.insert(start, entryFrame(m, owner));
        }
        m.instructions.add(code);
        m.tryCatchBlocks.addAll(handlers);
        if (m.localVariables != null) {
            m.localVariables.addAll(locals);
        }
    }

    /** True if some jump or switch of {@code m} targets an earlier instruction (the method has a loop). */
    static boolean hasBackwardJump(MethodNode m) {
        Map<LabelNode, Integer> at = new HashMap<>();
        int i = 0;
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext(), i++) {
            if (n instanceof LabelNode l) {
                at.put(l, i);
            }
        }
        i = 0;
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext(), i++) {
            List<LabelNode> targets = new ArrayList<>();
            if (n instanceof JumpInsnNode j) {
                targets.add(j.label);
            } else if (n instanceof TableSwitchInsnNode t) {
                targets.add(t.dflt);
                targets.addAll(t.labels);
            } else if (n instanceof LookupSwitchInsnNode t) {
                targets.add(t.dflt);
                targets.addAll(t.labels);
            }
            for (LabelNode l : targets) {
                if (at.get(l) < i) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The frame at a method's entry (never a constructor's: they get no copy): {@code this} and the parameters. */
    static FrameNode entryFrame(MethodNode m, String owner) {
        List<Object> types = new ArrayList<>();
        if ((m.access & Opcodes.ACC_STATIC) == 0) {
            types.add(owner);
        }
        for (Type t : Type.getArgumentTypes(m.desc)) {
            types.add(switch (t.getSort()) {
                case Type.BOOLEAN, Type.BYTE, Type.CHAR, Type.SHORT, Type.INT -> Opcodes.INTEGER;
                case Type.FLOAT -> Opcodes.FLOAT;
                case Type.LONG -> Opcodes.LONG;
                case Type.DOUBLE -> Opcodes.DOUBLE;
                default -> t.getInternalName();
            });
        }
        return new FrameNode(Opcodes.F_NEW, types.size(), types.toArray(), 0, new Object[0]);
    }
}
