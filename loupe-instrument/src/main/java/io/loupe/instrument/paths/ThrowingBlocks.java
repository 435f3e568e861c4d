package io.loupe.instrument.paths;

import io.loupe.data.meta.EdgeKind;
import io.loupe.instrument.flow.BallLarusDag;
import io.loupe.instrument.flow.ControlFlowGraph;
import io.loupe.instrument.flow.MethodModel;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;

import java.util.BitSet;
import java.util.List;

/**
 * Where an exception can cut a path of the whole-program trace short, and which blocks must say
 * that they ran (docs/trace.md, <i>Exceptions</i>). When an exception is thrown, the trace keeps
 * the path register: the sum of the edge values taken so far, which names the path up to a stretch
 * of blocks joined by edges of value 0. The reader takes the stretch's one block that may throw —
 * unless two blocks that may throw can meet in such a stretch: those blocks mark themselves at
 * their start ({@code t.site = -2 - block}), and the mark the activation made last names the block.
 *
 * <p>May throw: any instruction the JVM may throw at other than for resource exhaustion (JVMS
 * §6.5): calls, {@code athrow}, array and field accesses, {@code arraylength}, integer division
 * and remainder, casts, allocations of arrays, monitors, and {@code new}, {@code getstatic} and
 * {@code putstatic}, which may initialize a class.
 */
final class ThrowingBlocks {

    private final BitSet throwing;
    private final BitSet marked;

    private ThrowingBlocks(BitSet throwing, BitSet marked) {
        this.throwing = throwing;
        this.marked = marked;
    }

    static ThrowingBlocks of(MethodModel model) {
        ControlFlowGraph g = model.cfg();
        List<AbstractInsnNode> insns = g.instructions();
        BitSet throwing = new BitSet();
        for (ControlFlowGraph.Block b : g.blocks()) {
            if (!model.dominators().reachable(b.index())) {
                continue;
            }
            for (int i = b.first(); i <= b.last(); i++) {
                if (mayThrow(insns.get(i).getOpcode())) {
                    throwing.set(b.index());
                    break;
                }
            }
        }
        // Blocks joined by value-0 edges, in components; a component with two blocks that may throw marks them.
        int n = g.size();
        int[] parent = new int[n];
        for (int i = 0; i < n; i++) {
            parent[i] = i;
        }
        BallLarusDag dag = model.dag();
        for (BallLarusDag.Edge e : dag.edges()) {
            if (e.kind() == EdgeKind.NORMAL && e.val() == 0 && e.from() < n && e.to() < n) {
                parent[find(parent, e.from())] = find(parent, e.to());
            }
        }
        int[] count = new int[n];
        for (int b = throwing.nextSetBit(0); b >= 0; b = throwing.nextSetBit(b + 1)) {
            count[find(parent, b)]++;
        }
        BitSet marked = new BitSet();
        for (int b = throwing.nextSetBit(0); b >= 0; b = throwing.nextSetBit(b + 1)) {
            if (count[find(parent, b)] >= 2) {
                marked.set(b);
            }
        }
        return new ThrowingBlocks(throwing, marked);
    }

    private static int find(int[] parent, int x) {
        while (parent[x] != x) {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        return x;
    }

    /** True if block {@code b} marks itself at its start. */
    boolean marked(int b) {
        return marked.get(b);
    }

    /** The blocks that may throw, in increasing order. */
    int[] blocks() {
        return throwing.stream().toArray();
    }

    static boolean mayThrow(int op) {
        return switch (op) {
            case Opcodes.INVOKEVIRTUAL, Opcodes.INVOKESPECIAL, Opcodes.INVOKESTATIC, Opcodes.INVOKEINTERFACE,
                 Opcodes.INVOKEDYNAMIC, Opcodes.ATHROW,
                 Opcodes.IALOAD, Opcodes.LALOAD, Opcodes.FALOAD, Opcodes.DALOAD, Opcodes.AALOAD, Opcodes.BALOAD,
                 Opcodes.CALOAD, Opcodes.SALOAD, Opcodes.IASTORE, Opcodes.LASTORE, Opcodes.FASTORE, Opcodes.DASTORE,
                 Opcodes.AASTORE, Opcodes.BASTORE, Opcodes.CASTORE, Opcodes.SASTORE, Opcodes.ARRAYLENGTH,
                 Opcodes.GETFIELD, Opcodes.PUTFIELD, Opcodes.GETSTATIC, Opcodes.PUTSTATIC, Opcodes.NEW,
                 Opcodes.NEWARRAY, Opcodes.ANEWARRAY, Opcodes.MULTIANEWARRAY, Opcodes.IDIV, Opcodes.IREM,
                 Opcodes.LDIV, Opcodes.LREM, Opcodes.CHECKCAST, Opcodes.MONITORENTER, Opcodes.MONITOREXIT,
                 Opcodes.LDC -> true;
            default -> false;
        };
    }
}
