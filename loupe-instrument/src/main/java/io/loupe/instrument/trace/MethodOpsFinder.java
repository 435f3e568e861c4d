package io.loupe.instrument.trace;

import io.loupe.data.trace.MethodOps;
import io.loupe.instrument.deps.AccessSite;
import io.loupe.instrument.deps.DepSiteFinder;
import io.loupe.instrument.deps.DepSites;
import io.loupe.instrument.flow.ControlFlowGraph;
import io.loupe.instrument.flow.UninitializedObjects;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds what a method's instructions do to locals and to the heap ({@link MethodOps}), in its
 * original bytecode, numbered as the path model numbers instructions (the same
 * {@link ControlFlowGraph}), and the heap accesses an address probe goes before. The heap accesses
 * are the dependence profiler's access sites ({@link DepSiteFinder}), so that dependences
 * recovered from a trace and those the profiler counts are over the same accesses; a constructor's
 * {@code putfield} into its object before {@code super(…)} is an op no probe can see, as for the
 * profiler. The ops carry the method's flow ({@link MethodFlowFinder}), which slices replay.
 */
final class MethodOpsFinder {

    /** A method's ops, and the access instructions (original nodes) that get an address probe. */
    record Found(MethodOps ops, List<AbstractInsnNode> probed) {
        static final Found NONE = new Found(MethodOps.NONE, List.of());
    }

    private MethodOpsFinder() {
    }

    /**
     * The ops of method {@code m} of class {@code owner} (internal name); the method is not changed.
     * With {@code checks}, the free loads ({@link FreeLoads}) carry their anchor and get no probe,
     * and static field accesses get one (the address trace needs none for them: one location each).
     */
    static Found find(String owner, MethodNode m, boolean checks) throws AnalyzerException {
        ControlFlowGraph cfg = ControlFlowGraph.build(m);
        if (cfg.hasSubroutines()) {
            return Found.NONE;
        }
        Map<AbstractInsnNode, Integer> number = new IdentityHashMap<>();
        List<AbstractInsnNode> insns = cfg.instructions();
        for (int i = 0; i < insns.size(); i++) {
            number.put(insns.get(i), i);
        }
        AbstractInsnNode[] nodes = m.instructions.toArray();
        DepSites sites = DepSiteFinder.find(owner, m);
        boolean[] uninitialized = m.name.equals("<init>") ? UninitializedObjects.putfields(owner, m) : null;
        Map<AbstractInsnNode, AccessSite> heap = new IdentityHashMap<>();
        for (AccessSite s : sites.accesses()) {
            heap.put(nodes[s.position()], s);
        }
        Map<AbstractInsnNode, Integer> positions = new IdentityHashMap<>();
        for (int p = 0; p < nodes.length; p++) {
            positions.put(nodes[p], p);
        }
        Map<AbstractInsnNode, AbstractInsnNode> anchors = checks
                ? FreeLoads.find(owner, m, cfg, located(sites, nodes, uninitialized))
                : Map.of();
        Map<AbstractInsnNode, Integer> opOf = new IdentityHashMap<>();
        MethodOps.Builder ops = new MethodOps.Builder();
        List<AbstractInsnNode> probed = new ArrayList<>();
        int line = -1;
        for (int p = 0; p < nodes.length; p++) {
            AbstractInsnNode n = nodes[p];
            if (n instanceof LineNumberNode ln) {
                line = ln.line;
                continue;
            }
            Integer insn = number.get(n);
            if (insn == null) {
                continue;
            }
            AccessSite s = heap.get(n);
            if (s != null) {
                boolean unseen = uninitialized != null && uninitialized[p];
                opOf.put(n, ops.size());
                ops.heap(insn, kind(s, unseen), variable(s, n), line);
                AbstractInsnNode anchor = anchors.get(n);
                if (anchor != null) {
                    ops.anchorLast(opOf.get(anchor));
                } else if (!unseen && (checks || s.kind() != AccessSite.Kind.STATIC)) {
                    probed.add(n);   // with checks a static field's too: other threads may store it
                }
            } else if (n instanceof VarInsnNode v) {
                int op = v.getOpcode();
                boolean store = op >= Opcodes.ISTORE && op <= Opcodes.ASTORE;
                // a variable's scope begins after the store that first defines it
                String name = name(m, v.var, store ? p + 1 : p, positions);
                ops.local(insn, store ? MethodOps.LOCAL_STORE : MethodOps.LOCAL_LOAD, v.var, name, line);
            } else if (n instanceof IincInsnNode inc) {
                ops.local(insn, MethodOps.LOCAL_INC, inc.var, name(m, inc.var, p, positions), line);
            }
        }
        ops.flow(MethodFlowFinder.find(m, cfg, heap.keySet()));
        return new Found(ops.build(), List.copyOf(probed));
    }

    /**
     * The field and element accesses the trace checks, with the variable {@link FreeLoads} locates
     * them by: a field's {@code name:desc}, an element's array type.
     */
    private static Map<AbstractInsnNode, String> located(DepSites sites, AbstractInsnNode[] nodes, boolean[] uninitialized) {
        Map<AbstractInsnNode, String> located = new IdentityHashMap<>();
        for (AccessSite s : sites.accesses()) {
            AbstractInsnNode n = nodes[s.position()];
            boolean unseen = uninitialized != null && uninitialized[s.position()];
            if (s.kind() == AccessSite.Kind.FIELD && !unseen) {
                located.put(n, FreeLoads.field((FieldInsnNode) n));
            } else if (s.kind() == AccessSite.Kind.ARRAY) {
                located.put(n, s.target());
            }
        }
        return located;
    }

    private static byte kind(AccessSite s, boolean unseen) {
        return switch (s.kind()) {
            case FIELD -> unseen ? MethodOps.UNSEEN_FIELD_STORE : s.reads() ? MethodOps.FIELD_LOAD : MethodOps.FIELD_STORE;
            case STATIC -> s.reads() ? MethodOps.STATIC_LOAD : MethodOps.STATIC_STORE;
            case ARRAY -> s.reads() ? MethodOps.ARRAY_LOAD : MethodOps.ARRAY_STORE;
            case BULK -> switch (s.access()) {
                case "System.arraycopy" -> MethodOps.ARRAYCOPY;
                case "Arrays.fill" -> MethodOps.FILL;
                default -> MethodOps.COPY;
            };
        };
    }

    /** {@code Owner.name:desc} for a field, the array's type for an element or a bulk operation. */
    private static String variable(AccessSite s, AbstractInsnNode n) {
        if (n instanceof FieldInsnNode f) {
            return Type.getObjectType(f.owner).getClassName() + "." + f.name + ":" + f.desc;
        }
        return s.target();
    }

    /** The name the local variable table gives slot {@code slot} at list position {@code p}, or null. */
    private static String name(MethodNode m, int slot, int p, Map<AbstractInsnNode, Integer> positions) {
        if (m.localVariables == null) {
            return null;
        }
        for (LocalVariableNode lv : m.localVariables) {
            if (lv.index == slot) {
                Integer start = positions.get(lv.start);
                Integer end = positions.get(lv.end);
                if (start != null && end != null && start <= p && p < end) {
                    return lv.name;
                }
            }
        }
        return null;
    }
}
