package io.loupe.instrument.absint;

import io.loupe.data.deps.NestModel;
import io.loupe.data.meta.LoopMeta;
import io.loupe.instrument.deps.AccessSite;
import io.loupe.instrument.deps.DepSites;
import io.loupe.instrument.flow.ArrayTypes;
import io.loupe.instrument.flow.ControlFlowGraph;
import io.loupe.instrument.flow.Dominators;
import io.loupe.instrument.flow.LoopForest;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Finds the loop nests of a method that abstract interpretation at loop entry may decide
 * (docs/absint.md, "Eligible nests") and builds their {@link NestModel}s; says for every other
 * loop why it is not eligible.
 *
 * <p>A loop is eligible when its iterations are a counted sweep the runtime can evaluate from the
 * state the nest starts in, and nothing in it can throw once its accesses are proved in bounds:
 * <ul>
 *   <li>a natural loop tested at its header only, {@code iv STAY bound} with {@code iv} an {@code int}
 *   local changed once per iteration by a constant, and its start and bound linear in the nest's
 *   inputs and the enclosing loops' induction variables (the paper's equations, §V-A, solved in
 *   closed form instead of iterated);</li>
 *   <li>no call, field access, allocation, reference store, cast, division by a non-constant,
 *   monitor, throw or return, and no exception handler over its code (the paper's "no function
 *   calls"; field accesses are left for later);</li>
 *   <li>every array access runs once per iteration (its block dominates the back edge), its array
 *   an input the nest does not assign or a row an {@code aaload} in the nest loaded, its index
 *   linear (the paper's "no indirect memory access"); every inner loop is eligible and entered once
 *   per iteration.</li>
 * </ul>
 * A nest is an eligible loop whose enclosing loop is not.
 */
public final class NestFinder {

    static final int LENGTH_BASE = 0x1_0000;
    private static final int MARKER_BASE = 0x4000_0000;

    /**
     * A nest found: its root loop's ordinal, its model (loop ids are the loops' ordinals in the
     * method, site ids the sites' ordinals, the id 0: {@link #withIds} sets them), and where its
     * code is in the method's instruction list: per block of the root loop's body, in list order,
     * the positions of its first and last instructions; the position of the header's first
     * instruction, and of the first instruction of the block the root exits to.
     */
    public record Nest(int root, NestModel model, int[] firsts, int[] lasts, int header, int exit) {

        /** The model with the method's first loop id and first access site id added, as nest {@code id}. */
        public NestModel withIds(int id, int firstLoop, int firstSite) {
            List<NestModel.Loop> loops = new ArrayList<>();
            for (NestModel.Loop l : model.loops()) {
                loops.add(new NestModel.Loop(firstLoop + l.loopId(), l.parent(), l.slot(), l.init(), l.step(), l.stay(),
                        l.bound(), l.body()));
            }
            List<NestModel.Site> sites = new ArrayList<>();
            for (NestModel.Site s : model.sites()) {
                sites.add(new NestModel.Site(firstSite + s.siteId(), s.store(), s.refKind(), s.ref(), s.index(), s.rows()));
            }
            return new NestModel(id, model.inputs(), loops, sites, model.divisors());
        }

        @Override
        public String toString() {
            return "Nest[root=" + root + ", " + model + "]";
        }
    }

    /**
     * What the finder found in a method.
     *
     * @param nests   the eligible nests, by root loop ordinal
     * @param reasons per loop ordinal, why the loop is in no nest, or null if it is in one
     */
    public record Result(List<Nest> nests, String[] reasons) {
    }

    /** A loop the walk rejected, and why. */
    private static final class Rejected extends Exception {
        final int loop;

        Rejected(int loop, String reason) {
            super(reason, null, false, false);
            this.loop = loop;
        }
    }

    private final MethodNode m;
    private final DepSites sites;
    private final ControlFlowGraph cfg;
    private final Dominators dom;
    private final List<LoopMeta> loops;
    private final BitSet[] bodies;
    private final List<List<Integer>> children = new ArrayList<>();
    private final Frame<BasicValue>[] types;
    private final int[] pos;                       // real instruction → list position
    private final AbstractInsnNode[] nodes;
    private final Map<AbstractInsnNode, Integer> siteAt = new IdentityHashMap<>();
    /** Per loop: the locals its blocks assign. */
    private final Map<Integer, BitSet> assigned = new HashMap<>();

    private NestFinder(String owner, MethodNode m, DepSites sites) throws AnalyzerException {
        this.m = m;
        this.sites = sites;
        this.cfg = ControlFlowGraph.build(m);
        this.dom = Dominators.of(cfg);
        this.loops = LoopForest.of(cfg, dom).loops();
        this.types = new Analyzer<>(new ArrayTypes()).analyze(owner, m);
        this.nodes = m.instructions.toArray();
        List<AbstractInsnNode> insns = cfg.instructions();
        this.pos = new int[insns.size()];
        for (int i = 0; i < pos.length; i++) {
            pos[i] = m.instructions.indexOf(insns.get(i));
        }
        this.bodies = new BitSet[loops.size()];
        for (int l = 0; l < loops.size(); l++) {
            bodies[l] = new BitSet();
            for (int b : loops.get(l).blocks()) {
                bodies[l].set(b);
            }
            children.add(new ArrayList<>());
        }
        for (int l = 0; l < loops.size(); l++) {
            if (loops.get(l).parent() >= 0) {
                children.get(loops.get(l).parent()).add(l);
            }
        }
        for (AccessSite s : sites.accesses()) {
            siteAt.put(nodes[s.position()], s.ordinal());
        }
    }

    /** The nests of method {@code m} of class {@code owner}, whose dependence model is {@code sites}. */
    public static Result find(String owner, MethodNode m, DepSites sites) throws AnalyzerException {
        if (sites.loops().isEmpty()) {
            return new Result(List.of(), new String[0]);
        }
        return new NestFinder(owner, m, sites).find();
    }

    private Result find() {
        int n = loops.size();
        String[] own = new String[n];
        for (int l = 0; l < n; l++) {
            own[l] = ownReason(l);
        }
        while (true) {
            String[] reasons = subtreeReasons(own);
            List<Nest> nests = new ArrayList<>();
            Rejected rejected = null;
            for (int l = 0; l < n && rejected == null; l++) {
                int p = loops.get(l).parent();
                if (reasons[l] == null && (p < 0 || reasons[p] != null)) {
                    try {
                        nests.add(new Walk(l).nest());
                    } catch (Rejected r) {
                        rejected = r;
                    }
                }
            }
            if (rejected == null) {
                return new Result(List.copyOf(nests), reasons);
            }
            if (own[rejected.loop] != null) {
                throw new IllegalStateException("loop " + rejected.loop + " rejected twice: " + rejected.getMessage());
            }
            own[rejected.loop] = rejected.getMessage();   // and try again without it: each try rejects a new loop
        }
    }

    /**
     * Per loop, its own reason or that of the first inner loop that has one. Loops are taken
     * deepest first: ordered by header, a loop tested at its bottom (older javac) comes after the
     * loops inside it.
     */
    private String[] subtreeReasons(String[] own) {
        String[] out = own.clone();
        Integer[] deepestFirst = new Integer[loops.size()];
        for (int l = 0; l < deepestFirst.length; l++) {
            deepestFirst[l] = l;
        }
        java.util.Arrays.sort(deepestFirst, (a, b) -> Integer.compare(loops.get(b).depth(), loops.get(a).depth()));
        for (int l : deepestFirst) {
            if (out[l] == null) {
                for (int c : children.get(l)) {
                    if (out[c] != null) {
                        out[l] = "inner loop: " + out[c].replaceFirst("^inner loop: ", "");
                        break;
                    }
                }
            }
        }
        return out;
    }

    /** Why loop {@code l}'s own shape or code makes it ineligible, or null. */
    private String ownReason(int l) {
        LoopMeta loop = loops.get(l);
        if (!loop.reducible()) {
            return "irreducible";
        }
        if (loop.backEdgeSources().length != 1) {
            return "several back edges";
        }
        BitSet body = bodies[l];
        int header = loop.header();
        for (int b = body.nextSetBit(0); b >= 0; b = body.nextSetBit(b + 1)) {
            ControlFlowGraph.Block block = cfg.block(b);
            if (block.exceptionSuccessors().length > 0) {
                return "exception handler";
            }
            if (block.exits()) {
                return "return or throw";
            }
            for (int s : block.successors()) {
                if (!body.get(s) && b != header) {
                    return "exit other than the loop test";
                }
            }
            for (int i = block.first(); i <= block.last(); i++) {
                String r = instructionReason(nodes[pos[i]]);
                if (r != null) {
                    return r;
                }
            }
        }
        for (TryCatchBlockNode t : m.tryCatchBlocks) {
            int from = m.instructions.indexOf(t.start);
            int to = m.instructions.indexOf(t.end);
            for (int b = body.nextSetBit(0); b >= 0; b = body.nextSetBit(b + 1)) {
                int first = pos[cfg.block(b).first()];
                int last = pos[cfg.block(b).last()];
                if (first < to && last >= from) {
                    return "exception handler";
                }
            }
        }
        return null;
    }

    private static String instructionReason(AbstractInsnNode n) {
        int op = n.getOpcode();
        return switch (op) {
            case Opcodes.INVOKEVIRTUAL, Opcodes.INVOKESPECIAL, Opcodes.INVOKESTATIC, Opcodes.INVOKEINTERFACE,
                 Opcodes.INVOKEDYNAMIC -> "call";
            case Opcodes.GETFIELD, Opcodes.PUTFIELD, Opcodes.GETSTATIC, Opcodes.PUTSTATIC -> "field access";
            case Opcodes.NEW, Opcodes.NEWARRAY, Opcodes.ANEWARRAY, Opcodes.MULTIANEWARRAY -> "allocation";
            case Opcodes.AASTORE -> "reference store";
            case Opcodes.CHECKCAST -> "cast";
            case Opcodes.MONITORENTER, Opcodes.MONITOREXIT, Opcodes.ATHROW -> "monitor or throw";
            case Opcodes.IRETURN, Opcodes.LRETURN, Opcodes.FRETURN, Opcodes.DRETURN, Opcodes.ARETURN,
                 Opcodes.RETURN -> "return or throw";
            default -> null;
        };
    }

    // ---- the symbolic walk of one nest ----

    private static int marker(int loop, int slot) {
        return MARKER_BASE | loop << 16 | slot;
    }

    private static boolean isMarker(int v) {
        return (v & MARKER_BASE) != 0;
    }

    /** What the walk learnt of one loop. */
    private static final class LoopBuild {
        final int ordinal;
        int parent = -1;
        int slot;
        Lin init;
        int step;
        NestModel.Stay stay;
        Lin bound;
        final List<Integer> body = new ArrayList<>();   // site ordinal, or -1 - loop ordinal

        LoopBuild(int ordinal) {
            this.ordinal = ordinal;
        }
    }

    private final class Walk {
        final int root;
        final SymInterpreter interpreter = new SymInterpreter(siteAt);
        final Map<Integer, LoopBuild> builds = new TreeMap<>();
        final Map<Integer, Sym[]> siteOperands = new TreeMap<>();   // site ordinal → array, index
        final List<Integer> rowSites = new ArrayList<>();
        final List<Lin> divisors = new ArrayList<>();

        Walk(int root) {
            this.root = root;
        }

        Nest nest() throws Rejected {
            Frame<Sym> entry = new Frame<>(m.maxLocals, m.maxStack);
            Frame<BasicValue> header = types[pos[cfg.block(loops.get(root).header()).first()]];
            for (int s = 0; s < m.maxLocals; s++) {
                BasicValue t = header.getLocal(s);
                Sym v;
                if (t == BasicValue.INT_VALUE) {
                    v = Sym.of(Lin.variable(s));
                } else if (t != null && t.isReference()) {
                    v = Sym.inputReference(s);
                } else {
                    v = Sym.unknown(t == null || t.getSize() == 0 ? 1 : t.getSize());
                }
                entry.setLocal(s, v);
            }
            walk(root, entry);
            BitSet blocks = bodies[root];
            List<int[]> ranges = new ArrayList<>();
            for (int b = blocks.nextSetBit(0); b >= 0; b = blocks.nextSetBit(b + 1)) {
                ranges.add(new int[] {pos[cfg.block(b).first()], pos[cfg.block(b).last()]});
            }
            ranges.sort(java.util.Comparator.comparingInt(r -> r[0]));
            int[] firsts = ranges.stream().mapToInt(r -> r[0]).toArray();
            int[] lasts = ranges.stream().mapToInt(r -> r[1]).toArray();
            return new Nest(root, model(), firsts, lasts, pos[cfg.block(loops.get(root).header()).first()],
                    pos[cfg.block(exitOf(root)).first()]);
        }

        /** Walks loop {@code l} entered with {@code entry}; returns the frame at its exit. */
        Frame<Sym> walk(int l, Frame<Sym> entry) throws Rejected {
            LoopMeta loop = loops.get(l);
            LoopBuild build = new LoopBuild(l);
            builds.put(l, build);
            BitSet body = bodies[l];
            BitSet own = (BitSet) body.clone();
            for (int c : children.get(l)) {
                own.andNot(bodies[c]);
            }
            // locals the loop assigns: at its header, an int assigned in its own blocks only is a
            // candidate induction variable (a marker); any other is unknown
            BitSet assigned = assignedIn(l);
            BitSet inChildren = new BitSet();
            for (int c : children.get(l)) {
                inChildren.or(assignedIn(c));
            }
            Frame<BasicValue> headerTypes = types[pos[cfg.block(loop.header()).first()]];
            Frame<Sym> at = new Frame<>(entry);
            for (int s = assigned.nextSetBit(0); s >= 0; s = assigned.nextSetBit(s + 1)) {
                BasicValue t = headerTypes.getLocal(s);
                if (t == BasicValue.INT_VALUE && !inChildren.get(s)) {
                    at.setLocal(s, Sym.of(Lin.variable(marker(l, s))));
                } else if (t != null && t.getSize() == 2) {
                    at.setLocal(s, Sym.UNKNOWN_WIDE);
                    at.setLocal(s + 1, Sym.UNKNOWN);
                } else {
                    at.setLocal(s, Sym.UNKNOWN);
                }
            }
            if (at.getStackSize() != 0) {
                throw new Rejected(l, "values on the stack at the loop header");
            }
            // the header: no access, ends with the loop test
            ControlFlowGraph.Block h = cfg.block(loop.header());
            for (int i = h.first(); i <= h.last(); i++) {
                if (siteAt.containsKey(nodes[pos[i]])) {
                    throw new Rejected(l, "access in the loop test");
                }
                execute(at, nodes[pos[i]], l);
            }
            AbstractInsnNode test = nodes[pos[h.last()]];
            if (!(test instanceof JumpInsnNode jump) || test.getOpcode() == Opcodes.GOTO) {
                throw new Rejected(l, "no loop test at the header");
            }
            boolean jumpExits = !body.get(cfg.blockAt(jump.label));
            int inside = -1;
            for (int s : h.successors()) {
                if (body.get(s)) {
                    inside = s;
                }
            }
            loopTest(build, jump, jumpExits, l);
            // the body's own blocks in reverse postorder; inner loops as they are entered
            int latch = loop.backEdgeSources()[0];
            Map<Integer, Frame<Sym>> incoming = new HashMap<>();
            incoming.put(inside, at);
            Frame<Sym> latchFrame = inside == loop.header() ? at : null;
            for (int b : dom.reversePostorder()) {
                if (!own.get(b) || b == loop.header()) {
                    continue;
                }
                Frame<Sym> f = incoming.get(b);
                if (f == null) {
                    continue;   // reached only through an inner loop's exit, handled below
                }
                f = new Frame<>(f);
                ControlFlowGraph.Block block = cfg.block(b);
                boolean once = dom.dominates(b, latch);
                for (int i = block.first(); i <= block.last(); i++) {
                    AbstractInsnNode n = nodes[pos[i]];
                    Integer site = siteAt.get(n);
                    if (site != null) {
                        if (!once) {
                            throw new Rejected(l, "access not run on every iteration");
                        }
                        build.body.add(site);
                    }
                    execute(f, n, l);
                }
                for (int s : block.successors()) {
                    Frame<Sym> out = f;
                    int target = s;
                    // inner loops entered here, and the ones their exits enter in turn
                    while (isChildHeader(l, target)) {
                        int c = childWithHeader(l, target);
                        if (!once) {
                            throw new Rejected(l, "inner loop not run on every iteration");
                        }
                        if (loops.get(c).header() != target || entriesOf(c) != 1) {
                            throw new Rejected(l, "inner loop with several entries");
                        }
                        builds.get(l).body.add(-1 - c);
                        out = walk(c, out);
                        builds.get(c).parent = l;
                        target = exitOf(c);
                    }
                    if (target == loop.header()) {
                        if (b != latch) {
                            throw new Rejected(l, "several back edges");
                        }
                        latchFrame = out;
                    } else if (own.get(target)) {
                        Frame<Sym> prev = incoming.get(target);
                        if (prev == null) {
                            incoming.put(target, new Frame<>(out));
                        } else {
                            try {
                                prev.merge(out, interpreter);
                            } catch (AnalyzerException e) {
                                throw new Rejected(l, "frames do not merge: " + e.getMessage());
                            }
                        }
                    } else {
                        throw new Rejected(l, "exit other than the loop test");
                    }
                }
            }
            if (latchFrame == null) {
                throw new Rejected(l, "no back edge reached");
            }
            Sym next = latchFrame.getLocal(build.slot);
            Lin iv = Lin.variable(marker(l, build.slot));
            if (next.lin == null || !next.lin.minus(iv).isConstant() || next.lin.minus(iv).constantTerm() == 0) {
                throw new Rejected(l, "induction variable not changed by a constant");
            }
            build.step = next.lin.minus(iv).constantTerm();
            Sym start = entry.getLocal(build.slot);
            if (start.lin == null) {
                throw new Rejected(l, "induction variable's start not linear");
            }
            build.init = start.lin;
            // the frame at the exit: what the loop assigned is unknown there
            Frame<Sym> exit = new Frame<>(entry);
            for (int s = assigned.nextSetBit(0); s >= 0; s = assigned.nextSetBit(s + 1)) {
                BasicValue t = headerTypes.getLocal(s);
                if (t != null && t.getSize() == 2) {
                    exit.setLocal(s, Sym.UNKNOWN_WIDE);
                    exit.setLocal(s + 1, Sym.UNKNOWN);
                } else {
                    exit.setLocal(s, Sym.UNKNOWN);
                }
            }
            return exit;
        }

        /** The loop's test: which induction variable, compared how with what. */
        private void loopTest(LoopBuild build, JumpInsnNode jump, boolean jumpExits, int l) throws Rejected {
            Sym[] ops = interpreter.operands.get(jump);
            int op = jump.getOpcode();
            Lin a;
            Lin b;
            if (op >= Opcodes.IF_ICMPEQ && op <= Opcodes.IF_ICMPLE) {
                a = ops[0].lin;
                b = ops[1].lin;
            } else if (op >= Opcodes.IFEQ && op <= Opcodes.IFLE) {
                a = ops[0].lin;
                b = Lin.constant(0);
            } else {
                throw new Rejected(l, "loop test not on ints");
            }
            if (a == null || b == null) {
                throw new Rejected(l, "loop test not linear");
            }
            // the jump is taken when a REL b; the loop stays when the jump is not taken if it exits
            String rel = switch (op) {
                case Opcodes.IF_ICMPEQ, Opcodes.IFEQ -> "==";
                case Opcodes.IF_ICMPNE, Opcodes.IFNE -> "!=";
                case Opcodes.IF_ICMPLT, Opcodes.IFLT -> "<";
                case Opcodes.IF_ICMPGE, Opcodes.IFGE -> ">=";
                case Opcodes.IF_ICMPGT, Opcodes.IFGT -> ">";
                default -> "<=";
            };
            if (jumpExits) {
                rel = switch (rel) {
                    case "==" -> "!=";
                    case "!=" -> "==";
                    case "<" -> ">=";
                    case ">=" -> "<";
                    case ">" -> "<=";
                    default -> ">";
                };
            }
            // stay while g REL 0, g = a - b; g = c·iv + r with c = ±1
            Lin g = a.minus(b);
            int iv = -1;
            for (int v : g.variables()) {
                if (isMarker(v) && (v >>> 16 & 0x3FFF) == l) {
                    if (iv >= 0) {
                        throw new Rejected(l, "loop test on two variables the loop changes");
                    }
                    iv = v;
                }
            }
            if (iv < 0) {
                throw new Rejected(l, "loop test on no variable the loop changes");
            }
            int c = g.coefficient(iv);
            if (c != 1 && c != -1) {
                throw new Rejected(l, "loop test on a multiple of the induction variable");
            }
            Lin rest = g.without(iv);
            if (c == 1) {   // iv + rest REL 0  ⟺  iv REL -rest
                build.bound = rest.times(-1);
            } else {        // -iv + rest REL 0  ⟺  iv REL' rest
                build.bound = rest;
                rel = switch (rel) {
                    case "<" -> ">";
                    case ">" -> "<";
                    case "<=" -> ">=";
                    case ">=" -> "<=";
                    default -> rel;
                };
            }
            build.stay = switch (rel) {
                case "<" -> NestModel.Stay.LT;
                case "<=" -> NestModel.Stay.LE;
                case ">" -> NestModel.Stay.GT;
                case ">=" -> NestModel.Stay.GE;
                case "!=" -> NestModel.Stay.NE;
                default -> throw new Rejected(l, "loop runs while two values are equal");
            };
            build.slot = iv & 0xFFFF;
        }

        private void execute(Frame<Sym> f, AbstractInsnNode n, int l) throws Rejected {
            if (n.getOpcode() < 0) {
                return;
            }
            try {
                f.execute(n, interpreter);
            } catch (AnalyzerException e) {
                throw new Rejected(l, "symbolic evaluation failed: " + e.getMessage());
            }
            int op = n.getOpcode();
            if (op == Opcodes.IDIV || op == Opcodes.IREM || op == Opcodes.LDIV || op == Opcodes.LREM) {
                Sym d = interpreter.operands.get(n)[1];
                if (d.lin == null) {
                    throw new Rejected(l, "division by a value that may be 0");
                }
                if (!d.lin.isConstant()) {
                    divisors.add(d.lin);   // the runtime proves it is not 0
                } else if (d.lin.constantTerm() == 0) {
                    throw new Rejected(l, "division by 0");
                }
            }
            Integer site = siteAt.get(n);
            if (site != null) {
                Sym[] ops = interpreter.operands.get(n);
                if (ops == null) {
                    throw new Rejected(l, "bulk access");
                }
                Sym array = ops[0];
                Sym index = ops[1];
                if (!array.isReference()) {
                    throw new Rejected(l, "array read from memory the nest may change");
                }
                if (index.lin == null) {
                    throw new Rejected(l, "index not linear");
                }
                siteOperands.put(site, ops);
                if (array.loadedBy >= 0 && !rowSites.contains(array.loadedBy)) {
                    rowSites.add(array.loadedBy);
                }
            }
        }

        private boolean isChildHeader(int l, int b) {
            return childWithHeader(l, b) >= 0;
        }

        private int childWithHeader(int l, int b) {
            for (int c : children.get(l)) {
                if (loops.get(c).header() == b) {
                    return c;
                }
            }
            return -1;
        }

        private int entriesOf(int c) {
            int n = 0;
            int header = loops.get(c).header();
            for (int b = 0; b < cfg.size(); b++) {
                if (!bodies[c].get(b) && dom.reachable(b)) {
                    for (int s : cfg.block(b).successors()) {
                        if (s == header) {
                            n++;
                        }
                    }
                }
            }
            return n;
        }

        /** The block an eligible loop exits to: its header's successor outside it. */
        private int exitOf(int c) {
            for (int s : cfg.block(loops.get(c).header()).successors()) {
                if (!bodies[c].get(s)) {
                    return s;
                }
            }
            throw new IllegalStateException("loop " + c + " has no exit");
        }

        /** The locals loop {@code l}'s blocks assign (once per loop: the finder may walk a loop again). */
        private BitSet assignedIn(int l) {
            return assigned.computeIfAbsent(l, k -> assignedIn(bodies[k]));
        }

        private BitSet assignedIn(BitSet blocks) {
            BitSet out = new BitSet();
            for (int b = blocks.nextSetBit(0); b >= 0; b = blocks.nextSetBit(b + 1)) {
                ControlFlowGraph.Block block = cfg.block(b);
                for (int i = block.first(); i <= block.last(); i++) {
                    AbstractInsnNode n = nodes[pos[i]];
                    if (n instanceof IincInsnNode inc) {
                        out.set(inc.var);
                    } else if (n instanceof VarInsnNode v && v.getOpcode() >= Opcodes.ISTORE && v.getOpcode() <= Opcodes.ASTORE) {
                        out.set(v.var);
                    }
                }
            }
            return out;
        }

        // ---- the model ----

        private NestModel model() throws Rejected {
            // loops in preorder from the root, each loop's children in body order
            List<Integer> order = new ArrayList<>();
            preorder(root, order);
            Map<Integer, Integer> loopIndex = new HashMap<>();
            for (int i = 0; i < order.size(); i++) {
                loopIndex.put(order.get(i), i);
            }
            List<Integer> siteOrder = new ArrayList<>(siteOperands.keySet());   // bytecode order
            Map<Integer, Integer> siteIndex = new HashMap<>();
            for (int i = 0; i < siteOrder.size(); i++) {
                siteIndex.put(siteOrder.get(i), i);
            }
            // inputs: ints, lengths and references the forms and arrays use
            TreeMap<Long, NestModel.Input> inputs = new TreeMap<>();
            List<Lin> forms = new ArrayList<>();
            for (LoopBuild b : builds.values()) {
                forms.add(b.init);
                forms.add(b.bound);
            }
            forms.addAll(divisors);
            for (Sym[] ops : siteOperands.values()) {
                forms.add(ops[1].lin);
                if (ops[0].inputSlot >= 0) {
                    inputs.put(key(ops[0].inputSlot, NestModel.InputKind.REFERENCE),
                            input(ops[0].inputSlot, NestModel.InputKind.REFERENCE));
                }
            }
            for (Lin f : forms) {
                for (int v : f.variables()) {
                    if (isMarker(v)) {
                        int loop = v >>> 16 & 0x3FFF;
                        LoopBuild b = builds.get(loop);
                        if (b == null || b.slot != (v & 0xFFFF)) {
                            throw new Rejected(loop, "address or bound uses a value the loop carries");
                        }
                    } else if (v >= LENGTH_BASE) {
                        inputs.put(key(v - LENGTH_BASE, NestModel.InputKind.LENGTH),
                                input(v - LENGTH_BASE, NestModel.InputKind.LENGTH));
                    } else {
                        inputs.put(key(v, NestModel.InputKind.INT), input(v, NestModel.InputKind.INT));
                    }
                }
            }
            List<NestModel.Input> inputList = new ArrayList<>(inputs.values());
            Map<Long, Integer> inputIndex = new HashMap<>();
            int k = 0;
            for (Long key : inputs.keySet()) {
                inputIndex.put(key, k++);
            }
            int nInputs = inputList.size();
            java.util.function.IntUnaryOperator rename = v -> {
                if (isMarker(v)) {
                    return nInputs + loopIndex.get(v >>> 16 & 0x3FFF);
                }
                if (v >= LENGTH_BASE) {
                    return inputIndex.get(key(v - LENGTH_BASE, NestModel.InputKind.LENGTH));
                }
                return inputIndex.get(key(v, NestModel.InputKind.INT));
            };
            List<NestModel.Loop> modelLoops = new ArrayList<>();
            for (int ordinal : order) {
                LoopBuild b = builds.get(ordinal);
                int[] body = new int[b.body.size()];
                for (int i = 0; i < body.length; i++) {
                    int item = b.body.get(i);
                    body[i] = item >= 0 ? siteIndex.get(item) : -1 - loopIndex.get(-1 - item);
                }
                modelLoops.add(new NestModel.Loop(ordinal, b.parent < 0 ? -1 : loopIndex.get(b.parent), b.slot,
                        b.init.affine(rename), b.step, b.stay, b.bound.affine(rename), body));
            }
            List<NestModel.Site> modelSites = new ArrayList<>();
            for (int ordinal : siteOrder) {
                Sym[] ops = siteOperands.get(ordinal);
                AccessSite s = sites.accesses().get(ordinal);
                boolean byInput = ops[0].inputSlot >= 0;
                int ref = byInput ? inputIndex.get(key(ops[0].inputSlot, NestModel.InputKind.REFERENCE))
                        : siteIndex.get(ops[0].loadedBy);
                modelSites.add(new NestModel.Site(ordinal, s.writes(),
                        byInput ? NestModel.RefKind.INPUT : NestModel.RefKind.LOADED, ref, ops[1].lin.affine(rename),
                        rowSites.contains(ordinal)));
            }
            List<NestModel.Affine> modelDivisors = new ArrayList<>();
            for (Lin d : divisors) {
                NestModel.Affine a = d.affine(rename);
                if (!modelDivisors.contains(a)) {
                    modelDivisors.add(a);
                }
            }
            return new NestModel(0, inputList, modelLoops, modelSites, modelDivisors);
        }

        private void preorder(int l, List<Integer> out) {
            out.add(l);
            for (int item : builds.get(l).body) {
                if (item < 0) {
                    preorder(-1 - item, out);
                }
            }
        }
    }

    private static long key(int slot, NestModel.InputKind kind) {
        return (long) slot << 2 | kind.ordinal();
    }

    private NestModel.Input input(int slot, NestModel.InputKind kind) {
        String name = "#" + slot;
        if (m.localVariables != null) {
            for (LocalVariableNode v : m.localVariables) {
                if (v.index == slot) {
                    name = v.name;
                    break;
                }
            }
        }
        return new NestModel.Input(slot, kind, name);
    }

}
