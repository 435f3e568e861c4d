package io.loupe.instrument.flow;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The basic blocks of a method's bytecode and the edges between them.
 *
 * <p>A block starts at the first instruction, at every jump or switch target, at every exception
 * handler, and after every jump, switch, return and throw. Normal edges follow jumps, switches
 * and fall-through; parallel edges (a switch with several keys to one target, {@code ifeq L; L:})
 * are merged, because a path is a sequence of blocks. Exceptional edges run from every block with
 * an instruction inside a try range to that range's handler; they matter for dominators and loop
 * bodies but carry no probes (an exception ends the current path, the handler starts a new one).
 *
 * <p>Instructions are numbered as they appear in the method's instruction list, counting only
 * real instructions (labels, line numbers and frames do not count).
 */
public final class ControlFlowGraph {

    private final List<AbstractInsnNode> insns;
    private final int[] blockOfInsn;
    private final List<Block> blocks;
    private final boolean hasSubroutines;

    /** A basic block: instruction range, source lines, successors. */
    public static final class Block {
        final int index;
        final int first;
        final int last;
        final boolean handler;
        final int[] lines;
        final int[] succ;
        final int[] excSucc;
        final boolean exits;

        Block(int index, int first, int last, boolean handler, int[] lines, int[] succ, int[] excSucc, boolean exits) {
            this.index = index;
            this.first = first;
            this.last = last;
            this.handler = handler;
            this.lines = lines;
            this.succ = succ;
            this.excSucc = excSucc;
            this.exits = exits;
        }

        public int index() {
            return index;
        }

        /** Index of the first instruction. */
        public int first() {
            return first;
        }

        /** Index of the last instruction. */
        public int last() {
            return last;
        }

        /** True if this block is the entry of an exception handler. */
        public boolean handler() {
            return handler;
        }

        /** Distinct source lines in order of first appearance. */
        public int[] lines() {
            return lines;
        }

        /** Normal successors, without duplicates. */
        public int[] successors() {
            return succ;
        }

        /** Handlers that an exception raised in this block can reach. */
        public int[] exceptionSuccessors() {
            return excSucc;
        }

        /** True if the block ends with a return or athrow (an edge to the virtual exit). */
        public boolean exits() {
            return exits;
        }
    }

    private final MethodNode method;
    private final int[] realIndex;     // list index → real instruction number, -1 for pseudo-instructions

    private ControlFlowGraph(MethodNode method, List<AbstractInsnNode> insns, int[] realIndex, int[] blockOfInsn,
                             List<Block> blocks, boolean hasSubroutines) {
        this.method = method;
        this.insns = insns;
        this.realIndex = realIndex;
        this.blockOfInsn = blockOfInsn;
        this.blocks = blocks;
        this.hasSubroutines = hasSubroutines;
    }

    /** Builds the graph of a method that has code. */
    public static ControlFlowGraph build(MethodNode m) {
        int listSize = m.instructions.size();
        int[] realIndex = new int[listSize];
        List<AbstractInsnNode> insns = new ArrayList<>();
        int[] lineOf = new int[listSize];
        int line = 0;
        boolean subroutines = false;
        int li = 0;
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext(), li++) {
            if (n instanceof LineNumberNode ln) {
                line = ln.line;
            }
            if (n.getOpcode() >= 0) {
                realIndex[li] = insns.size();
                lineOf[insns.size()] = line;
                insns.add(n);
                subroutines |= n.getOpcode() == Opcodes.JSR || n.getOpcode() == Opcodes.RET;
            } else {
                realIndex[li] = -1;
            }
        }
        int count = insns.size();
        boolean[] leader = new boolean[count + 1];
        boolean[] handlerStart = new boolean[count + 1];
        leader[0] = true;
        FirstReal first = new FirstReal(m, realIndex);
        for (int i = 0; i < count; i++) {
            AbstractInsnNode n = insns.get(i);
            for (LabelNode target : targets(n)) {
                leader[first.of(target)] = true;
            }
            if (endsBlock(n)) {
                leader[i + 1] = true;
            }
        }
        for (TryCatchBlockNode tcb : m.tryCatchBlocks) {
            int h = first.of(tcb.handler);
            leader[h] = true;
            handlerStart[h] = true;
        }
        int[] blockOf = new int[count];
        List<int[]> ranges = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            if (leader[i]) {
                ranges.add(new int[] {i, i});
            }
            int b = ranges.size() - 1;
            blockOf[i] = b;
            ranges.get(b)[1] = i;
        }
        List<Block> blocks = new ArrayList<>(ranges.size());
        for (int b = 0; b < ranges.size(); b++) {
            int lo = ranges.get(b)[0];
            int hi = ranges.get(b)[1];
            AbstractInsnNode last = insns.get(hi);
            Set<Integer> succ = new LinkedHashSet<>();
            if (!isUnconditional(last) && hi + 1 < count) {
                succ.add(blockOf[hi + 1]);
            }
            for (LabelNode target : targets(last)) {
                succ.add(blockOf[first.of(target)]);
            }
            Set<Integer> exc = new LinkedHashSet<>();
            for (TryCatchBlockNode tcb : m.tryCatchBlocks) {
                int s = first.of(tcb.start);
                int e = first.of(tcb.end);   // exclusive
                if (lo < e && hi >= s) {
                    exc.add(blockOf[first.of(tcb.handler)]);
                }
            }
            int op = last.getOpcode();
            boolean exits = (op >= Opcodes.IRETURN && op <= Opcodes.RETURN) || op == Opcodes.ATHROW;
            blocks.add(new Block(b, lo, hi, handlerStart[lo], distinctLines(lineOf, lo, hi), toArray(succ), toArray(exc), exits));
        }
        return new ControlFlowGraph(m, insns, realIndex, blockOf, blocks, subroutines);
    }

    /** Resolves labels to the number of the first real instruction at or after them. */
    private static final class FirstReal {
        private final MethodNode m;
        private final int[] realIndex;
        private final int count;

        FirstReal(MethodNode m, int[] realIndex) {
            this.m = m;
            this.realIndex = realIndex;
            int c = 0;
            for (int r : realIndex) {
                c += r >= 0 ? 1 : 0;
            }
            this.count = c;
        }

        /** The first real instruction at or after {@code label}; {@code count} if none (end of code). */
        int of(AbstractInsnNode label) {
            for (int i = m.instructions.indexOf(label); i < realIndex.length; i++) {
                if (realIndex[i] >= 0) {
                    return realIndex[i];
                }
            }
            return count;
        }
    }

    /** The labels a jump or switch goes to (none for any other instruction). */
    public static List<LabelNode> targets(AbstractInsnNode n) {
        if (n instanceof JumpInsnNode j) {
            return List.of(j.label);
        }
        if (n instanceof TableSwitchInsnNode t) {
            List<LabelNode> l = new ArrayList<>(t.labels);
            l.add(t.dflt);
            return l;
        }
        if (n instanceof LookupSwitchInsnNode s) {
            List<LabelNode> l = new ArrayList<>(s.labels);
            l.add(s.dflt);
            return l;
        }
        return List.of();
    }

    /** True if a block ends after {@code n}: a jump, switch, return, throw or {@code ret}. */
    public static boolean endsBlock(AbstractInsnNode n) {
        int op = n.getOpcode();
        return n instanceof JumpInsnNode || n instanceof TableSwitchInsnNode || n instanceof LookupSwitchInsnNode
                || (op >= Opcodes.IRETURN && op <= Opcodes.RETURN) || op == Opcodes.ATHROW || op == Opcodes.RET;
    }

    /** True if control never falls through to the next instruction. */
    public static boolean isUnconditional(AbstractInsnNode n) {
        int op = n.getOpcode();
        return op == Opcodes.GOTO || op == Opcodes.JSR || op == Opcodes.RET || n instanceof TableSwitchInsnNode
                || n instanceof LookupSwitchInsnNode || (op >= Opcodes.IRETURN && op <= Opcodes.RETURN) || op == Opcodes.ATHROW;
    }

    private static int[] distinctLines(int[] lineOf, int lo, int hi) {
        Set<Integer> lines = new LinkedHashSet<>();
        for (int i = lo; i <= hi; i++) {
            if (lineOf[i] > 0) {
                lines.add(lineOf[i]);
            }
        }
        return toArray(lines);
    }

    private static int[] toArray(Set<Integer> s) {
        int[] a = new int[s.size()];
        int i = 0;
        for (int v : s) {
            a[i++] = v;
        }
        return a;
    }

    public MethodNode method() {
        return method;
    }

    public List<Block> blocks() {
        return blocks;
    }

    public Block block(int i) {
        return blocks.get(i);
    }

    public int size() {
        return blocks.size();
    }

    /** The real instructions of the method, in order. */
    public List<AbstractInsnNode> instructions() {
        return insns;
    }

    /** The block holding real instruction number {@code insn}. */
    public int blockOf(int insn) {
        return blockOfInsn[insn];
    }

    /** The block that starts at (the first real instruction after) {@code label}. */
    public int blockAt(LabelNode label) {
        for (int i = method.instructions.indexOf(label); i < realIndex.length; i++) {
            if (realIndex[i] >= 0) {
                return blockOfInsn[realIndex[i]];
            }
        }
        throw new IllegalArgumentException("label after the last instruction");
    }

    /** True if the method uses JSR/RET subroutines (pre-Java-6 bytecode); such methods are not instrumented. */
    public boolean hasSubroutines() {
        return hasSubroutines;
    }
}
