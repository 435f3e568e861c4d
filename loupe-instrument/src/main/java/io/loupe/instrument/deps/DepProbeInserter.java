package io.loupe.instrument.deps;

import io.loupe.instrument.emit.AccessOperands;
import io.loupe.instrument.emit.FrameLocals;
import io.loupe.instrument.emit.HandlerPrefixes;
import io.loupe.instrument.emit.IntConstant;
import io.loupe.instrument.emit.Trampolines;
import io.loupe.instrument.flow.ControlFlowGraph;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Inserts the dependence profiling probes of one method, following its {@link DepSites} (found in
 * the same, still unchanged, method). docs/deps.md, "Probes", is the full account.
 *
 * <ul>
 *   <li><b>Entry</b>: {@code T = Deps.thread()} and {@code M = T.mark()} into two locals appended
 *   after the method's own (assigned before any frame, so every frame simply lists them), then
 *   the entries of loops that begin at the method's first instruction.</li>
 *   <li><b>Loop edges</b>: on each normal edge, the exits it takes (innermost first), the iteration
 *   if it is a back edge, the entries (outermost first) — before a {@code goto}, after the last
 *   instruction for a fall-through, in a trampoline after the code for a jump or switch target.</li>
 *   <li><b>Calls</b>: {@code T.enterCall(site, callee)} before, {@code T.exitCall()} right after;
 *   after an object's {@code clone()} also {@code Deps.cloned(receiver, copy)}, the receiver kept
 *   by a {@code dup} before the call.</li>
 *   <li><b>Accesses</b>: a call of {@code Deps} right before the instruction with copies of its
 *   reference and index operands (and for {@code aastore} the value). Bulk operations stash their
 *   arguments in scratch locals, pass what the probe needs and load them back.</li>
 *   <li><b>Exceptions</b>: each handler starts with {@code T.restore(M, n)}, {@code n} the loops
 *   enclosing it; a catch-all handler around the whole body (in a constructor, from after
 *   {@code super(…)}) restores the entry state and rethrows; a return inside a loop first
 *   restores the entry state.</li>
 * </ul>
 * No frame is ever recomputed: trampolines get a copy of their target's frame, scratch locals
 * only live within straight-line code between two instructions (no frame lies there).
 */
public final class DepProbeInserter {

    static final String DEPS = "io/loupe/runtime/deps/Deps";
    static final String THREAD = "io/loupe/runtime/deps/DepThread";
    private static final String THREAD_DESC = "L" + THREAD + ";";

    /**
     * The ids of a method's sites.
     *
     * @param firstSite  the id of the first access site (ids follow in ordinal order)
     * @param firstLoop  the id of the first loop
     * @param firstCall  the id of the first call site
     * @param fieldIds   per access site ordinal: the global field id of a field access, else unused
     * @param calleeIds  per call site ordinal: the dense id of the callee
     * @param skipped    per access site ordinal: true for a {@code putfield} into {@code this}
     *                   before {@code super(…)}, which gets no probe (the object may not be passed)
     * @param seals      per access site ordinal: how the only store of a final field seals its
     *                   location ({@link FinalFieldStores}), null for any other site
     * @param initCall   the list position of a constructor's {@code super(…)}/{@code this(…)} call,
     *                   -1 for a method; {@code -2} for a constructor whose call could not be found
     *                   (then there is no catch-all handler)
     */
    public record Ids(int firstSite, int firstLoop, int firstCall, int[] fieldIds, int[] calleeIds, boolean[] skipped,
                      FinalFieldStores.Seal[] seals, int initCall) {
    }

    private final MethodNode m;
    private final DepSites sites;
    /** Code added at some loops' entries (null for none): abstract interpretation's decisions. */
    private final LoopEntryCode entryCode;
    private final Ids ids;
    private final boolean frames;
    private final AbstractInsnNode[] nodes;
    /** Per node of the original list: the first real instruction at or after it, before any edit. */
    private final Map<AbstractInsnNode, AbstractInsnNode> realAt = new IdentityHashMap<>();
    private final int threadLocal;
    private final int markLocal;
    private final int scratch;
    private int scratchSize;
    private final InsnList trampolines = new InsnList();

    public DepProbeInserter(MethodNode m, DepSites sites, Ids ids, boolean frames) {
        this(m, sites, ids, null, frames);
    }

    /** With {@code entryCode} (null for none) adding code at some loops' entries. */
    public DepProbeInserter(MethodNode m, DepSites sites, Ids ids, LoopEntryCode entryCode, boolean frames) {
        this.m = m;
        this.sites = sites;
        this.entryCode = entryCode;
        this.ids = ids;
        this.frames = frames;
        this.nodes = m.instructions.toArray();
        AbstractInsnNode real = null;
        for (int i = nodes.length - 1; i >= 0; i--) {
            if (nodes[i].getOpcode() >= 0) {
                real = nodes[i];
            }
            realAt.put(nodes[i], real);
        }
        this.threadLocal = m.maxLocals;
        this.markLocal = m.maxLocals + 1;
        this.scratch = m.maxLocals + 3;
    }

    /** Inserts all probes; throws {@link IllegalStateException} where the method cannot be instrumented. */
    public void insert() {
        int maxLocals = m.maxLocals;
        // 0. what is added at loop entries, from the code as it still is
        if (entryCode != null) {
            entryCode.prepare(m, frames);
            trampolines.add(entryCode.appended());
        }
        Map<Long, EdgeEvents> edges = edgeEvents();
        InsnList entry = new InsnList();
        entry.add(new MethodInsnNode(Opcodes.INVOKESTATIC, DEPS, "thread", "()" + THREAD_DESC, false));
        entry.add(new VarInsnNode(Opcodes.ASTORE, threadLocal));
        // The entry state is only needed where something can leave loops or calls behind.
        boolean marked = !sites.loops().isEmpty() || !sites.calls().isEmpty() || !sites.handlers().isEmpty();
        if (marked) {
            entry.add(thread());
            entry.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, THREAD, "mark", "()J", false));
            entry.add(new VarInsnNode(Opcodes.LSTORE, markLocal));
        }
        EdgeEvents methodEntry = edges.remove(-1L);
        if (methodEntry != null) {
            entry.add(methodEntry.code());
        }
        // 1. loop edges (before the call and access probes, so that an exitCall inserted after a
        //    call that ends a block comes before the edge's events)
        for (EdgeEvents e : edges.values()) {
            place(e);
        }
        // 2. handlers restore the loop stack (a synchronized block's release: once its monitor is released)
        for (HandlerSite h : sites.handlers()) {
            InsnList l = new InsnList();
            l.add(restore(h.loops().size()));
            AbstractInsnNode release = HandlerPrefixes.monitorRelease(m, nodes[h.position()]);
            if (release != null) {
                m.instructions.insert(release, l);
            } else {
                m.instructions.insertBefore(nodes[h.position()], l);
            }
        }
        // 3. returns inside loops leave them
        if (!sites.loops().isEmpty()) {
            for (AbstractInsnNode n : nodes) {
                int op = n.getOpcode();
                if (op >= Opcodes.IRETURN && op <= Opcodes.RETURN) {
                    m.instructions.insertBefore(n, restore(0));
                }
            }
        }
        // 4. calls
        for (CallSite c : sites.calls()) {
            AbstractInsnNode at = nodes[c.position()];
            InsnList before = new InsnList();
            before.add(thread());
            before.add(IntConstant.push(ids.firstCall() + c.ordinal()));
            before.add(IntConstant.push(ids.calleeIds()[c.ordinal()]));
            before.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, THREAD, "enterCall", "(II)V", false));
            boolean clone = isClone(at);
            if (clone) {
                before.add(new InsnNode(Opcodes.DUP));   // the receiver, for Deps.cloned
            }
            m.instructions.insertBefore(at, before);
            InsnList after = new InsnList();
            after.add(thread());
            after.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, THREAD, "exitCall", "()V", false));
            if (clone) {
                after.add(deps("cloned", "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;"));
                Type result = Type.getReturnType(((MethodInsnNode) at).desc);
                if (!result.getInternalName().equals("java/lang/Object")) {
                    after.add(new TypeInsnNode(Opcodes.CHECKCAST, result.getInternalName()));
                }
            }
            m.instructions.insert(at, after);
        }
        // 5. accesses
        for (AccessSite s : sites.accesses()) {
            if (!ids.skipped()[s.ordinal()]) {
                m.instructions.insertBefore(nodes[s.position()], accessProbe(s, ids.firstSite() + s.ordinal()));
            }
        }
        // 6. the catch-all handler
        if (marked && ids.initCall() != -2) {
            catchAll(entry);
        }
        if (frames) {
            FrameLocals.append(maxLocals, marked ? List.of(THREAD, Opcodes.LONG) : List.of(THREAD), m.instructions,
                    trampolines);
        }
        m.instructions.insert(entry);
        m.instructions.add(trampolines);
        m.maxLocals = scratch + scratchSize;
    }

    /**
     * A call of an object's {@code clone()} (an array's is a bulk access): its copy may carry the
     * receiver's shadow in the synthetic field, so the receiver is kept for {@code Deps.cloned}.
     */
    private static boolean isClone(AbstractInsnNode n) {
        return n instanceof MethodInsnNode call && call.getOpcode() != Opcodes.INVOKESTATIC
                && call.name.equals("clone") && call.desc.startsWith("()L") && !call.owner.startsWith("[");
    }

    // ---- loop edges ----

    /** The loop events of one control flow edge, in the order they happen. */
    private final class EdgeEvents {
        final LoopSite.Edge edge;
        int exits;
        int iteration = -1;
        final List<Integer> entries = new ArrayList<>();

        EdgeEvents(LoopSite.Edge edge) {
            this.edge = edge;
        }

        InsnList code() {
            InsnList l = new InsnList();
            for (int i = 0; i < exits; i++) {
                l.add(thread());
                l.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, THREAD, "exitLoop", "()V", false));
            }
            if (iteration >= 0) {
                l.add(thread());
                l.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, THREAD, "nextIteration", "()V", false));
            }
            for (int loop : entries) {
                InsnList added = entryCode == null ? null : entryCode.atEntry(loop, threadLocal);
                if (added != null) {
                    l.add(added);
                }
                l.add(thread());
                l.add(IntConstant.push(ids.firstLoop() + loop));
                l.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, THREAD, "enterLoop", "(I)V", false));
            }
            return l;
        }
    }

    /**
     * Every edge with loop events, keyed by {@code from block << 32 | to block} (the method entry
     * as -1). Exits innermost first: loops are ordered by header, and an edge leaving nested loops
     * leaves the inner ones, whose headers come later, first; the edges of each loop are listed
     * once, so sorting by depth would give the same order.
     */
    private Map<Long, EdgeEvents> edgeEvents() {
        Map<Long, EdgeEvents> out = new LinkedHashMap<>();
        List<LoopSite> loops = sites.loops();
        int[] depth = new int[loops.size()];
        for (LoopSite l : loops) {
            // by the parent chain: loops are ordered by header, and a loop tested at its bottom
            // (older javac) has its header after those of the loops inside it
            for (int p = l.parent(); p >= 0; p = loops.get(p).parent()) {
                depth[l.ordinal()]++;
            }
        }
        for (LoopSite l : loops) {
            for (LoopSite.Edge e : l.entries()) {
                events(out, e).entries.add(l.ordinal());
            }
            for (LoopSite.Edge e : l.iterations()) {
                events(out, e).iteration = l.ordinal();
            }
            for (LoopSite.Edge e : l.exits()) {
                events(out, e).exits++;
            }
        }
        for (EdgeEvents e : out.values()) {
            e.entries.sort((a, b) -> Integer.compare(depth[a], depth[b]));   // outermost first
        }
        return out;
    }

    private EdgeEvents events(Map<Long, EdgeEvents> out, LoopSite.Edge e) {
        return out.computeIfAbsent(key(e), k -> new EdgeEvents(e));
    }

    private static long key(LoopSite.Edge e) {
        return e.methodEntry() ? -1L : ((long) e.fromBlock() << 32) | e.toBlock();
    }

    /** Places the code of one edge on it: inline where only that edge passes, else in a trampoline. */
    private void place(EdgeEvents events) {
        AbstractInsnNode last = nodes[events.edge.from()];
        AbstractInsnNode target = nodes[events.edge.to()];
        int op = last.getOpcode();
        if (op == Opcodes.GOTO) {
            m.instructions.insertBefore(last, events.code());
            return;
        }
        boolean placed = false;
        if (last instanceof JumpInsnNode jump && real(jump.label) == target) {
            jump.label = trampoline(jump.label, events.code());
            placed = true;
        } else if (last instanceof TableSwitchInsnNode sw) {
            sw.dflt = redirect(sw.labels, sw.dflt, target, events);
            return;
        } else if (last instanceof LookupSwitchInsnNode sw) {
            sw.dflt = redirect(sw.labels, sw.dflt, target, events);
            return;
        }
        int at = events.edge.from();
        if (!ControlFlowGraph.isUnconditional(last) && at + 1 < nodes.length && real(nodes[at + 1]) == target) {
            m.instructions.insert(last, events.code());   // only the fall-through runs it
            placed = true;
        }
        if (!placed) {
            throw new IllegalStateException("no place for the loop events of edge " + events.edge);
        }
    }

    /**
     * Sends the switch cases (and the default) that go to {@code target} through one trampoline
     * with the edge's events; returns the default label to keep.
     */
    private LabelNode redirect(List<LabelNode> labels, LabelNode dflt, AbstractInsnNode target, EdgeEvents events) {
        LabelNode t = null;
        for (int i = 0; i < labels.size(); i++) {
            if (real(labels.get(i)) == target) {
                t = t != null ? t : trampoline(labels.get(i), events.code());
                labels.set(i, t);
            }
        }
        if (real(dflt) == target) {
            return t != null ? t : trampoline(dflt, events.code());
        }
        return dflt;
    }

    /**
     * The first real instruction at or after {@code n} in the original list (code inserted since,
     * say before a {@code goto} that begins its block, does not count).
     */
    private AbstractInsnNode real(AbstractInsnNode n) {
        return realAt.get(n);
    }

    /** Appends {@code T: [frame of target] code; goto target} after the code and returns T. */
    private LabelNode trampoline(LabelNode target, InsnList code) {
        return Trampolines.jump(trampolines, target, code, frames);
    }

    // ---- exceptions ----

    private InsnList restore(int loops) {
        InsnList l = new InsnList();
        l.add(thread());
        l.add(new VarInsnNode(Opcodes.LLOAD, markLocal));
        l.add(IntConstant.push(loops));
        l.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, THREAD, "restore", "(JI)V", false));
        return l;
    }

    /**
     * Covers the body (from after the entry code, in a constructor from after {@code super(…)})
     * with a last handler that restores the entry state and rethrows. The method's own handlers
     * come first in the table, so they still catch what they caught.
     */
    private void catchAll(InsnList entry) {
        LabelNode start = new LabelNode();
        if (ids.initCall() >= 0) {
            m.instructions.insert(nodes[ids.initCall()], start);
        } else {
            entry.add(start);
        }
        InsnList code = restore(0);
        code.add(new InsnNode(Opcodes.ATHROW));
        Trampolines.catchAll(m, start, trampolines, code, frames);
    }

    // ---- accesses ----

    private InsnList accessProbe(AccessSite s, int site) {
        AbstractInsnNode at = nodes[s.position()];
        int op = at.getOpcode();
        InsnList l = new InsnList();
        switch (s.kind()) {
            case FIELD -> {
                FieldInsnNode f = (FieldInsnNode) at;
                l.add(AccessOperands.fieldObject(f));
                l.add(thread());
                l.add(IntConstant.push(site));
                l.add(IntConstant.push(ids.fieldIds()[s.ordinal()]));
                FinalFieldStores.Seal seal = ids.seals()[s.ordinal()];
                if (seal == FinalFieldStores.Seal.OWN_CLASS) {   // seals if the object is of the declaring class
                    l.add(new LdcInsnNode(Type.getObjectType(f.owner)));
                    l.add(deps("putFinalField", "(Ljava/lang/Object;" + THREAD_DESC + "IILjava/lang/Class;)V"));
                } else if (seal == FinalFieldStores.Seal.ALWAYS) {
                    l.add(deps("putFinalField", "(Ljava/lang/Object;" + THREAD_DESC + "II)V"));
                } else {
                    l.add(deps(op == Opcodes.GETFIELD ? "getField" : "putField", "(Ljava/lang/Object;" + THREAD_DESC + "II)V"));
                }
            }
            case STATIC -> {
                l.add(thread());
                l.add(IntConstant.push(site));
                l.add(IntConstant.push(ids.fieldIds()[s.ordinal()]));
                String name = op == Opcodes.GETSTATIC ? "getStatic" : ids.seals()[s.ordinal()] != null ? "putFinalStatic" : "putStatic";
                l.add(deps(name, "(" + THREAD_DESC + "II)V"));
            }
            case ARRAY -> {
                if (op >= Opcodes.IALOAD && op <= Opcodes.SALOAD) {
                    l.add(new InsnNode(Opcodes.DUP2));
                    l.add(thread());
                    l.add(IntConstant.push(site));
                    l.add(deps("arrayLoad", "(Ljava/lang/Object;I" + THREAD_DESC + "I)V"));
                } else {
                    useScratch(AccessOperands.storedValue(op).getSize());
                    l.add(AccessOperands.arrayStoreOperands(op, scratch));
                    if (op == Opcodes.AASTORE) {
                        l.add(AccessOperands.restoreValue(op, scratch));
                        l.add(thread());
                        l.add(IntConstant.push(site));
                        l.add(deps("arrayStoreRef", "(Ljava/lang/Object;ILjava/lang/Object;" + THREAD_DESC + "I)V"));
                    } else {
                        l.add(thread());
                        l.add(IntConstant.push(site));
                        l.add(deps("arrayStore", "(Ljava/lang/Object;I" + THREAD_DESC + "I)V"));
                    }
                    l.add(AccessOperands.restoreValue(op, scratch));
                }
            }
            case BULK -> bulk((MethodInsnNode) at, site, l);
            default -> throw new IllegalStateException("unknown access kind " + s.kind());
        }
        return l;
    }

    /**
     * A bulk operation: its arguments go to scratch locals (last first), the probe gets those it
     * needs, then all are loaded back for the call. {@code clone()} has only its receiver.
     */
    private void bulk(MethodInsnNode call, int site, InsnList l) {
        if (call.name.equals("clone")) {
            l.add(new InsnNode(Opcodes.DUP));
            l.add(thread());
            l.add(IntConstant.push(site));
            l.add(deps("cloneArray", "(Ljava/lang/Object;" + THREAD_DESC + "I)V"));
            return;
        }
        Type[] args = Type.getArgumentTypes(call.desc);
        int[] slot = AccessOperands.argumentSlots(call, scratch);
        useScratch(slot[args.length]);
        l.add(AccessOperands.setArgumentsAside(call, slot));
        int[] pass;
        String desc;
        String name;
        switch (call.name) {
            case "arraycopy" -> {
                name = "arraycopy";
                pass = new int[] {0, 1, 2, 3, 4};
                desc = "(Ljava/lang/Object;ILjava/lang/Object;II" + THREAD_DESC + "I)V";
            }
            case "fill" -> {
                name = "fill";
                if (args.length == 2) {
                    pass = new int[] {0};
                    desc = "(Ljava/lang/Object;" + THREAD_DESC + "I)V";
                } else {
                    pass = new int[] {0, 1, 2};
                    desc = "(Ljava/lang/Object;II" + THREAD_DESC + "I)V";
                }
            }
            case "copyOf" -> {
                name = "copyOf";
                pass = new int[] {0, 1};
                desc = "(Ljava/lang/Object;I" + THREAD_DESC + "I)V";
            }
            case "copyOfRange" -> {
                name = "copyOfRange";
                pass = new int[] {0, 1, 2};
                desc = "(Ljava/lang/Object;II" + THREAD_DESC + "I)V";
            }
            default -> throw new IllegalStateException("unknown bulk operation " + call.name);
        }
        for (int i : pass) {
            l.add(AccessOperands.argument(call, slot, i));
        }
        l.add(thread());
        l.add(IntConstant.push(site));
        l.add(deps(name, desc));
        l.add(AccessOperands.argumentsBack(call, slot));
    }

    private void useScratch(int slots) {
        scratchSize = Math.max(scratchSize, slots);
    }

    // ---- helpers ----

    private VarInsnNode thread() {
        return new VarInsnNode(Opcodes.ALOAD, threadLocal);
    }

    private static MethodInsnNode deps(String name, String desc) {
        return new MethodInsnNode(Opcodes.INVOKESTATIC, DEPS, name, desc, false);
    }
}
