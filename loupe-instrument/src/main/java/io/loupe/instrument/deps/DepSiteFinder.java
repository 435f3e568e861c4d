package io.loupe.instrument.deps;

import io.loupe.data.meta.LoopMeta;
import io.loupe.instrument.flow.ArrayTypes;
import io.loupe.instrument.flow.ControlFlowGraph;
import io.loupe.instrument.flow.Dominators;
import io.loupe.instrument.flow.LoopForest;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;

/**
 * Finds what the dependence profiler instruments in a method's original bytecode (docs/deps.md,
 * "Static model"): in bytecode order its heap access sites and call sites, its loops with their
 * entry, iteration and exit edges, and its exception handlers with the loops that enclose them.
 *
 * <p>Access sites are {@code getfield}, {@code putfield}, {@code getstatic}, {@code putstatic}, every
 * array load and store, and the calls of bulk array operations ({@code System.arraycopy},
 * {@code Arrays.fill}, {@code Arrays.copyOf}, {@code Arrays.copyOfRange}, {@code clone()} of an
 * array type), one site per call. Every other {@code invoke*} is a call site. Instructions no path
 * reaches are not sites. A store that writes back an update of a load of the same location, and an
 * array access's array, are recognised by {@link MemoryUpdates}. A method without code or with JSR/RET subroutines has an empty model.
 */
public final class DepSiteFinder {

    private DepSiteFinder() {
    }

    /**
     * The model of method {@code m} of class {@code owner} (internal name); the method is not changed.
     *
     * @throws AnalyzerException if the data flow analysis of the method fails (invalid bytecode)
     */
    public static DepSites find(String owner, MethodNode m) throws AnalyzerException {
        if ((m.access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0 || m.instructions.size() == 0) {
            return DepSites.EMPTY;
        }
        ControlFlowGraph cfg = ControlFlowGraph.build(m);
        if (cfg.hasSubroutines()) {
            return DepSites.EMPTY;
        }
        Frame<BasicValue>[] frames = new Analyzer<>(new ArrayTypes()).analyze(owner, m);
        List<AccessSite> accesses = new ArrayList<>();
        List<CallSite> calls = new ArrayList<>();
        int line = -1;
        int position = 0;
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext(), position++) {
            if (n instanceof LineNumberNode ln) {
                line = ln.line;
                continue;
            }
            int op = n.getOpcode();
            Frame<BasicValue> frame = frames[position];
            if (op < 0 || frame == null) {
                continue;
            }
            if (n instanceof FieldInsnNode f) {
                boolean isStatic = op == Opcodes.GETSTATIC || op == Opcodes.PUTSTATIC;
                boolean read = op == Opcodes.GETSTATIC || op == Opcodes.GETFIELD;
                accesses.add(new AccessSite(position, accesses.size(), line,
                        isStatic ? AccessSite.Kind.STATIC : AccessSite.Kind.FIELD, opcodeName(op), read, !read,
                        className(f.owner) + "." + f.name));
            } else if (op >= Opcodes.IALOAD && op <= Opcodes.SALOAD) {
                accesses.add(new AccessSite(position, accesses.size(), line, AccessSite.Kind.ARRAY, opcodeName(op),
                        true, false, arrayType(frame, 2, op - Opcodes.IALOAD)));
            } else if (op >= Opcodes.IASTORE && op <= Opcodes.SASTORE) {
                accesses.add(new AccessSite(position, accesses.size(), line, AccessSite.Kind.ARRAY, opcodeName(op),
                        false, true, arrayType(frame, 3, op - Opcodes.IASTORE)));
            } else if (n instanceof MethodInsnNode call) {
                AccessSite bulk = bulk(call, frame, position, accesses.size(), line);
                if (bulk != null) {
                    accesses.add(bulk);
                } else {
                    calls.add(new CallSite(position, calls.size(), line, className(call.owner) + "." + call.name + call.desc));
                }
            } else if (n instanceof InvokeDynamicInsnNode indy) {
                calls.add(new CallSite(position, calls.size(), line, className(indy.bsm.getOwner()) + "." + indy.name + indy.desc));
            }
        }
        accesses = withUpdates(owner, m, accesses);
        Dominators dom = Dominators.of(cfg);
        LoopForest forest = LoopForest.of(cfg, dom);
        int[] pos = listPositions(cfg, m);
        List<LoopSite> loops = loops(cfg, dom, forest, pos);
        List<HandlerSite> handlers = handlers(cfg, dom, forest, pos, m);
        return new DepSites(List.copyOf(accesses), List.copyOf(calls), loops, handlers);
    }

    /**
     * The sites with their memory updates and array names ({@link MemoryUpdates}); as they were if
     * that analysis fails (it asks for nothing the model needs).
     */
    private static List<AccessSite> withUpdates(String owner, MethodNode m, List<AccessSite> accesses) {
        MemoryUpdates.Found found;
        try {
            found = MemoryUpdates.find(owner, m, accesses);
        } catch (AnalyzerException e) {
            return accesses;
        }
        if (found.updates().isEmpty() && found.arrayNames().isEmpty()) {
            return accesses;
        }
        List<AccessSite> out = new ArrayList<>(accesses.size());
        for (AccessSite s : accesses) {
            out.add(s.with(found.updates().get(s.ordinal()), found.arrayNames().get(s.ordinal())));
        }
        return out;
    }

    /** The bulk array operation site of a call, or null if the call is no bulk operation. */
    private static AccessSite bulk(MethodInsnNode call, Frame<BasicValue> frame, int position, int ordinal, int line) {
        Type[] args = Type.getArgumentTypes(call.desc);
        int base = frame.getStackSize() - args.length;      // the first argument's stack index
        if (call.getOpcode() == Opcodes.INVOKESTATIC && call.owner.equals("java/lang/System")
                && call.name.equals("arraycopy") && call.desc.equals("(Ljava/lang/Object;ILjava/lang/Object;II)V")) {
            BasicValue src = frame.getStack(base);
            BasicValue dst = frame.getStack(base + 2);
            String target = ArrayTypes.isArray(dst) ? typeName(dst.getType())
                    : ArrayTypes.isArray(src) ? typeName(src.getType()) : "java.lang.Object";
            return new AccessSite(position, ordinal, line, AccessSite.Kind.BULK, "System.arraycopy", true, true, target);
        }
        if (call.getOpcode() == Opcodes.INVOKESTATIC && call.owner.equals("java/util/Arrays") && args.length > 0
                && (call.name.equals("fill") || call.name.equals("copyOf") || call.name.equals("copyOfRange"))) {
            BasicValue array = frame.getStack(base);
            String target = typeName(ArrayTypes.isArray(array) ? array.getType() : args[0]);
            boolean fill = call.name.equals("fill");
            return new AccessSite(position, ordinal, line, AccessSite.Kind.BULK, "Arrays." + call.name, !fill, fill, target);
        }
        if (call.name.equals("clone") && call.desc.equals("()Ljava/lang/Object;") && call.owner.startsWith("[")) {
            return new AccessSite(position, ordinal, line, AccessSite.Kind.BULK, "clone", true, false,
                    className(call.owner));
        }
        return null;
    }

    private static final String[] FALLBACK = {"int[]", "long[]", "float[]", "double[]", "java.lang.Object[]",
            "byte[]", "char[]", "short[]"};

    /** The static type of the array {@code depth} entries below the top of the stack, else the opcode's. */
    private static String arrayType(Frame<BasicValue> frame, int depth, int kind) {
        BasicValue v = frame.getStack(frame.getStackSize() - depth);
        return ArrayTypes.isArray(v) ? typeName(v.getType()) : FALLBACK[kind];
    }

    private static List<LoopSite> loops(ControlFlowGraph cfg, Dominators dom, LoopForest forest, int[] pos) {
        List<LoopSite> out = new ArrayList<>();
        List<LoopMeta> loops = forest.loops();
        for (int i = 0; i < loops.size(); i++) {
            LoopMeta l = loops.get(i);
            BitSet body = body(l);
            List<LoopSite.Edge> entries = new ArrayList<>();
            List<LoopSite.Edge> exits = new ArrayList<>();
            List<LoopSite.Edge> iterations = new ArrayList<>();
            if (body.get(0)) {
                entries.add(new LoopSite.Edge(-1, 0, -1, pos[cfg.block(0).first()]));
            }
            for (int b = 0; b < cfg.size(); b++) {
                if (!dom.reachable(b)) {
                    continue;
                }
                for (int s : cfg.block(b).successors()) {
                    LoopSite.Edge e = edge(cfg, pos, b, s);
                    if (!body.get(b) && body.get(s)) {
                        entries.add(e);
                    } else if (body.get(b) && !body.get(s)) {
                        exits.add(e);
                    }
                }
            }
            for (int t : new TreeSet<>(boxed(l.backEdgeSources()))) {
                iterations.add(edge(cfg, pos, t, l.header()));
            }
            ControlFlowGraph.Block h = cfg.block(l.header());
            out.add(new LoopSite(i, l.header(), pos[h.first()], h.lines().length > 0 ? h.lines()[0] : -1, l.parent(),
                    l.reducible(), List.copyOf(entries), List.copyOf(iterations), List.copyOf(exits)));
        }
        return List.copyOf(out);
    }

    private static List<HandlerSite> handlers(ControlFlowGraph cfg, Dominators dom, LoopForest forest, int[] pos,
                                              MethodNode m) {
        TreeSet<Integer> blocks = new TreeSet<>();
        for (TryCatchBlockNode tcb : m.tryCatchBlocks) {
            int b = cfg.blockAt(tcb.handler);
            if (dom.reachable(b)) {
                blocks.add(b);
            }
        }
        List<LoopMeta> loops = forest.loops();
        List<HandlerSite> out = new ArrayList<>();
        for (int b : blocks) {
            List<Integer> nest = new ArrayList<>();
            for (int i = 0; i < loops.size(); i++) {
                if (body(loops.get(i)).get(b)) {
                    nest.add(i);
                }
            }
            nest.sort(Comparator.comparingInt(i -> loops.get(i).depth()));
            out.add(new HandlerSite(b, pos[cfg.block(b).first()], List.copyOf(nest)));
        }
        return List.copyOf(out);
    }

    static BitSet body(LoopMeta l) {
        BitSet body = new BitSet();
        for (int b : l.blocks()) {
            body.set(b);
        }
        return body;
    }

    private static LoopSite.Edge edge(ControlFlowGraph cfg, int[] pos, int from, int to) {
        return new LoopSite.Edge(from, to, pos[cfg.block(from).last()], pos[cfg.block(to).first()]);
    }

    /** Real instruction number → position in the method's instruction list. */
    static int[] listPositions(ControlFlowGraph cfg, MethodNode m) {
        List<AbstractInsnNode> insns = cfg.instructions();
        int[] pos = new int[insns.size()];
        for (int i = 0; i < pos.length; i++) {
            pos[i] = m.instructions.indexOf(insns.get(i));
        }
        return pos;
    }

    private static List<Integer> boxed(int[] a) {
        List<Integer> l = new ArrayList<>(a.length);
        for (int v : a) {
            l.add(v);
        }
        return l;
    }

    private static final String[] ARRAY_OPS = {"iaload", "laload", "faload", "daload", "aaload", "baload", "caload",
            "saload", "iastore", "lastore", "fastore", "dastore", "aastore", "bastore", "castore", "sastore"};

    /** The name of a field or array access opcode, as the JVM specification spells it. */
    static String opcodeName(int op) {
        return switch (op) {
            case Opcodes.GETFIELD -> "getfield";
            case Opcodes.PUTFIELD -> "putfield";
            case Opcodes.GETSTATIC -> "getstatic";
            case Opcodes.PUTSTATIC -> "putstatic";
            default -> op >= Opcodes.IALOAD && op <= Opcodes.SALOAD ? ARRAY_OPS[op - Opcodes.IALOAD]
                    : ARRAY_OPS[8 + op - Opcodes.IASTORE];
        };
    }

    /** A class name as people write it: dots, and {@code int[]} for arrays. */
    static String className(String internalName) {
        return Type.getObjectType(internalName).getClassName();
    }

    private static String typeName(Type t) {
        return t.getClassName();
    }
}
