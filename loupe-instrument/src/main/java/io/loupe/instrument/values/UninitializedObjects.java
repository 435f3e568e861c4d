package io.loupe.instrument.values;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicInterpreter;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.Interpreter;

/**
 * Which {@code astore} instructions may store an object whose constructor has not run yet: the
 * result of a {@code new} before its {@code invokespecial <init>}, or {@code this} in a
 * constructor before {@code super(…)}. Such a value must never be passed to the runtime (the
 * verifier rejects it), so those stores are no sites.
 *
 * <p>ASM's analysis does not model initialization, so this runs its own: a
 * {@link BasicInterpreter} in which each {@code new} and the constructor's {@code this} are
 * values of their own (a type no real class has), and a frame that, after an
 * {@code invokespecial <init>}, replaces every copy of the receiver by an initialized reference.
 * A merge of an initialized and an uninitialized value is unusable ({@code null} type), as for
 * the verifier.
 */
final class UninitializedObjects {

    private static final String MARK = "uninitialized ";

    private UninitializedObjects() {
    }

    /** True if the method needs the analysis at all: it has a {@code new} or is a constructor. */
    static boolean relevant(MethodNode m) {
        if (m.name.equals("<init>")) {
            return true;
        }
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n.getOpcode() == Opcodes.NEW) {
                return true;
            }
        }
        return false;
    }

    /**
     * For each list position of {@code m}: true if the instruction there is a reachable
     * {@code astore} whose value may be uninitialized (or is not known to be an initialized reference).
     */
    static boolean[] stores(String owner, MethodNode m) throws AnalyzerException {
        Frame<BasicValue>[] frames = new InitAnalyzer(new InitInterpreter(m)).analyze(owner, m);
        boolean[] uninitialized = new boolean[frames.length];
        for (int i = 0; i < frames.length; i++) {
            Frame<BasicValue> f = frames[i];
            if (f != null && m.instructions.get(i).getOpcode() == Opcodes.ASTORE) {
                BasicValue v = f.getStack(f.getStackSize() - 1);
                uninitialized[i] = !BasicValue.REFERENCE_VALUE.equals(v);
            }
        }
        return uninitialized;
    }

    private static boolean isUninitialized(BasicValue v) {
        return v != null && v.getType() != null && v.getType().getSort() == Type.OBJECT
                && v.getType().getInternalName().startsWith(MARK);
    }

    /** {@code new} and a constructor's {@code this} give values of their own. */
    private static final class InitInterpreter extends BasicInterpreter {
        private final MethodNode method;

        InitInterpreter(MethodNode method) {
            super(Opcodes.ASM9);
            this.method = method;
        }

        @Override
        public BasicValue newParameterValue(boolean isInstanceMethod, int local, Type type) {
            if (isInstanceMethod && local == 0 && method.name.equals("<init>")) {
                return new BasicValue(Type.getObjectType(MARK + "this"));
            }
            return super.newParameterValue(isInstanceMethod, local, type);
        }

        @Override
        public BasicValue newOperation(AbstractInsnNode insn) throws AnalyzerException {
            if (insn.getOpcode() == Opcodes.NEW) {
                return new BasicValue(Type.getObjectType(MARK + "new@" + method.instructions.indexOf(insn)));
            }
            return super.newOperation(insn);
        }
    }

    /** Frames that initialize every copy of the receiver of {@code <init>}. */
    private static final class InitFrame extends Frame<BasicValue> {
        InitFrame(int numLocals, int maxStack) {
            super(numLocals, maxStack);
        }

        InitFrame(Frame<? extends BasicValue> frame) {
            super(frame);
        }

        @Override
        public void execute(AbstractInsnNode insn, Interpreter<BasicValue> interpreter) throws AnalyzerException {
            BasicValue receiver = null;
            if (insn.getOpcode() == Opcodes.INVOKESPECIAL && insn instanceof MethodInsnNode call && call.name.equals("<init>")) {
                receiver = getStack(getStackSize() - Type.getArgumentTypes(call.desc).length - 1);
            }
            super.execute(insn, interpreter);
            if (isUninitialized(receiver)) {
                for (int i = 0; i < getLocals(); i++) {
                    if (receiver.equals(getLocal(i))) {
                        setLocal(i, BasicValue.REFERENCE_VALUE);
                    }
                }
                for (int i = 0; i < getStackSize(); i++) {
                    if (receiver.equals(getStack(i))) {
                        setStack(i, BasicValue.REFERENCE_VALUE);
                    }
                }
            }
        }
    }

    private static final class InitAnalyzer extends Analyzer<BasicValue> {
        InitAnalyzer(Interpreter<BasicValue> interpreter) {
            super(interpreter);
        }

        @Override
        protected Frame<BasicValue> newFrame(int numLocals, int numStack) {
            return new InitFrame(numLocals, numStack);
        }

        @Override
        protected Frame<BasicValue> newFrame(Frame<? extends BasicValue> frame) {
            return new InitFrame(frame);
        }
    }
}
