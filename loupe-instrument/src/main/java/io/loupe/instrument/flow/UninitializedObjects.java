package io.loupe.instrument.flow;

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

import java.util.function.IntFunction;

/**
 * Where a method handles objects whose constructor has not run yet: the result of a {@code new}
 * before its {@code invokespecial <init>}, or {@code this} in a constructor before
 * {@code super(…)}. Such a value must never be passed to the runtime (the verifier rejects it):
 * value profiling leaves out the {@code astore}s that may store one, dependence profiling the
 * {@code putfield}s into {@code this} before {@code super(…)}, and a handler Loupe adds to a
 * constructor must start after the {@code super(…)} call.
 *
 * <p>ASM's analysis does not model initialization, so this runs its own: a
 * {@link BasicInterpreter} in which each {@code new} and the constructor's {@code this} are
 * values of their own (a type no real class has), and a frame that, after an
 * {@code invokespecial <init>}, replaces every copy of the receiver by an initialized reference.
 * A merge of an initialized and an uninitialized value is unusable ({@code null} type), as for
 * the verifier.
 */
public final class UninitializedObjects {

    private static final String MARK = "uninitialized ";

    private UninitializedObjects() {
    }

    /** True if the method needs the analysis at all: it has a {@code new} or is a constructor. */
    public static boolean relevant(MethodNode m) {
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
    public static boolean[] stores(String owner, MethodNode m) throws AnalyzerException {
        IntFunction<Frame<BasicValue>> frames = analyze(owner, m);
        boolean[] uninitialized = new boolean[m.instructions.size()];
        for (int i = 0; i < uninitialized.length; i++) {
            Frame<BasicValue> f = m.instructions.get(i).getOpcode() == Opcodes.ASTORE ? frames.apply(i) : null;
            if (f != null) {
                BasicValue v = f.getStack(f.getStackSize() - 1);
                uninitialized[i] = !BasicValue.REFERENCE_VALUE.equals(v);
            }
        }
        return uninitialized;
    }

    /**
     * For each list position of {@code m}: true if the instruction there is a reachable
     * {@code putfield} whose receiver may be uninitialized ({@code this} before {@code super(…)}).
     */
    public static boolean[] putfields(String owner, MethodNode m) throws AnalyzerException {
        IntFunction<Frame<BasicValue>> frames = analyze(owner, m);
        boolean[] uninitialized = new boolean[m.instructions.size()];
        for (int i = 0; i < uninitialized.length; i++) {
            Frame<BasicValue> f = m.instructions.get(i).getOpcode() == Opcodes.PUTFIELD ? frames.apply(i) : null;
            if (f != null) {
                BasicValue receiver = f.getStack(f.getStackSize() - 2);   // a long or double is one entry
                uninitialized[i] = !BasicValue.REFERENCE_VALUE.equals(receiver);
            }
        }
        return uninitialized;
    }

    /**
     * The list position of a constructor's {@code this(…)} or {@code super(…)} call: the one
     * reachable {@code invokespecial <init>} whose receiver is the uninitialized {@code this},
     * provided that it is reached with {@code this} uninitialized on every path and that no
     * instruction after it in list order sees {@code this} uninitialized (so code after it is
     * all past the call). -1 if there is no such single call (not a constructor, or bytecode
     * shaped otherwise than javac's).
     */
    public static int thisInitCall(String owner, MethodNode m) throws AnalyzerException {
        if (!m.name.equals("<init>")) {
            return -1;
        }
        IntFunction<Frame<BasicValue>> frames = analyze(owner, m);
        int size = m.instructions.size();
        int found = -1;
        for (int i = 0; i < size; i++) {
            AbstractInsnNode n = m.instructions.get(i);
            Frame<BasicValue> f = n.getOpcode() == Opcodes.INVOKESPECIAL ? frames.apply(i) : null;
            if (f != null && n instanceof MethodInsnNode call && call.name.equals("<init>")) {
                BasicValue receiver = f.getStack(f.getStackSize() - Type.getArgumentTypes(call.desc).length - 1);
                if (isUninitialized(receiver) && receiver.getType().getInternalName().equals(MARK + "this")) {
                    if (found >= 0) {
                        return -1;
                    }
                    found = i;
                }
            }
        }
        if (found < 0) {
            return -1;
        }
        for (int i = found + 1; i < size; i++) {
            Frame<BasicValue> f = frames.apply(i);
            if (f != null && f.getLocals() > 0 && !BasicValue.REFERENCE_VALUE.equals(f.getLocal(0))) {
                return -1;   // local 0 may still be the uninitialized this (or was reused): not javac's shape
            }
        }
        return found;
    }

    /**
     * The frame before each instruction, by list position (null where unreachable): computed a
     * block at a time ({@link BlockFrames}), or by ASM's analysis for a method with JSR/RET
     * subroutines, which that does not take.
     */
    private static IntFunction<Frame<BasicValue>> analyze(String owner, MethodNode m) throws AnalyzerException {
        if (BlockFrames.hasSubroutines(m)) {
            Frame<BasicValue>[] frames = new InitAnalyzer(new InitInterpreter(m)).analyze(owner, m);
            return i -> frames[i];
        }
        return BlockFrames.analyze(owner, m, new InitInterpreter(m), INIT_FRAMES)::frameAt;
    }

    /** {@link InitFrame}s, for {@link BlockFrames}. */
    static final BlockFrames.Frames<BasicValue> INIT_FRAMES = BlockFrames.Frames.of(InitFrame::new, InitFrame::new);

    private static boolean isUninitialized(BasicValue v) {
        return v != null && v.getType() != null && v.getType().getSort() == Type.OBJECT
                && v.getType().getInternalName().startsWith(MARK);
    }

    /** {@code new} and a constructor's {@code this} give values of their own. */
    static final class InitInterpreter extends BasicInterpreter {
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

    static final class InitAnalyzer extends Analyzer<BasicValue> {
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
