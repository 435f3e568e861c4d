package io.loupe.analysis.recovery;

import io.loupe.analysis.trace.DataQueue;
import io.loupe.analysis.trace.ReplayListener;
import io.loupe.data.deps.DepType;
import io.loupe.data.meta.BlockMeta;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.trace.HeapEvents;
import io.loupe.data.trace.MethodOps;
import io.loupe.data.trace.Trace;
import io.loupe.data.trace.TraceEvent;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Replays one thread's ops as {@code TraceReplay} hands out its activations and blocks, in the
 * order they ran. A block's ops run lazily: up to the call site of a callee that enters, the rest
 * when the activation moves on (its next block, its leave) — so a callee's accesses fall between
 * the caller's accesses before and after the call. A callee that ends abnormally threw at its
 * call: the rest of the caller's block did not run. A block an exception cut short ({@link #cut})
 * runs its ops while its data events last, up to the boundary the replay put where the exception
 * came, and stops after a field or element access whose probe saw it would throw (it recorded
 * no object).
 *
 * <p>Locals: each activation keeps, per slot, the op that stored it last; a load depends on it
 * (parameters, which the call stored, have none). The heap: with checks, {@link Generations},
 * each op's generation from its GEN events (static fields' too, from trace format 6); with the
 * address trace, {@link HeapState}, each op's location from its data events or, for a static
 * field, from the op itself.
 */
final class ThreadRecovery implements ReplayListener {

    /** A method's ops, each op's block range by instruction, and its location ids. */
    private static final class Method {
        final int id;
        final MethodOps ops;
        final int[] blockFirst;   // per block, its first op
        final int[] blockEnd;     // per block, past its last op
        final long[] slots;       // per op: a field's id, a static field's location; else 0
        final int[] sites;        // per op: its heap access site (a checked op of a trace with checks), else -1
        final int locals;
        final boolean hasFree;    // a free load: its frames keep each op's generation
        final boolean initializer;   // a static initializer

        Method(int id, MethodMeta meta, MethodOps ops, Map<String, Integer> fieldIds, boolean staticsChecked) {
            this.id = id;
            this.ops = ops;
            this.initializer = meta.name().equals("<clinit>");
            int n = meta.blocks().size();
            blockFirst = new int[n];
            blockEnd = new int[n];
            for (int b = 0; b < n; b++) {
                BlockMeta block = meta.blocks().get(b);
                blockFirst[b] = ops.firstAtOrAfter(block.firstInsn());
                blockEnd[b] = ops.firstAtOrAfter(block.lastInsn() + 1);
            }
            slots = new long[ops.size()];
            sites = new int[ops.size()];
            int site = ops.heapSites();
            for (int i = 0; i < ops.size(); i++) {
                sites[i] = site >= 0 && ops.checked(i, staticsChecked) ? site++ : -1;
            }
            boolean free = false;
            int maxSlot = -1;
            for (int i = 0; i < ops.size(); i++) {
                byte k = ops.kinds()[i];
                free |= ops.free(i);
                if (MethodOps.local(k)) {
                    maxSlot = Math.max(maxSlot, ops.operands()[i] + 1);   // a long or double takes two
                    continue;
                }
                String v = ops.variables().get(ops.operands()[i]);
                if (k == MethodOps.STATIC_LOAD || k == MethodOps.STATIC_STORE) {
                    slots[i] = -1 - fieldIds.computeIfAbsent("static " + v, x -> fieldIds.size());
                } else if (k == MethodOps.FIELD_LOAD || k == MethodOps.FIELD_STORE) {
                    // an instance field is its name and type, whatever class the instruction names (docs/deps.md, Field ids)
                    int colon = v.indexOf(':');
                    String key = v.substring(v.lastIndexOf('.', colon) + 1);
                    slots[i] = fieldIds.computeIfAbsent(key, x -> fieldIds.size());
                }
            }
            locals = maxSlot + 1;
            hasFree = free;
        }
    }

    /** An activation: its method, data, the ops of its current block still to run, its locals' last stores. */
    private static final class Frame {
        final Frame caller;
        final Method method;
        final DataQueue data;
        final int[] defs;
        final long[] generations;   // with free loads: per op, the generation it saw or began last, or -1
        int next;
        int end;

        Frame(Frame caller, Method method, DataQueue data) {
            this.caller = caller;
            this.method = method;
            this.data = data;
            this.defs = new int[method.locals];
            Arrays.fill(defs, -1);
            if (method.hasFree) {
                generations = new long[method.ops.size()];
                Arrays.fill(generations, -1);
            } else {
                generations = null;
            }
        }
    }

    private static final DataQueue NO_DATA = new DataQueue();

    private final Trace trace;
    private final HeapEvents events;
    private final int thread;
    private final DependenceTable table;
    private final HeapState heap;
    private final Generations generations;
    private int[] begun = new int[0];    // per heap access site: the generations it began on this thread
    private long[] named = new long[0];  // per checking site: the thread's own generation it named last, -1 for none
    private final Map<Integer, Method> methods = new HashMap<>();
    private final Map<String, Integer> fieldIds;
    private Frame top;
    private OpObserver observer;
    // counts
    long opsRun;
    long heapOps;
    long unresolved;   // heap ops of a trace without heap events: their location is unknown
    long checked;      // heap ops whose check events told their generation
    long free;         // free loads: their generation came from the control flow
    long misaligned;   // data events of the wrong kind, or missing
    long leftOver;     // data events no op took

    ThreadRecovery(Trace trace, int thread, DependenceTable table, Map<String, Integer> fieldIds,
                   Generations generations) {
        this.trace = trace;
        this.events = trace.heapEvents();
        this.thread = thread;
        this.table = table;
        this.heap = new HeapState(table, thread);
        this.fieldIds = fieldIds;
        this.generations = generations;
    }

    /** Tells {@code observer} of every op as it runs, and of the heap locations it reads and writes. */
    void observe(OpObserver observer) {
        this.observer = observer;
    }

    @Override
    public void enter(int method, int site) {
        enter(method, site, null);
    }

    @Override
    public void enter(int method, int site, DataQueue data) {
        Method m = methods.computeIfAbsent(method, id -> new Method(id, trace.method(id), trace.ops(id), fieldIds, trace.staticsChecked()));
        if (top != null) {
            run(top, site);   // the caller's ops before the call
            if (m.initializer) {
                staticBefore(top, site);
            }
        }
        top = new Frame(top, m, data != null ? data : NO_DATA);
    }

    @Override
    public void block(int block) {
        Frame f = top;
        if (f == null) {
            return;
        }
        run(f, Integer.MAX_VALUE);
        f.next = f.method.blockFirst[block];
        f.end = f.method.blockEnd[block];
    }

    @Override
    public void leave() {
        if (top != null) {
            run(top, Integer.MAX_VALUE);
        }
    }

    @Override
    public void cut() {
        Frame f = top;
        if (f == null) {
            return;
        }
        MethodOps ops = f.method.ops;
        while (f.next < f.end) {
            int i = f.next;
            if (hasEvents(ops, i) && f.data.peek() == DataQueue.BOUNDARY) {
                break;   // the exception came before this op
            }
            f.next++;
            if (!op(f, i)) {
                break;   // it threw
            }
        }
        f.next = f.end;
        if (!f.data.isEmpty() && f.data.peek() == DataQueue.BOUNDARY) {
            f.data.poll();
        }
    }

    @Override
    public void end(boolean returned) {
        Frame f = top;
        if (f == null) {
            return;
        }
        if (returned) {
            run(f, Integer.MAX_VALUE);
        }
        leftOver += f.data.size();
        top = f.caller;
        if (!returned && top != null) {
            top.next = top.end;   // the call threw: the caller's block stopped there
        }
    }

    /** True if op {@code i} has data events in this trace: a heap op with addresses, a checked one with checks. */
    private boolean hasEvents(MethodOps ops, int i) {
        return switch (events) {
            case ADDRESSES -> MethodOps.addressEvents(ops.kinds()[i]) > 0;
            case CHECKS -> ops.checked(i, trace.staticsChecked());
            case NONE -> false;
        };
    }

    /**
     * A static initializer that a {@code getstatic} or {@code putstatic} at {@code site} started:
     * that access's probe, like the dependence profiler's, ran before the instruction and so before
     * the initializer (JVMS §5.5), and the access is taken there, as both saw it.
     */
    private void staticBefore(Frame f, int site) {
        int[] insns = f.method.ops.insns();
        if (f.next < f.end && insns[f.next] == site) {
            byte k = f.method.ops.kinds()[f.next];
            if (k == MethodOps.STATIC_LOAD || k == MethodOps.STATIC_STORE) {
                op(f, f.next++);
            }
        }
    }

    /** Runs the frame's pending ops whose instruction comes before {@code insn}. */
    private void run(Frame f, int insn) {
        int[] insns = f.method.ops.insns();
        while (f.next < f.end && insns[f.next] < insn) {
            if (!op(f, f.next++)) {
                misaligned++;   // an access that threw, in a block no exception cut: the trace and the ops disagree
            }
        }
    }

    /** Runs op {@code i}, and tells the observer; false if its events say it threw (a field or element access of nothing). */
    private boolean op(Frame f, int i) {
        if (observer == null) {
            return runOp(f, i);
        }
        observer.op(i);
        boolean ran = runOp(f, i);
        observer.done(ran);
        return ran;
    }

    /** A location with a history in {@link HeapState}, read: {@code a} an object (or a static field's id), {@code b} a field or element. */
    private void readAt(long a, long b, long insn, RecoveredDependence.RecoveredBy by) {
        heap.load(a, b, insn, by);
        if (observer != null) {
            observer.read(a, b);
        }
    }

    private void writeAt(long a, long b, long insn, RecoveredDependence.RecoveredBy by) {
        heap.store(a, b, insn, by);
        if (observer != null) {
            observer.write(-1, a, b);
        }
    }

    private boolean runOp(Frame f, int i) {
        opsRun++;
        MethodOps ops = f.method.ops;
        long insn = ((long) f.method.id << 32) | i;
        switch (ops.kinds()[i]) {
            case MethodOps.LOCAL_LOAD -> use(f, i);
            case MethodOps.LOCAL_STORE -> f.defs[ops.operands()[i]] = i;
            case MethodOps.LOCAL_INC -> {
                use(f, i);
                f.defs[ops.operands()[i]] = i;
            }
            case MethodOps.STATIC_LOAD, MethodOps.STATIC_STORE -> {
                if (f.method.sites[i] >= 0) {
                    return heapOp(f, i, insn);   // checked, as another thread may store it
                }
                heapOps++;
                if (ops.kinds()[i] == MethodOps.STATIC_LOAD) {
                    readAt(f.method.slots[i], 0, insn, RecoveredDependence.RecoveredBy.CONTROLFLOW);
                } else {
                    writeAt(f.method.slots[i], 0, insn, RecoveredDependence.RecoveredBy.CONTROLFLOW);
                }
            }
            case MethodOps.UNSEEN_FIELD_STORE -> {
                // into an object not yet initialized: no probe sees it, nor does the dependence profiler
            }
            default -> {
                return heapOp(f, i, insn);
            }
        }
        return true;
    }

    private void use(Frame f, int i) {
        int def = f.defs[f.method.ops.operands()[i]];
        if (def >= 0) {
            long src = ((long) f.method.id << 32) | def;
            table.add(DepType.RAW, RecoveredDependence.Memory.LOCAL, src, ((long) f.method.id << 32) | i,
                    RecoveredDependence.RecoveredBy.CONTROLFLOW, thread);
        }
    }

    /**
     * A field, element or bulk op: its location(s) from its data events. False for a field or
     * element access that touched nothing: its probe saw that it would throw.
     */
    private boolean heapOp(Frame f, int i, long insn) {
        heapOps++;
        byte kind = f.method.ops.kinds()[i];
        if (events == HeapEvents.CHECKS) {
            return checkedOp(f, i, insn);
        }
        if (events != HeapEvents.ADDRESSES) {
            unresolved++;
            return true;
        }
        RecoveredDependence.RecoveredBy by = RecoveredDependence.RecoveredBy.ADDRESSES;
        switch (kind) {
            case MethodOps.FIELD_LOAD, MethodOps.FIELD_STORE -> {
                long o = object(f);
                if (o == 0) {
                    return false;
                }
                if (kind == MethodOps.FIELD_LOAD) {
                    readAt(o, f.method.slots[i], insn, by);
                } else {
                    writeAt(o, f.method.slots[i], insn, by);
                }
            }
            case MethodOps.ARRAY_LOAD, MethodOps.ARRAY_STORE -> {
                long a = object(f);
                int index = index(f);
                if (a == 0) {
                    return false;
                }
                if (kind == MethodOps.ARRAY_LOAD) {
                    readAt(a, index, insn, by);
                } else {
                    writeAt(a, index, insn, by);
                }
            }
            case MethodOps.ARRAYCOPY -> {
                long src = object(f);
                int srcPos = index(f);
                long dst = object(f);
                int dstPos = index(f);
                int n = index(f);
                if (src > 0 && dst > 0) {
                    if (src == dst) {   // as if through a temporary array: every load first (BulkAccess)
                        for (int k = 0; k < n; k++) {
                            readAt(src, srcPos + k, insn, by);
                        }
                        for (int k = 0; k < n; k++) {
                            writeAt(dst, dstPos + k, insn, by);
                        }
                    } else {
                        for (int k = 0; k < n; k++) {
                            readAt(src, srcPos + k, insn, by);
                            writeAt(dst, dstPos + k, insn, by);
                        }
                    }
                }
            }
            case MethodOps.FILL, MethodOps.COPY -> {
                long a = object(f);
                int from = index(f);
                int n = index(f);
                for (int k = 0; a > 0 && k < n; k++) {
                    if (kind == MethodOps.FILL) {
                        writeAt(a, from + k, insn, by);
                    } else {
                        readAt(a, from + k, insn, by);
                    }
                }
            }
            default -> throw new IllegalStateException("op kind " + kind);
        }
        return true;
    }

    /**
     * A field, element or bulk op of a trace with checks: its generation(s) from its GEN and RUN
     * events, or a free load's from its anchor. False for an access whose check saw it would throw.
     */
    private boolean checkedOp(Frame f, int i, long insn) {
        MethodOps ops = f.method.ops;
        RecoveredDependence.RecoveredBy by = RecoveredDependence.RecoveredBy.CHECK;
        if (ops.free(i)) {
            long key = f.generations[ops.anchors()[i]];
            if (key < 0) {
                unresolved++;   // the anchor did not run: the trace and the ops disagree
                return true;
            }
            free++;
            f.generations[i] = key;
            generations.load(key, insn, thread, RecoveredDependence.RecoveredBy.CONTROLFLOW);
            if (observer != null) {
                observer.read(key, 0);
            }
            return true;
        }
        checked++;
        byte kind = ops.kinds()[i];
        switch (kind) {
            case MethodOps.FIELD_LOAD, MethodOps.ARRAY_LOAD, MethodOps.FIELD_STORE, MethodOps.ARRAY_STORE,
                 MethodOps.STATIC_LOAD, MethodOps.STATIC_STORE -> {
                long e = f.data.poll();
                if (TraceEvent.kind(e) != TraceEvent.GEN) {
                    misaligned++;
                    return true;
                }
                long payload = TraceEvent.genPayload(e);
                if (payload == TraceEvent.GEN_NONE) {
                    return false;
                }
                int site = f.method.sites[i];
                long key = payload == TraceEvent.GEN_NEW ? -1 : resolve(f, payload, site);
                boolean store = kind == MethodOps.FIELD_STORE || kind == MethodOps.ARRAY_STORE || kind == MethodOps.STATIC_STORE;
                long now = store ? store(key, insn, by, site) : load(key, insn, by, site);
                if (f.generations != null) {
                    f.generations[i] = now;
                }
            }
            case MethodOps.ARRAYCOPY -> {
                int n = index(f);
                elements(f, n, false, insn, by, f.method.sites[i]);
                elements(f, n, true, insn, by, f.method.sites[i]);
            }
            case MethodOps.FILL -> elements(f, index(f), true, insn, by, f.method.sites[i]);
            case MethodOps.COPY -> elements(f, index(f), false, insn, by, f.method.sites[i]);
            default -> throw new IllegalStateException("op kind " + kind);
        }
        return true;
    }

    /**
     * The key of the generation a GEN payload names (not NEW, not NONE) to checking site
     * {@code site}, from this thread, now: as {@code TraceThread.check} named it, with the same
     * counts of the generations each site began and the same last generation each site named.
     * -1 if the payload names what this thread never began (a trace and ops that disagree).
     */
    private long resolve(Frame f, long payload, int site) {
        int tag = TraceEvent.genTag(payload);
        if (tag == TraceEvent.GEN_OTHER) {
            long e = f.data.poll();
            if (TraceEvent.kind(e) != TraceEvent.INDEX) {
                misaligned++;
                return -1;
            }
            return Generations.key(TraceEvent.genThread(payload), TraceEvent.genSite(payload), TraceEvent.value(e));
        }
        if (site < 0) {
            misaligned++;   // a check of an op that has no site
            return -1;
        }
        grow(site);
        long key;
        switch (tag) {
            case TraceEvent.GEN_LATEST, TraceEvent.GEN_BACK -> {
                int s = TraceEvent.genSite(payload);
                grow(s);
                int back = tag == TraceEvent.GEN_LATEST ? 0 : TraceEvent.genCount(payload);
                key = Generations.key(TraceEvent.generationThreadOf(thread), s, begun[s] - 1 - back);
            }
            case TraceEvent.GEN_DELTA -> {
                long last = named[site];
                if (last < 0) {
                    misaligned++;
                    return -1;
                }
                key = Generations.step(last, TraceEvent.genCount(payload));
            }
            default -> {
                misaligned++;
                return -1;
            }
        }
        named[site] = key;
        return key;
    }

    /** Begins a generation at heap access site {@code site} on this thread. */
    private long begin(int site) {
        if (site < 0) {
            return Generations.key(TraceEvent.generationThreadOf(thread), TraceEvent.MAX_SITE, 0);   // no site: the trace and ops disagree (counted where found)
        }
        grow(site);
        return Generations.key(TraceEvent.generationThreadOf(thread), site, begun[site]++);
    }

    private void grow(int site) {
        if (site >= begun.length) {
            int n = Math.max(site + 1, Math.max(64, begun.length * 2));
            int old = named.length;
            begun = Arrays.copyOf(begun, n);
            named = Arrays.copyOf(named, n);
            Arrays.fill(named, old, n, -1);
        }
    }

    /** A load in generation {@code key} (-1: none, the load begins one at {@code site}); the generation it is in after. */
    private long load(long key, long insn, RecoveredDependence.RecoveredBy by, int site) {
        if (key < 0) {
            long fresh = begin(site);
            generations.begunByLoad(fresh, insn);
            key = fresh;
        } else {
            generations.load(key, insn, thread, by);
        }
        if (observer != null) {
            observer.read(key, 0);
        }
        return key;
    }

    /** A store at {@code site} that ends generation {@code key} (-1: none) and begins one, which it returns. */
    private long store(long key, long insn, RecoveredDependence.RecoveredBy by, int site) {
        if (key >= 0) {
            generations.end(key, insn, thread, by);
        }
        long fresh = begin(site);
        generations.begunByStore(fresh, insn);
        if (observer != null) {
            observer.write(key, fresh, 0);
        }
        return fresh;
    }

    /** {@code n} elements of a bulk op, loaded or stored in order: GEN events, stretches of them as RUN events. */
    private void elements(Frame f, int n, boolean store, long insn, RecoveredDependence.RecoveredBy by, int site) {
        long before = -1;   // the element before's generation, -1 for none
        int run = 0;
        int step = 0;
        for (int k = 0; k < n; k++) {
            long key;
            if (run == 0 && k > 0 && TraceEvent.kind(f.data.peek()) == TraceEvent.RUN) {
                long e = f.data.poll();
                run = TraceEvent.value(e);
                step = TraceEvent.runStep(e);
            }
            if (run > 0) {
                run--;
                key = before < 0 ? -1 : Generations.step(before, step);
            } else {
                long e = f.data.poll();
                if (TraceEvent.kind(e) != TraceEvent.GEN) {
                    misaligned++;
                    return;
                }
                long payload = TraceEvent.genPayload(e);
                key = payload == TraceEvent.GEN_NEW ? -1 : resolve(f, payload, site);
            }
            before = key;
            if (store) {
                store(key, insn, by, site);
            } else {
                load(key, insn, by, site);
            }
        }
    }

    private long object(Frame f) {
        long e = f.data.poll();
        if (TraceEvent.kind(e) != TraceEvent.OBJECT) {
            misaligned++;
            return 0;
        }
        return TraceEvent.objectId(e);
    }

    private int index(Frame f) {
        long e = f.data.poll();
        if (TraceEvent.kind(e) != TraceEvent.INDEX) {
            misaligned++;
            return 0;
        }
        return TraceEvent.value(e);
    }

    /** At the end of the thread's trace: activations still open run what they hold. */
    void finish() {
        while (top != null) {
            run(top, Integer.MAX_VALUE);
            leftOver += top.data.size();
            top = top.caller;
            if (observer != null) {
                observer.closed();
            }
        }
    }

    int locations() {
        return heap.locations();
    }
}
