package io.loupe.instrument.paths;

import io.loupe.data.meta.EdgeKind;
import io.loupe.data.meta.LoopMeta;
import io.loupe.instrument.flow.BallLarusDag;
import io.loupe.instrument.flow.ControlFlowGraph;
import io.loupe.instrument.flow.MethodModel;
import io.loupe.instrument.flow.UninitializedObjects;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;

/**
 * Where a constructor's path ends may be deferred: run-length encoding and counted loops keep path
 * ends pending in locals, and a catch-all handler must record them when an exception leaves the
 * method. In a constructor that handler cannot cover the {@code this(…)} or {@code super(…)} call
 * (the verifier does not let one handler cover code where {@code this} is uninitialized and code
 * where it is not), so it starts just after the call, and that is only enough when nothing can be
 * pending before it: every loop, and every cut edge, must lie after the call.
 *
 * <p>Why bother: constructors that compute (matrix decompositions, parsers built from their input)
 * can run most of a program's loop iterations. commons-math's
 * {@code SingularValueDecomposition.<init>} ended 192 million paths in a hash table, one probe per
 * iteration of loops that counted loops record with none.
 */
final class ConstructorBody {

    private ConstructorBody() {
    }

    /**
     * The instruction after which the constructor {@code m} of class {@code owner} has its
     * {@code this} initialized, if every loop and cut edge of {@code model} lies after it; else
     * null (not a constructor, bytecode not shaped as javac's, or a loop before the call, such as
     * one in a {@code switch} expression among {@code super(…)}'s arguments).
     */
    /**
     * The {@code this(…)} or {@code super(…)} call that initializes {@code this} in constructor
     * {@code m} of class {@code owner}, or null if it cannot be told (bytecode not shaped as javac's).
     */
    static AbstractInsnNode initCall(String owner, MethodNode m) {
        try {
            int call = UninitializedObjects.thisInitCall(owner, m);
            return call < 0 ? null : m.instructions.get(call);
        } catch (AnalyzerException e) {
            return null;
        }
    }

    static AbstractInsnNode deferrableAfter(String owner, MethodNode m, MethodModel model) {
        int call;
        try {
            call = UninitializedObjects.thisInitCall(owner, m);
        } catch (AnalyzerException e) {
            return null;
        }
        if (call < 0) {
            return null;
        }
        ControlFlowGraph g = model.cfg();
        for (LoopMeta loop : model.loops().loops()) {
            for (int b : loop.blocks()) {
                if (!after(m, g, b, call)) {
                    return null;
                }
            }
        }
        for (BallLarusDag.Edge e : model.dag().edges()) {
            if (e.kind() == EdgeKind.CUT_EXIT && !after(m, g, e.from(), call)) {
                return null;
            }
        }
        return m.instructions.get(call);
    }

    /** True if block {@code b} starts after list position {@code call}. */
    private static boolean after(MethodNode m, ControlFlowGraph g, int b, int call) {
        return m.instructions.indexOf(g.instructions().get(g.block(b).first())) > call;
    }
}
