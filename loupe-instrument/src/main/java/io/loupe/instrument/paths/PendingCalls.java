package io.loupe.instrument.paths;

import io.loupe.data.meta.EdgeKind;
import io.loupe.instrument.flow.BallLarusDag;
import io.loupe.instrument.flow.ControlFlowGraph;
import io.loupe.instrument.flow.MethodModel;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/**
 * The calls of a method made while path ends may be pending in its locals: a run of one loop
 * path ({@link PathRegister}, run-length encoding) or a counted loop's iterations
 * ({@link CountedLoops}). Before each of them the pending ends are recorded, so that a frame in a
 * call has nothing pending. Why: a callee may never return — it calls {@code System.exit}, or
 * blocks (in {@code Thread.sleep}, {@code accept}, a queue's {@code take}) until SIGTERM or the
 * end of {@code main} stops the JVM — and the profile is written while the frame is still open;
 * what its locals held was lost (a loop of {@code main} calling {@code System.exit} kept its
 * 499,999 iterations there at k ≥ 2). Every frame below the top of a thread's stack is in a call,
 * so at the dump only the innermost frame of a thread running its own code can hold pending ends.
 *
 * <p>Which calls. A run is pending only after a back edge or cut edge whose end was deferred
 * (one not of a counted loop), until the next recorded end, so the calls in blocks reachable
 * from such an edge's target; a counted loop's iterations are pending in its own blocks.
 * {@code monitorenter} counts as a call (a thread may wait there until the end). Calls that
 * cannot run the program's code, block or stop the JVM are left alone: {@code Math},
 * {@code StrictMath}, the static methods of the primitive wrappers that take primitives only, and
 * a few methods of {@code String} — C2 intrinsifies most of them, and a loop over them is a loop
 * without calls.
 */
final class PendingCalls {

    /** A call made with something pending: the instruction, and its counted loop or null (a run only). */
    record Site(AbstractInsnNode insn, CountedLoops.Loop loop) {
    }

    private static final Set<String> WRAPPERS = Set.of("java/lang/Integer", "java/lang/Long", "java/lang/Short",
            "java/lang/Byte", "java/lang/Character", "java/lang/Boolean", "java/lang/Float", "java/lang/Double");
    private static final Set<String> STRING_METHODS = Set.of("charAt(I)", "length()", "isEmpty()");

    private PendingCalls() {
    }

    /**
     * The calls of {@code model}'s method made with ends pending, given its counted loops and
     * whether it run-length encodes loop path ends.
     */
    static List<Site> find(MethodModel model, List<CountedLoops.Loop> counted, boolean rle) {
        if (!rle && counted.isEmpty()) {
            return List.of();
        }
        ControlFlowGraph g = model.cfg();
        BitSet runPending = rle ? runPending(model, counted) : new BitSet();
        List<Site> sites = new ArrayList<>();
        List<AbstractInsnNode> insns = g.instructions();
        for (int i = 0; i < insns.size(); i++) {
            AbstractInsnNode insn = insns.get(i);
            if (!mayNotReturn(insn)) {
                continue;
            }
            int b = g.blockOf(i);
            if (!model.dominators().reachable(b)) {
                continue;
            }
            CountedLoops.Loop in = null;
            for (CountedLoops.Loop loop : counted) {
                if (loop.blocks().get(b)) {
                    in = loop;
                }
            }
            if (in != null || runPending.get(b)) {
                sites.add(new Site(insn, in));
            }
        }
        return sites;
    }

    /** True if a block of {@code blocks} makes a call that may not return ({@link #mayNotReturn}). */
    static boolean calls(MethodModel model, BitSet blocks) {
        ControlFlowGraph g = model.cfg();
        List<AbstractInsnNode> insns = g.instructions();
        for (int i = 0; i < insns.size(); i++) {
            if (blocks.get(g.blockOf(i)) && mayNotReturn(insns.get(i))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The blocks where a run may be pending: those reachable, over normal and exception edges,
     * from the target of a back edge or cut edge that is not a counted loop's back edge.
     */
    private static BitSet runPending(MethodModel model, List<CountedLoops.Loop> counted) {
        ControlFlowGraph g = model.cfg();
        BallLarusDag dag = model.dag();
        BitSet seen = new BitSet(g.size());
        Deque<Integer> work = new ArrayDeque<>();
        for (ControlFlowGraph.Block u : g.blocks()) {
            if (!model.dominators().reachable(u.index())) {
                continue;
            }
            for (int v : u.successors()) {
                BallLarusDag.Edge e = dag.edge(u.index(), v);
                boolean endsPath = e == null || e.kind() != EdgeKind.NORMAL;
                if (endsPath && !countedBackEdge(counted, u.index(), v) && !seen.get(v)) {
                    seen.set(v);
                    work.add(v);
                }
            }
        }
        while (!work.isEmpty()) {
            ControlFlowGraph.Block b = g.block(work.poll());
            for (int[] next : new int[][] {b.successors(), b.exceptionSuccessors()}) {
                for (int v : next) {
                    if (!seen.get(v)) {
                        seen.set(v);
                        work.add(v);
                    }
                }
            }
        }
        return seen;
    }

    private static boolean countedBackEdge(List<CountedLoops.Loop> counted, int u, int v) {
        for (CountedLoops.Loop loop : counted) {
            if (loop.isBackEdge(u, v)) {
                return true;
            }
        }
        return false;
    }

    /** True for a call or {@code monitorenter} that may run the program's code, block or exit. */
    static boolean mayNotReturn(AbstractInsnNode insn) {
        int op = insn.getOpcode();
        if (op == Opcodes.MONITORENTER || op == Opcodes.INVOKEDYNAMIC) {
            return true;
        }
        if (!(insn instanceof MethodInsnNode call)) {
            return false;
        }
        String owner = call.owner;
        if (owner.equals("java/lang/Math") || owner.equals("java/lang/StrictMath")) {
            return false;
        }
        if (op == Opcodes.INVOKESTATIC && WRAPPERS.contains(owner)) {
            for (Type t : Type.getArgumentTypes(call.desc)) {
                if (t.getSort() == Type.OBJECT || t.getSort() == Type.ARRAY) {
                    return true;
                }
            }
            return false;
        }
        if (owner.equals("java/lang/String") && op == Opcodes.INVOKEVIRTUAL) {
            return !STRING_METHODS.contains(call.name + call.desc.substring(0, call.desc.indexOf(')') + 1));
        }
        return !(op == Opcodes.INVOKESPECIAL && owner.equals("java/lang/Object") && call.name.equals("<init>"));
    }
}
