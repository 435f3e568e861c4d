package io.loupe.instrument.deps;

import io.loupe.data.meta.LoopMeta;
import io.loupe.instrument.flow.ControlFlowGraph;
import io.loupe.instrument.flow.Dominators;
import io.loupe.instrument.flow.LoopForest;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;

/**
 * The carried register dependences of a method's loops (docs/deps.md, "Static model"): per loop,
 * the local variables written in the loop whose value is read at the start of an iteration before
 * the iteration writes them (live at the header along paths inside the loop), each classified as
 * an induction variable, a simple reduction or a true dependence.
 *
 * <p>Liveness follows normal edges inside the loop, stopping at the header (the next iteration), and
 * every exceptional edge inside it (an exception may leave a block before its write). Update
 * shapes are read from the operand stack's sources ({@link SourceInterpreter}), looking through
 * primitive conversions ({@code s += d} on an {@code int s} is {@code d2i(i2d(s) + d)}).
 */
public final class LoopRegisterAnalysis {

    private final MethodNode m;
    private final ControlFlowGraph cfg;
    private final Frame<SourceValue>[] frames;
    private final int[] pos;

    private LoopRegisterAnalysis(MethodNode m, ControlFlowGraph cfg, Frame<SourceValue>[] frames) {
        this.m = m;
        this.cfg = cfg;
        this.frames = frames;
        this.pos = DepSiteFinder.listPositions(cfg, m);
    }

    /**
     * The carried registers of every loop of method {@code m} of class {@code owner} (internal name),
     * in the order of its loops ({@link LoopSite#ordinal()}). Empty for a method without code or
     * with JSR/RET subroutines.
     *
     * @throws AnalyzerException if the data flow analysis of the method fails (invalid bytecode)
     */
    public static List<LoopRegisters> analyze(String owner, MethodNode m) throws AnalyzerException {
        if ((m.access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0 || m.instructions.size() == 0) {
            return List.of();
        }
        ControlFlowGraph cfg = ControlFlowGraph.build(m);
        if (cfg.hasSubroutines()) {
            return List.of();
        }
        Frame<SourceValue>[] frames = new Analyzer<>(new SourceInterpreter()).analyze(owner, m);
        LoopForest forest = LoopForest.of(cfg, Dominators.of(cfg));
        LoopRegisterAnalysis a = new LoopRegisterAnalysis(m, cfg, frames);
        List<LoopRegisters> out = new ArrayList<>();
        for (int i = 0; i < forest.loops().size(); i++) {
            out.add(new LoopRegisters(i, a.carried(forest.loops().get(i))));
        }
        return List.copyOf(out);
    }

    private List<CarriedRegister> carried(LoopMeta loop) {
        BitSet body = DepSiteFinder.body(loop);
        TreeMap<Integer, List<AbstractInsnNode>> writes = new TreeMap<>();
        TreeMap<Integer, List<AbstractInsnNode>> loads = new TreeMap<>();
        for (int b = body.nextSetBit(0); b >= 0; b = body.nextSetBit(b + 1)) {
            ControlFlowGraph.Block blk = cfg.block(b);
            for (int i = blk.first(); i <= blk.last(); i++) {
                AbstractInsnNode n = cfg.instructions().get(i);
                if (frames[pos[i]] == null) {
                    continue;
                }
                int w = writtenVar(n);
                if (w >= 0) {
                    writes.computeIfAbsent(w, k -> new ArrayList<>()).add(n);
                }
                if (isLoad(n)) {
                    loads.computeIfAbsent(((VarInsnNode) n).var, k -> new ArrayList<>()).add(n);
                }
            }
        }
        List<CarriedRegister> out = new ArrayList<>();
        for (var e : writes.entrySet()) {
            int v = e.getKey();
            if (exposedAtHeader(loop, body, v)) {
                out.add(new CarriedRegister(v, name(v, loop, e.getValue()),
                        classify(v, e.getValue(), loads.getOrDefault(v, List.of()), writes)));
            }
        }
        return List.copyOf(out);
    }

    /** True if a path inside the loop from its header reads {@code v} before writing it. */
    private boolean exposedAtHeader(LoopMeta loop, BitSet body, int v) {
        BitSet seen = new BitSet();
        int[] work = new int[cfg.size()];
        int sp = 0;
        work[sp++] = loop.header();
        seen.set(loop.header());
        while (sp > 0) {
            ControlFlowGraph.Block blk = cfg.block(work[--sp]);
            boolean written = false;
            for (int i = blk.first(); i <= blk.last() && !written; i++) {
                AbstractInsnNode n = cfg.instructions().get(i);
                if ((isLoad(n) && ((VarInsnNode) n).var == v) || (n instanceof IincInsnNode inc && inc.var == v)) {
                    return true;
                }
                written = writtenVar(n) == v;
            }
            for (int[] succ : new int[][] {written ? new int[0] : blk.successors(), blk.exceptionSuccessors()}) {
                for (int s : succ) {
                    if (body.get(s) && !seen.get(s)) {
                        seen.set(s);
                        work[sp++] = s;
                    }
                }
            }
        }
        return false;
    }

    private CarriedRegister.Kind classify(int v, List<AbstractInsnNode> writes, List<AbstractInsnNode> loads,
                                          TreeMap<Integer, List<AbstractInsnNode>> loopWrites) {
        boolean induction = true;
        boolean reduction = true;
        Set<AbstractInsnNode> selfLoads = new HashSet<>();
        for (AbstractInsnNode w : writes) {
            if (w instanceof IincInsnNode) {
                continue;          // x = x + c: both an induction and a reduction step
            }
            Update u = update(v, w);
            if (u == null) {
                return CarriedRegister.Kind.OTHER;
            }
            selfLoads.add(u.selfLoad);
            induction &= u.additive && invariant(u.other, loopWrites);
            reduction &= u.reducing;
        }
        if (induction) {
            return CarriedRegister.Kind.INDUCTION;
        }
        return reduction && selfLoads.containsAll(loads) ? CarriedRegister.Kind.REDUCTION : CarriedRegister.Kind.OTHER;
    }

    /**
     * A store {@code x = x op e}: the load of {@code x} it starts from, the other operand {@code e},
     * whether {@code op} is {@code +}/{@code -} and whether it is a reduction operator.
     */
    private record Update(AbstractInsnNode selfLoad, SourceValue other, boolean additive, boolean reducing) {
    }

    private Update update(int v, AbstractInsnNode store) {
        AbstractInsnNode result = single(top(store, 0));
        AbstractInsnNode op = strip(result);
        if (op == null) {
            return null;
        }
        // an induction steps in its own type; a narrowing to byte, char or short only wraps it
        boolean exact = true;
        for (AbstractInsnNode n = result; n != op; n = single(top(n, 0))) {
            exact &= n.getOpcode() == Opcodes.I2B || n.getOpcode() == Opcodes.I2C || n.getOpcode() == Opcodes.I2S;
        }
        int code = op.getOpcode();
        boolean additive = code >= Opcodes.IADD && code <= Opcodes.DSUB;
        boolean sub = code >= Opcodes.ISUB && code <= Opcodes.DSUB;
        boolean commutative = (code >= Opcodes.IADD && code <= Opcodes.DADD) || (code >= Opcodes.IMUL && code <= Opcodes.DMUL)
                || (code >= Opcodes.IAND && code <= Opcodes.LXOR) || isMinMax(op);
        if (!additive && !commutative) {
            return null;
        }
        SourceValue left = top(op, 1);
        SourceValue right = top(op, 0);
        AbstractInsnNode l = single(left);
        AbstractInsnNode r = single(right);
        if (isLoadOf(strip(l), v)) {
            return new Update(strip(l), right, additive && exact && isLoad(l), true);
        }
        if (!sub && isLoadOf(strip(r), v)) {
            return new Update(strip(r), left, additive && exact && isLoad(r), true);
        }
        return null;
    }

    /** True if {@code e} is a constant or a load of a local the loop does not write. */
    private boolean invariant(SourceValue e, TreeMap<Integer, List<AbstractInsnNode>> loopWrites) {
        AbstractInsnNode n = strip(single(e));
        if (n == null) {
            return false;
        }
        int code = n.getOpcode();
        if ((code >= Opcodes.ICONST_M1 && code <= Opcodes.LDC)) {
            return true;
        }
        return isLoad(n) && !loopWrites.containsKey(((VarInsnNode) n).var);
    }

    private static boolean isMinMax(AbstractInsnNode n) {
        return n instanceof MethodInsnNode c && c.getOpcode() == Opcodes.INVOKESTATIC && c.owner.equals("java/lang/Math")
                && (c.name.equals("min") || c.name.equals("max"));
    }

    /** The value {@code depth} entries below the top of the stack before {@code insn}. */
    private SourceValue top(AbstractInsnNode insn, int depth) {
        Frame<SourceValue> f = frames[m.instructions.indexOf(insn)];
        return f.getStack(f.getStackSize() - 1 - depth);
    }

    private static AbstractInsnNode single(SourceValue v) {
        return v.insns.size() == 1 ? v.insns.iterator().next() : null;
    }

    /** Looks through primitive conversions to the instruction that produced the converted value. */
    private AbstractInsnNode strip(AbstractInsnNode n) {
        while (n != null && n.getOpcode() >= Opcodes.I2L && n.getOpcode() <= Opcodes.I2S) {
            n = single(top(n, 0));
        }
        return n;
    }

    private static boolean isLoadOf(AbstractInsnNode n, int v) {
        return isLoad(n) && ((VarInsnNode) n).var == v;
    }

    private static boolean isLoad(AbstractInsnNode n) {
        return n != null && n.getOpcode() >= Opcodes.ILOAD && n.getOpcode() <= Opcodes.ALOAD;
    }

    /** The slot an {@code xstore} or {@code iinc} writes, else -1. */
    private static int writtenVar(AbstractInsnNode n) {
        if (n.getOpcode() >= Opcodes.ISTORE && n.getOpcode() <= Opcodes.ASTORE) {
            return ((VarInsnNode) n).var;
        }
        return n instanceof IincInsnNode inc ? inc.var : -1;
    }

    /** The variable's name: the table entry live at the loop's header, else at one of its writes. */
    private String name(int v, LoopMeta loop, List<AbstractInsnNode> writes) {
        if (m.localVariables == null) {
            return null;
        }
        int header = pos[cfg.block(loop.header()).first()];
        for (LocalVariableNode lv : m.localVariables) {
            if (lv.index == v && covers(lv, header)) {
                return lv.name;
            }
        }
        for (AbstractInsnNode w : writes) {
            int p = m.instructions.indexOf(w);
            for (LocalVariableNode lv : m.localVariables) {
                // a store's variable is in scope from the instruction after it
                if (lv.index == v && (covers(lv, p) || covers(lv, p + 1))) {
                    return lv.name;
                }
            }
        }
        return null;
    }

    private boolean covers(LocalVariableNode lv, int p) {
        return m.instructions.indexOf(lv.start) <= p && p < m.instructions.indexOf(lv.end);
    }
}
