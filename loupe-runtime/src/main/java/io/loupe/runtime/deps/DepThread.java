package io.loupe.runtime.deps;

import io.loupe.data.deps.ContextNode;
import io.loupe.data.deps.Dependence;

import java.util.Arrays;

/**
 * One thread's dependence profiling state: its clock, loop stack, call frames, current context,
 * dependence table and loop records. Only the owning thread calls it.
 *
 * <p><b>Clock.</b> Every event ticks the clock first, so an access's time never equals a threshold.
 * A loop level keeps the time its invocation began ({@code inv}) and its current iteration began
 * ({@code iter}); an earlier access at {@code t} relates to the current point at each level,
 * outermost first: {@code t ≥ iter} intra (go deeper), {@code inv ≤ t < iter} inter (stop),
 * {@code t < inv} not a common level (stop). This is Algorithm 1, lines 6–14, on timestamps
 * instead of iteration vectors (docs/deps.md, "Iterations and timestamps").
 *
 * <p><b>Loop records.</b> A loop's iterations count the executions of its header: one at entry plus
 * one per back edge.
 *
 * <p><b>Recursion</b> (CAMP §III-A: the first recursive call site is a loop node whose iterations
 * are the recursion depth). A call to a method active on this thread at frame {@code k} is a
 * recursion entered through frame {@code k}'s call site. Loupe cannot know a method is recursive
 * before it recurses, so the pseudo-loop begins at the first recursive call: a level is pushed on
 * the current stack (the recursion runs inside the loops active when it began), keyed by the loop
 * context node {@code recursionLoop(site)} below frame {@code k}'s call node, or by that loop id in
 * lamp mode, and the context of every activation inside it is that node. Every further recursive
 * call and every return to an activation still inside the recursion begins a new iteration: an
 * iteration is a stretch of one activation between calls, so accesses of two activations (or of
 * one activation before and after it recursed) are inter, accesses within one stretch intra. The
 * loops above the pseudo-loop (those of the recursing activations) are hidden while a deeper
 * activation runs (moved aside, put back when it returns): an activation sees the loops around
 * the recursion, the pseudo-loop and its own loops, so the stack stays as deep as one
 * activation's nest, however deep the recursion. A recursion whose outermost frame lies inside
 * the first cycle of an active one (frames {@code r ≤ k < s}) is that same recursion, so mutual
 * recursion is one pseudo-loop; any other is a new pseudo-loop pushed on top. The pseudo-loop ends
 * when the first recursive call returns. Its record counts one invocation per recursion and one
 * iteration per recursive activation. Accesses of the outermost activation before the first
 * recursive call precede the pseudo-loop's invocation, so they have no relation at its level.
 *
 * <p><b>Exceptions.</b> {@link #mark()} at a method's entry and {@link #restore(long, int)} at a
 * handler unwind frames, loops and context to that entry plus the loops enclosing the handler.
 */
public final class DepThread {

    private static final byte NORMAL = 0, RECURSION_START = 1, RECURSION_STEP = 2;
    /** A frame's ints: {@code 1 << FS}, and the offsets of its fields. */
    private static final int FS = 4;
    private static final int F_METHOD = 0, F_SITE = 1, F_CTX_BEFORE = 2, F_DEPTH_BEFORE = 3, F_CALLEE = 4,
            F_BASE = 5, F_KIND = 6, F_REGION = 7, F_MOVED_FROM = 8, F_ASIDE = 9;

    final DepProfiler profiler;
    final int id;
    /** The thread this state belongs to (the one that created it). */
    final Thread owner;
    private final boolean camp;
    private final ContextTree tree;
    final DepTable table = new DepTable();
    final LoopCounts loops = new LoopCounts();

    private static final java.lang.invoke.VarHandle BUSY;

    static {
        try {
            BUSY = java.lang.invoke.MethodHandles.lookup().findVarHandle(DepThread.class, "busy", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * 1 while this thread updates a history before the profile is {@link DepProfiler#shared()}:
     * set before that flag is read, cleared after the update, and read by the thread that shares
     * the profile (once the JVM has brought this one to a safepoint) to wait for the update to end.
     */
    @SuppressWarnings("unused")   // through BUSY
    private int busy;

    private long clock;
    /** Serial of the current access, so a dependence counts once per destination access. */
    long access;
    /** Stores to a sealed location: none unless the instrumenter took a store for a field's only one. */
    long storesAfterSeal;
    /**
     * How many accesses the access being recorded stands for: 1, except while a decided nest's
     * accesses are replayed, where one replayed iteration of a loop stands for all the iterations
     * that repeat it ({@link NestSummary}). Dependence counts add it.
     */
    long weight = 1;
    /** Accesses of decided nests accounted for beyond the ones replayed one by one ({@link NestSummary}). */
    long summarized;
    /** Per nest id: invocations decided and profiled by this thread ({@link NestEntry}). */
    final NestCounts nests = new NestCounts();
    /** The inputs of the nest being entered, passed one by one ({@link NestEntry}). */
    long[] nestInts = new long[8];
    Object[] nestRefs = new Object[8];
    int nestInputs;
    /** Per nest id: this thread's memory of it ({@link NestMemo}). */
    private NestMemo[] memos = new NestMemo[0];
    /**
     * The current context: its node id in camp mode (-1 in lamp mode). Contexts are ids, not
     * nodes, in every field and array of this class: an access reads the id as it is, and a call,
     * return or loop event stores no reference. Under G1, the JVM's default collector, a reference
     * stored into an old object or array pays a write barrier with a full fence once the two lie
     * in different regions. With node references, call and return events were 16% of h2's
     * samples under camp with G1; with ids, 4.5%.
     */
    private int ctx;

    /**
     * Direct-mapped caches of context children, one for call sites and one for loops, indexed by a
     * hash of the site and the parent context: the node this thread last moved to from that
     * context through that site. A node knows its site and parent, so a hit is two compares and a
     * miss asks the tree (a lookup by id and the parent's child table: two or three more cache
     * lines). Indexed by the site alone, as an earlier version was, a site reached from several
     * contexts in turn (an interpreter's call, a getter, a recursion) missed every time: 35% of
     * luaj's 215 million lookups and 46% of h2's 87 million missed; with the pair and 4,096 slots,
     * 0.7% and 6%. Fixed in size, not indexed by every id: a program with hundreds of thousands of
     * call sites and hundreds of threads (commons-lang's suite) would otherwise give each thread
     * arrays as long as its largest id; these take 32 KiB per thread.
     */
    private static final int CHILD_CACHE = 4096;
    private final ContextTree.Node[] callChild = new ContextTree.Node[CHILD_CACHE];
    private final ContextTree.Node[] loopChild = new ContextTree.Node[CHILD_CACHE];

    // loop stack (visible levels)
    int depth;
    /** Per level: its loop key, in camp mode the id of the loop's context node (the context inside it). */
    int[] lvKey = new int[8];
    private int[] lvLoop = new int[8];
    private int[] lvOuter = new int[8];
    long[] lvInv = new long[8];
    long[] lvIter = new long[8];
    /**
     * Per level: when its previous iteration began (its entry during the first): an access at or
     * after it but before {@link #lvIter} ran in the iteration just before, at distance 1.
     */
    private long[] lvPrev = new long[8];
    /** Per level: the latest threshold of the levels up to it (prefix maximum of {@code lvIter}). */
    private long[] lvMax = new long[8];
    /**
     * Per level: a stamp unique to the push that made it (pushes counted by {@link #pushes}). A
     * level stays where it was pushed until popped (hiding moves it aside and puts it back in the
     * same place), and the levels below it cannot change while it is there, so its stamp names the
     * keys of every level up to it: a dependence whose relation walk ended at a level with the
     * same stamp and the same outcome has its relation bits already ({@link DepTable#memo}).
     */
    private long[] lvStamp = new long[8];
    private long pushes;

    // levels hidden by recursive calls
    private int aside;
    private int[] asKey = new int[8];
    private int[] asLoop = new int[8];
    private int[] asOuter = new int[8];
    private long[] asInv = new long[8];
    private long[] asIter = new long[8];
    private long[] asPrev = new long[8];
    private long[] asStamp = new long[8];

    // call frames; frame 0 is the thread's entry
    private int frame;
    /**
     * The frames, 16 ints each in one array (a frame's ten fields lie side by side, in one or two
     * cache lines, and a call loads one array instead of ten): frame {@code f}'s field {@code F_X}
     * is {@code fr[f << FS | F_X]}.
     */
    private int[] fr = new int[16 << FS];

    // per method: active activations and the frame of the outermost one
    private int[] active = new int[64];
    private int[] outer = new int[64];

    // active recursions: outermost frame r, first recursive frame s, level
    private int regions;
    private int[] rgR = new int[4];
    private int[] rgS = new int[4];
    private int[] rgLevel = new int[4];

    DepThread(DepProfiler profiler, int id) {
        this.profiler = profiler;
        this.id = id;
        this.owner = Thread.currentThread();
        this.tree = profiler.tree();
        this.camp = tree != null;
        this.ctx = camp ? tree.root().id : -1;
        fr[F_CALLEE] = ctx;   // frame 0
    }

    /** The thread's serial in its profiler. */
    public int id() {
        return id;
    }

    /** The current context id: a node id in camp mode, -1 in lamp mode. */
    public int context() {
        return ctx;
    }

    /** Accesses made by this thread so far, those of decided nests included. */
    public long accesses() {
        return access + summarized;
    }

    /** Stores this thread made to sealed locations ({@link LocationHistory}): 0 unless the instrumenter erred. */
    public long storesAfterSeal() {
        return storesAfterSeal;
    }

    /** The current loop-stack depth. */
    public int loopDepth() {
        return depth;
    }

    /** Marks the start of a history update ({@link LocationHistory#access}): an opaque store, no fence. */
    void enterUpdate() {
        BUSY.setOpaque(this, 1);
    }

    /** Marks its end: a release store, so the update's writes are visible before the mark is gone. */
    void exitUpdate() {
        BUSY.setRelease(this, 0);
    }

    /** Whether this thread is in an update (read by another thread: volatile). */
    boolean busy() {
        return (int) BUSY.getVolatile(this) != 0;
    }

    long tick() {
        return ++clock;
    }

    // ---- accesses ----

    /** A load of the location whose history is {@code h} by access site {@code site}. */
    public void load(LocationHistory h, int site) {
        h.access(this, site, LocationHistory.LOAD);
    }

    /** A store to the location whose history is {@code h} by access site {@code site}. */
    public void store(LocationHistory h, int site) {
        h.access(this, site, LocationHistory.STORE);
    }

    /** The only store its final field's location will see ({@link LocationHistory#SEALING_STORE}). */
    public void sealingStore(LocationHistory h, int site) {
        h.access(this, site, LocationHistory.SEALING_STORE);
    }

    /**
     * ORs the relations of an earlier access of this thread at {@code t} into the table entry whose
     * handle {@link DepTable#hit} just gave ({@code h}): intra at the levels whose current iteration
     * began before {@code t}, outermost first, then inter at the first level whose current
     * invocation (not iteration) did, if any.
     */
    void relate(int h, long t) {
        int l = levelsBefore(t);
        while (l < depth && t >= lvIter[l]) {
            l++;
        }
        boolean inter = l < depth && t >= lvInv[l];
        if (l == 0 && !inter) {
            return;   // before the outermost invocation: no common level
        }
        boolean near = inter && t >= lvPrev[l];   // in the iteration just before: distance 1
        if (table.memo(h, lvStamp[inter ? l : l - 1], l << 2 | (inter ? 2 : 0) | (near ? 1 : 0))) {
            return;   // the same walk over the same levels: nothing new to OR
        }
        for (int i = 0; i < l; i++) {
            table.relate(h, lvKey[i], Dependence.INTRA);
        }
        if (inter) {
            table.relate(h, lvKey[l], near ? NEAR_INTER : Dependence.INTER);
        }
    }

    /** Across iterations, at distance 1. */
    private static final byte NEAR_INTER = Dependence.INTER | Dependence.NEAR;

    /**
     * The latest threshold of the current stack (0 with no loop): an access after it is in the
     * newest interval. A level's iteration never begins before its invocation.
     */
    long newestThreshold() {
        return depth == 0 ? 0 : lvMax[depth - 1];
    }

    /**
     * How many levels, from the outermost, have every threshold before {@code t}: the levels whose
     * prefix maximum is at most {@code t} (a level's invocation never begins after its iteration),
     * which come first since the maxima never decrease. An access in the newest interval takes
     * one compare; an older one a binary search below the top level.
     */
    private int levelsBefore(long t) {
        int d = depth;
        if (d == 0 || lvMax[d - 1] <= t) {
            return d;   // the newest interval: the common case, one compare
        }
        int lo = 0;
        int hi = d - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (lvMax[mid] <= t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Recomputes the prefix maxima of the thresholds from level {@code from} up. */
    private void recomputeMax(int from) {
        for (int l = Math.max(0, from); l < depth; l++) {
            lvMax[l] = l == 0 ? lvIter[0] : Math.max(lvMax[l - 1], lvIter[l]);
        }
    }

    /**
     * Whether times {@code older ≤ newer} fall in the same interval of the current thresholds: no
     * threshold in {@code (older, newer]}. The levels whose thresholds all lie at or before
     * {@code older} (a binary search of the prefix maxima) cannot have one; the others are checked.
     */
    boolean sameInterval(long older, long newer) {
        for (int l = levelsBefore(older); l < depth; l++) {
            long inv = lvInv[l];
            long iter = lvIter[l];
            if (inv > older && inv <= newer || iter > older && iter <= newer) {
                return false;
            }
        }
        return true;
    }

    // ---- loops ----

    /** Entry into loop {@code loopId} from outside it. */
    public void enterLoop(int loopId) {
        long now = tick();
        int node = camp ? loopNode(loopId) : -1;
        int key = camp ? node : loopId;
        push(key, loopId, ctx, now);
        int s = loops.slot(key, loopId);
        loops.invoked(s);
        loops.iterated(s);
        ctx = node;
    }

    /** A back edge of the innermost loop. */
    public void nextIteration() {
        long now = tick();
        if (depth > fr[frame << FS | F_BASE]) {
            lvPrev[depth - 1] = lvIter[depth - 1];
            lvIter[depth - 1] = now;
            lvMax[depth - 1] = now;
            loops.iterated(loops.slot(lvKey[depth - 1], lvLoop[depth - 1]));
        }
    }

    /** An exit from the innermost loop. */
    public void exitLoop() {
        tick();
        if (depth > fr[frame << FS | F_BASE]) {
            depth--;
            ctx = lvOuter[depth];
        }
    }

    // ---- replays of decided nests (NestSummary) ----

    /** This thread's memory of nest {@code nest}. */
    NestMemo memo(int nest) {
        if (nest >= memos.length) {
            memos = Arrays.copyOf(memos, Math.max(nest + 1, memos.length * 2));
        }
        NestMemo m = memos[nest];
        if (m == null) {
            memos[nest] = m = new NestMemo();
        }
        return m;
    }

    /** The next input of the nest being entered: an int, or a reference. */
    void nestInput(long value, Object ref) {
        int k = nestInputs++;
        if (k == nestInts.length) {
            nestInts = Arrays.copyOf(nestInts, k * 2);
            nestRefs = Arrays.copyOf(nestRefs, k * 2);
        }
        nestInts[k] = value;
        nestRefs[k] = ref;
    }

    /**
     * Enters a level of loop {@code loopId} keyed {@code key} for a replay, the context inside it
     * {@code inside}: as {@link #enterLoop} does, but the loop's record is not counted (a summary
     * counts a decided nest's loops in closed form).
     */
    void enterReplayed(int key, int loopId, int inside) {
        long now = tick();
        push(key, loopId, ctx, now);
        ctx = inside;
    }

    /** The next iteration of the innermost replayed level. */
    void nextReplayed() {
        long now = tick();
        lvPrev[depth - 1] = lvIter[depth - 1];
        lvIter[depth - 1] = now;
        lvMax[depth - 1] = now;
    }

    /** Leaves the innermost replayed level. */
    void exitReplayed() {
        tick();
        depth--;
        ctx = lvOuter[depth];
    }

    /** Adds to the record of loop {@code loopId} keyed {@code key}: invocations and iterations of a decided nest. */
    void countDecided(int key, int loopId, long invocations, long iterations) {
        loops.add(key, loopId, invocations, iterations, invocations);
    }

    /** Whether contexts are kept (camp mode). */
    boolean camp() {
        return camp;
    }

    /** The loop context node of loop {@code loopId} below context {@code parent} (camp mode). */
    int loopNodeBelow(int parent, int loopId) {
        int saved = ctx;
        ctx = parent;
        int node = loopNode(loopId);
        ctx = saved;
        return node;
    }

    /** The child of the current context for call site {@code site}. */
    private int callNode(int site) {
        return cachedChild(callChild, ContextNode.Kind.CALL, site);
    }

    /** The child of the current context for loop {@code loopId}. */
    private int loopNode(int loopId) {
        return cachedChild(loopChild, ContextNode.Kind.LOOP, loopId);
    }

    private int cachedChild(ContextTree.Node[] cache, ContextNode.Kind kind, int site) {
        int i = (site * 0x9E3779B9 + ctx * 0x85EBCA6B) >>> 16 & (CHILD_CACHE - 1);
        ContextTree.Node n = cache[i];
        if (n != null && n.site == site && n.parentId == ctx) {
            return n.id;   // the cache holds one kind: the site and the parent name the child
        }
        n = tree.child(tree.node(ctx), kind, site);
        cache[i] = n;
        return n.id;
    }

    /** The context inside level {@code level}: its loop key in camp mode, none (-1) in lamp mode. */
    private int levelContext(int level) {
        return camp ? lvKey[level] : -1;
    }

    private void push(int key, int loop, int outerCtx, long now) {
        ensureLevels(depth + 1);
        lvKey[depth] = key;
        lvLoop[depth] = loop;
        lvOuter[depth] = outerCtx;
        lvInv[depth] = now;
        lvIter[depth] = now;
        lvPrev[depth] = now;
        lvMax[depth] = now;
        lvStamp[depth] = ++pushes;
        depth++;
    }

    private void ensureLevels(int capacity) {
        if (capacity > lvKey.length) {
            int n = Math.max(capacity, lvKey.length * 2);
            lvKey = Arrays.copyOf(lvKey, n);
            lvLoop = Arrays.copyOf(lvLoop, n);
            lvOuter = Arrays.copyOf(lvOuter, n);
            lvInv = Arrays.copyOf(lvInv, n);
            lvIter = Arrays.copyOf(lvIter, n);
            lvPrev = Arrays.copyOf(lvPrev, n);
            lvMax = Arrays.copyOf(lvMax, n);
            lvStamp = Arrays.copyOf(lvStamp, n);
        }
    }

    // ---- calls ----

    /** Before a call at {@code callSite} to method {@code method} (dense method id). */
    public void enterCall(int callSite, int method) {
        long now = tick();
        int f = ++frame;
        if (f << FS == fr.length) {
            fr = Arrays.copyOf(fr, fr.length * 2);
        }
        if (method >= active.length) {
            int n = Math.max(method + 1, active.length * 2);
            active = Arrays.copyOf(active, n);
            outer = Arrays.copyOf(outer, n);
        }
        fr[f << FS | F_METHOD] = method;
        fr[f << FS | F_SITE] = callSite;
        fr[f << FS | F_CTX_BEFORE] = ctx;
        fr[f << FS | F_DEPTH_BEFORE] = depth;
        fr[f << FS | F_MOVED_FROM] = depth;
        fr[f << FS | F_ASIDE] = aside;
        fr[f << FS | F_KIND] = NORMAL;
        fr[f << FS | F_REGION] = -1;
        if (active[method]++ == 0) {
            outer[method] = f;
            if (camp) {
                ctx = callNode(callSite);
            }
        } else {
            recursiveCall(f, outer[method], now);
        }
        fr[f << FS | F_CALLEE] = ctx;
        fr[f << FS | F_BASE] = depth;
    }

    private void recursiveCall(int f, int k, long now) {
        int i = regions - 1;
        while (i >= 0 && rgR[i] > k) {
            i--;
        }
        if (i >= 0 && k < rgS[i]) {
            // the same recursion again: a new iteration of its pseudo-loop
            int q = rgLevel[i];
            hideAbove(f, q + 1);
            lvPrev[q] = lvIter[q];
            lvIter[q] = now;
            lvMax[q] = now;   // the top level now
            loops.iterated(loops.slot(lvKey[q], lvLoop[q]));
            fr[f << FS | F_KIND] = RECURSION_STEP;
            fr[f << FS | F_REGION] = i;
            ctx = levelContext(q);
        } else {
            // a new recursion entered through frame k's call site, nested in the loops active now
            hideAbove(f, depth);
            int loopId = profiler.recursionLoop(fr[k << FS | F_SITE]);
            int node = camp ? tree.loop(tree.node(fr[k << FS | F_CALLEE]), loopId).id : -1;
            int key = camp ? node : loopId;
            push(key, loopId, ctx, now);
            int s = loops.slot(key, loopId);
            loops.invoked(s);
            loops.iterated(s);
            if (regions == rgR.length) {
                rgR = Arrays.copyOf(rgR, regions * 2);
                rgS = Arrays.copyOf(rgS, regions * 2);
                rgLevel = Arrays.copyOf(rgLevel, regions * 2);
            }
            rgR[regions] = k;
            rgS[regions] = f;
            rgLevel[regions] = depth - 1;
            fr[f << FS | F_REGION] = regions++;
            fr[f << FS | F_KIND] = RECURSION_START;
            ctx = node;
        }
    }

    /** Moves the levels from {@code from} up aside (frame {@code f} puts them back on return). */
    private void hideAbove(int f, int from) {
        fr[f << FS | F_MOVED_FROM] = from;
        fr[f << FS | F_ASIDE] = aside;
        int n = depth - from;
        if (n <= 0) {
            return;
        }
        if (aside + n > asKey.length) {
            int c = Math.max(aside + n, asKey.length * 2);
            asKey = Arrays.copyOf(asKey, c);
            asLoop = Arrays.copyOf(asLoop, c);
            asOuter = Arrays.copyOf(asOuter, c);
            asInv = Arrays.copyOf(asInv, c);
            asIter = Arrays.copyOf(asIter, c);
            asPrev = Arrays.copyOf(asPrev, c);
            asStamp = Arrays.copyOf(asStamp, c);
        }
        System.arraycopy(lvKey, from, asKey, aside, n);
        System.arraycopy(lvLoop, from, asLoop, aside, n);
        System.arraycopy(lvOuter, from, asOuter, aside, n);
        System.arraycopy(lvInv, from, asInv, aside, n);
        System.arraycopy(lvIter, from, asIter, aside, n);
        System.arraycopy(lvPrev, from, asPrev, aside, n);
        System.arraycopy(lvStamp, from, asStamp, aside, n);
        aside += n;
        depth = from;
    }

    /** After a call returns normally. */
    public void exitCall() {
        long now = tick();
        if (frame > 0) {
            popFrame(now);
        }
    }

    private void popFrame(long now) {
        int f = frame--;
        active[fr[f << FS | F_METHOD]]--;
        if (fr[f << FS | F_KIND] != NORMAL) {
            // put back the levels the recursive call hid
            int from = fr[f << FS | F_MOVED_FROM];
            int n = aside - fr[f << FS | F_ASIDE];
            ensureLevels(from + n);
            aside = fr[f << FS | F_ASIDE];
            System.arraycopy(asKey, aside, lvKey, from, n);
            System.arraycopy(asLoop, aside, lvLoop, from, n);
            System.arraycopy(asOuter, aside, lvOuter, from, n);
            System.arraycopy(asInv, aside, lvInv, from, n);
            System.arraycopy(asIter, aside, lvIter, from, n);
            System.arraycopy(asPrev, aside, lvPrev, from, n);
            System.arraycopy(asStamp, aside, lvStamp, from, n);
            if (fr[f << FS | F_KIND] == RECURSION_START) {
                regions--;
            } else {
                // back in an activation inside the recursion: a new stretch, a new iteration
                int q = rgLevel[fr[f << FS | F_REGION]];
                lvPrev[q] = lvIter[q];
                lvIter[q] = now;
            }
            depth = fr[f << FS | F_DEPTH_BEFORE];
            int step = fr[f << FS | F_KIND] == RECURSION_STEP ? rgLevel[fr[f << FS | F_REGION]] : from;
            recomputeMax(Math.min(from, step));
        }
        depth = fr[f << FS | F_DEPTH_BEFORE];
        ctx = fr[f << FS | F_CTX_BEFORE];
    }

    // ---- exceptions ----

    /** The state at a method's entry, kept in a local: its frame and loop depth. */
    public long mark() {
        return (long) frame << 32 | depth;
    }

    /**
     * At an exception handler: unwinds the frames the exception left, then returns to the
     * method's entry state ({@code mark}) plus the {@code enclosingLoops} loops that statically
     * enclose the handler, whose iteration state is still live.
     */
    public void restore(long mark, int enclosingLoops) {
        long now = tick();
        int f = (int) (mark >>> 32);
        while (frame > f) {
            popFrame(now);
        }
        int d = (int) mark + enclosingLoops;
        if (d < depth) {
            depth = d;
        }
        ctx = depth > fr[frame << FS | F_BASE] ? levelContext(depth - 1) : fr[frame << FS | F_CALLEE];
    }
}
