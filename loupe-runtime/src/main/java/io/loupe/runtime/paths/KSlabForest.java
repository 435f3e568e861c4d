package io.loupe.runtime.paths;

import io.loupe.data.paths.SlabForest;
import io.loupe.runtime.registry.MethodRegistry;
import io.loupe.runtime.seqlock.Seqlock;
import jdk.internal.vm.annotation.DontInline;

import java.util.Arrays;

/**
 * One thread's k-slab forest, built while streaming Ball–Larus path ids (D'Elia et al. 2013, §2.3, Fig. 6).
 *
 * <p>Implementation notes.
 * <ul>
 *   <li><b>Cursor state per activation.</b> The paper's τ (top) and β (bottom) live in the
 *   instrumented method's own locals, packed into one {@code long} ({@code τ << 32 | β}, -1 for
 *   null), so recursion and exceptions need no stack here: a new activation starts from the
 *   "*" state {@link #START}, an unwound one simply disappears. The counter n of Fig. 6 is not
 *   needed: "n mod (k-1) = 0" holds exactly when τ is null or sits at depth k-2, the last level
 *   of the upper slab, and every node knows its depth.</li>
 *   <li><b>Cache-friendly layout.</b> All fields of a node sit side by side in one {@code long[]}
 *   (label and depth, first child, next sibling, counter: 32 bytes), so a child scan touches one
 *   cache line per sibling instead of one per field array — the paper's compress and montecarlo
 *   slowdowns came from poor locality of a pointer-based layout (§4.2).</li>
 *   <li><b>Move-to-front.</b> A child found after the first position is moved to the front of
 *   its parent's list, so hot children are found in one probe; the paper's eclipse worst case
 *   averaged 58.8 sibling scans per item with a node degree of 2.6 (§4.2).</li>
 *   <li><b>Roots.</b> The paper's hash table R, keyed by (method, path id), is a per-method array
 *   indexed by path id for methods with few paths (no hashing at all) and a per-method
 *   {@link PathTable} otherwise.</li>
 *   <li><b>Pruning cold nodes</b> (the paper's §4.2/§6 open problem: its large-k runs ran out of
 *   memory). When the forest reaches its node budget, every non-root node whose subtree counts
 *   sum to less than a threshold is dropped, the threshold chosen so that about half the budget
 *   survives; surviving nodes are compacted in creation order. A dropped node's counter is kept
 *   in a per-(method, path id) residual that the snapshot emits as a childless root, so level 1
 *   of the k-IPF — the plain Ball–Larus counts — stays exact; only cold multi-path sequences are
 *   lost, and the profile says how many. Cursors carry the prune generation: an activation whose
 *   cursor predates the last prune restarts its window as after "*", losing at most k-1 items of
 *   context once.</li>
 *   <li><b>Memo of transitions.</b> Once the nodes an item reaches exist, what the item does is a
 *   function of the cursor and the item alone: the next cursor and the one counter it adds to.
 *   A direct-mapped memo keyed by (cursor, method, path id) remembers that, so an item whose
 *   transition has been seen costs one probe and one increment, and {@link #step} is small enough
 *   for the JIT to inline into instrumented loops (a loop alternating between paths made one call
 *   of ~10 ns per path end before). A run remembers its prefix the same way: the counters of the
 *   items before the state becomes periodic, and its run chain; and a run of up to 127 items is
 *   remembered whole, keyed by its length too ({@link #exactRun}). Moving a child to the front
 *   changes no node index, so entries stay valid until a prune renumbers nodes and clears the
 *   memo. Nothing is skipped that the construction would do: a miss processes the item as
 *   Fig. 6 does and creates its nodes. A hit does not even touch the node: it counts in the
 *   entry, and the hits pending there are added to the node's counter (to a run's counters and
 *   run chain) when the entry is overwritten, the memo cleared or resized, and read by
 *   {@link #snapshot} and {@link #items} — so an item costs one cache line, not two.</li>
 * </ul>
 *
 * <p>Cursor layout: bits 52–63 the prune generation (mod 4096), bits 26–51 τ+1, bits 0–25 β+1
 * (0 for null). {@link #START} is 0: generation 0 with both null, which decodes as "*" in any
 * generation.
 */
public final class KSlabForest {

    /** The cursor at routine entry: τ = β = null (the "*" marker of the stream). */
    public static final long START = 0L;

    /** The most nodes a forest can hold: node indices + 1 must fit 26 bits of the cursor. */
    public static final int MAX_NODES = (1 << 26) - 1;

    private static final long INDEX_MASK = (1L << 26) - 1;
    private static final int GENERATION_MASK = (1 << 12) - 1;

    private static final int STRIDE = 4;
    private static final int LABEL = 0;      // path id (low 32 bits) | depth << 32
    private static final int CHILD = 1;      // first child, -1 if none
    private static final int SIBLING = 2;    // next sibling, -1 if none
    private static final int COUNT = 3;

    private final int upperDepth;            // k-2: depth of the last level of the upper slab
    private int budget;                      // prune when the forest would grow past this
    private int generation;
    private PathTable[] residual = new PathTable[0];     // method id → (path id → pruned counts)
    private long prunedNodes;
    private long prunedCount;
    private long prunes;
    private long[] nodes = new long[STRIDE * 1024];
    private int size;
    private int[][] arrayRoots = new int[64][];   // method id → (path id → node + 1)
    private PathTable[] tableRoots = new PathTable[64];     // method id → (path id → node)
    private long hashOps;
    /**
     * Held by the owner over every change beyond a counter's increment (the misses, which make
     * nodes, move children, fill the memo and prune; the release of hits pending in the memo),
     * so that a live dump copies a forest the owner had ({@link #consistentSnapshot}).
     */
    private final Seqlock changes = new Seqlock();

    private final int maxMemoBits;
    private int memoBits;
    private long memoMisses;                 // misses since the memo last changed size
    private int lastCounter;                 // the counter the last stepMiss added to
    private long[] memo;                     // MEMO_* fields, 4 longs per entry
    private int[] chainOf = new int[0];      // root node → number of its run chain, + 1
    private int[] chains = new int[64];      // run chains, 2k-2 node indices each: chain c at c · 2(k-1)
    private long[] runBlocks = new long[64]; // per run chain, `block` longs at c · block: see cycles
    private int chainCount;                  // run chains made since the last prune
    private final int block;                 // 2(k-1) rounded up to a multiple of 8 (a cache line)
    private int[] prefixes = new int[16];   // runs: length n, n counters, a chain's block (or -1), items cycled there
    private int prefixCount;
    private final int[] prefixScratch;
    private final int k;
    private final long reciprocal;           // ⌈2^32 / (k-1)⌉, for run lengths divided by the slab size

    /**
     * The memo's largest size by default: 4,096 entries (128 KiB, a level-2 cache). It starts at
     * 256 entries (8 KiB), so threads that run little k-path code stay small, and doubles each
     * time it has missed as often as it has entries (SciMark's Monte Carlo ran 27% faster with
     * 4,096 entries than with 1,024).
     */
    static final int MEMO_BITS = 12;
    private static final int FIRST_MEMO_BITS = 8;
    private static final long RUN_KEY = Long.MIN_VALUE;   // marks the memo key of a run (its prefix, or all of it)
    private static final long EMPTY = Long.MAX_VALUE;     // the memo key of an empty entry
    private static final int MEMO_CURSOR = 0;    // key: the cursor before the item
    private static final int MEMO_KEY = 1;       // key: method id << 32 | path id (| RUN_KEY, and for a
                                                 // run memoized whole its length << EXACT_SHIFT); EMPTY
    private static final int MEMO_NEXT = 2;      // the cursor after it; a run's prefix: its length << 32
                                                 // | its chain's block in runBlocks
    private static final int MEMO_COUNTER = 3;   // low 32 bits: the index in nodes of the counter it
                                                 // adds to (a run: its offset in prefixes);
                                                 // high 32 bits: hits not yet added there
    private static final long HIT = 1L << 32;
    /**
     * A run memoized whole carries its length in bits 56–62 of its memo key ({@link #exactRun}):
     * runs of up to 127 items; method ids below 2^24 leave those bits free (a program with more
     * methods memoizes only its first 2^24 methods' runs that way).
     */
    private static final int EXACT_SHIFT = 56;
    private static final int EXACT_MAX = 127;
    private static final int EXACT_METHODS = 1 << 24;
    private static final int[] NO_ROOTS = new int[0];

    /** A forest for {@code k}-iteration paths that prunes cold nodes when it holds {@code budget} nodes. */
    public KSlabForest(int k, int budget) {
        this(k, budget, MEMO_BITS);
    }

    /** The same with a memo of at most 2^{@code maxMemoBits} entries (tests use tiny memos to force collisions). */
    KSlabForest(int k, int budget, int maxMemoBits) {
        if (k < 2) {
            throw new IllegalArgumentException("a k-slab forest needs k >= 2, got " + k);
        }
        if (budget < 16 || budget > MAX_NODES) {
            throw new IllegalArgumentException("node budget must be in [16, " + MAX_NODES + "], got " + budget);
        }
        this.upperDepth = k - 2;
        this.budget = budget;
        if (maxMemoBits < 0 || maxMemoBits > MEMO_BITS) {
            throw new IllegalArgumentException("memo bits must be in [0, " + MEMO_BITS + "], got " + maxMemoBits);
        }
        this.k = k;
        this.maxMemoBits = maxMemoBits;
        this.memoBits = Math.min(FIRST_MEMO_BITS, maxMemoBits);
        this.memo = newMemo();
        this.prefixScratch = new int[2 * k];   // a prefix: at most 2k-3 items
        this.block = (2 * (k - 1) + 7) & ~7;
        this.reciprocal = ((1L << 32) + k - 2) / (k - 1);   // ⌈2^32 / (k-1)⌉
    }

    /**
     * Processes path id {@code r} of method {@code methodId} (Fig. 6, lines 6–31) for the
     * activation whose cursor is {@code cursor}, and returns the activation's new cursor.
     *
     * <p>This is the hot entry point, kept small so that the JIT inlines it into instrumented
     * methods: a hit in the step memo costs two compares and one increment of the hit count in
     * the entry itself, in one cache line (see the class comment); a miss takes {@link #stepMiss}.
     */
    public long step(long cursor, int methodId, int r) {
        long key = ((long) methodId << 32) | (r & 0xffffffffL);
        long[] t = memo;
        int i = memoIndex(t, cursor, key);
        if (t[i + MEMO_KEY] == key && t[i + MEMO_CURSOR] == cursor) {
            if ((t[i + MEMO_COUNTER] += HIT) < 0) {
                releaseHits(t, i);   // 2^31 hits pending: add them now, before the count overflows
            }
            return t[i + MEMO_NEXT];
        }
        return stepMiss(cursor, methodId, r, key);
    }

    /**
     * Processes {@code m} consecutive occurrences of path id {@code r} — what {@code m} calls of
     * {@link #step} would do, in O(k) time however large {@code m} is.
     */
    public long stepRun(long cursor, int methodId, int r, long m) {
        if (m == 1) {
            return step(cursor, methodId, r);
        }
        if (m > 1 && m <= EXACT_MAX && methodId < EXACT_METHODS) {   // not 0: that is the key of a long run
            return exactRun(cursor, methodId, r, (int) m);
        }
        if (m <= 0) {
            // An empty run: what a path end flushes when nothing is pending (every exit of a method
            // whose loop did not run, or ran its last path once). Answered here, inlined, instead of
            // by a call of run, which is never inlined (stepLoop skips them the same way).
            return cursor;
        }
        return run(cursor, methodId, r, m);
    }

    /**
     * A run of {@code m} items {@code r}, {@code 2 <= m <= 127}, memoized whole like one item:
     * keyed by the cursor, the path and {@code m}, an entry gives the cursor after the run and
     * what it adds — its counters, for a run that ends within its prefix, and for a longer one the
     * prefix's counters and the m' items it then adds to its run chain's block. A hit is then one
     * probe inlined where the run ends. Loops that run a few to a hundred iterations per entry
     * (string scanners, binary searches) end such runs at every entry; {@link #run}, a call, cost
     * about three steps' time for a long run, and a run shorter than its prefix went item by item.
     */
    private long exactRun(long cursor, int methodId, int r, int m) {
        long key = ((long) methodId << 32) | (r & 0xffffffffL) | RUN_KEY | ((long) m << EXACT_SHIFT);
        long[] t = memo;
        int i = memoIndex(t, cursor, key);
        if (t[i + MEMO_KEY] == key && t[i + MEMO_CURSOR] == cursor) {
            if ((t[i + MEMO_COUNTER] += HIT) < 0) {
                releaseHits(t, i);
            }
            return t[i + MEMO_NEXT];
        }
        return exactMiss(cursor, methodId, r, m, key);
    }

    /**
     * A run not in the memo: a run no longer than the longest prefix item by item (memo hits or
     * misses), a longer one by {@link #run}; then the run is remembered whole.
     */
    @DontInline
    private long exactMiss(long cursor, int methodId, int r, int m, long exactKey) {
        changes.beginWrite();
        try {
            if (m > 2 * k - 3) {
                long next = run(cursor, methodId, r, m);
                // The prefix run remembered (or found) from this cursor, unless the run ended too
                // soon after its prefix to reach the chain (then it went item by item: not remembered)
                long runKey = ((long) methodId << 32) | (r & 0xffffffffL) | RUN_KEY;
                long[] t = memo;
                int i = memoIndex(t, cursor, runKey);
                if (t[i + MEMO_KEY] == runKey && t[i + MEMO_CURSOR] == cursor && m >= t[i + MEMO_NEXT] >>> 32) {
                    long prefix = t[i + MEMO_NEXT];
                    int length = (int) (prefix >>> 32);
                    int o = (int) t[i + MEMO_COUNTER];
                    int[] counters = prefixScratch;
                    System.arraycopy(prefixes, o + 1, counters, 0, length);
                    rememberPrefix(cursor, exactKey, counters, length, (int) prefix, m - length, next);
                }
                return next;
            }
            // Each item makes at most two nodes: pruning first, if at all, keeps the counters below valid.
            int headroom = 2 * m + 2;
            if (size + headroom > budget) {
                prune(headroom);
            }
            long start = cursor;
            int[] counters = prefixScratch;
            long key = ((long) methodId << 32) | (r & 0xffffffffL);
            for (int j = 0; j < m; j++) {
                cursor = stepCounted(cursor, methodId, r, key, counters, j);
            }
            rememberPrefix(start, exactKey, counters, m, -1, 0, cursor);
            return cursor;
        } finally {
            changes.endWrite();
        }
    }

    /**
     * One item of a run processed on its own, as {@link #step} does, the index of the counter it
     * added to stored in {@code counters[j]}; returns the cursor after it.
     */
    private long stepCounted(long cursor, int methodId, int r, long key, int[] counters, int j) {
        long[] t = memo;
        int i = memoIndex(t, cursor, key);
        if (t[i + MEMO_KEY] == key && t[i + MEMO_CURSOR] == cursor) {
            if ((t[i + MEMO_COUNTER] += HIT) < 0) {
                releaseHits(t, i);
            }
            counters[j] = (int) t[i + MEMO_COUNTER];
            return t[i + MEMO_NEXT];
        }
        long next = stepMiss(cursor, methodId, r, key);   // may resize the memo
        counters[j] = lastCounter;
        return next;
    }

    /** The entry of (cursor, key) in memo {@code t}: high bits of a multiplicative hash. */
    private static int memoIndex(long[] t, long cursor, long key) {
        // The top MEMO_BITS + 2 bits of the product, masked to a multiple of 4 below t.length
        return (int) (((cursor + key) * 0x9E3779B97F4A7C15L) >>> (62 - MEMO_BITS)) & (t.length - 4);
    }

    /**
     * Adds the hits pending in memo entry {@code i} to the counters they stand for — one counter
     * for an item, the prefix's counters for a run — and zeroes them.
     */
    private void release(long[] t, int i) {
        long key = t[i + MEMO_KEY];
        long pending = t[i + MEMO_COUNTER] >>> 32;
        if (key == EMPTY || pending == 0) {
            return;
        }
        int c = (int) t[i + MEMO_COUNTER];
        long[] a = nodes;
        if (key >= 0) {
            a[c] += pending;
        } else {
            int[] pool = prefixes;
            int length = pool[c];
            for (int j = 1; j <= length; j++) {
                a[pool[c + j]] += pending;
            }
            int block = pool[c + length + 1];
            if (block >= 0) {
                cycleTimes(block, pool[c + length + 2], pending);
            }
        }
        t[i + MEMO_COUNTER] = c & 0xffffffffL;
    }

    /** {@link #release} on a hit path, when an entry's pending hits would overflow: a change a live dump must not see half done. */
    @DontInline
    private void releaseHits(long[] t, int i) {
        changes.beginWrite();
        try {
            release(t, i);
        } finally {
            changes.endWrite();
        }
    }

    private void releaseAll() {
        long[] t = memo;
        for (int i = 0; i < t.length; i += 4) {
            release(t, i);
        }
    }

    /**
     * One item the slow way (Fig. 6, lines 6–31); the transition is remembered in the memo. Kept
     * out of line: inlined, it would make {@link #step} too big for the JIT to inline in turn.
     */
    @DontInline
    private long stepMiss(long cursor, int methodId, int r, long key) {
        changes.beginWrite();
        try {
            if (size + 2 > budget) {
                prune(2);
            }
            if (++memoMisses > memo.length >> 2 && memoBits < maxMemoBits) {
                memoBits++;
                releaseAll();
                memo = newMemo();
            }
            int tau = -1;
            int beta = -1;
            if ((int) (cursor >>> 52) == generation) {
                tau = (int) ((cursor >>> 26) & INDEX_MASK) - 1;
                beta = (int) (cursor & INDEX_MASK) - 1;
            }
            // "n mod (k-1) = 0" is "τ is null or ends its slab"
            if (tau < 0 || depth(tau) == upperDepth) {
                beta = tau;
                tau = root(methodId, r);
            } else {
                tau = child(tau, r);
            }
            int counted = tau;
            if (beta >= 0) {
                beta = child(beta, r);
                counted = beta;
            }
            nodes[counted * STRIDE + COUNT]++;
            lastCounter = counted * STRIDE + COUNT;
            long next = cursor(tau, beta);
            remember(cursor, key, next, lastCounter);
            return next;
        } finally {
            changes.endWrite();
        }
    }

    /**
     * A run of {@code m} items {@code r}. Why O(k) works: once a whole slab (k-1 items) of the
     * run has been processed and τ is at the end of that slab, the state is periodic. Each
     * further slab sets β to τ, walks τ down the chain of k-1 copies of r under the root labelled
     * r, and β down the k-1 copies below it, counting each of those β nodes once; it ends where
     * it began. So the items before that point — the run's prefix, at most 2k-3 of them — are
     * processed one by one, and the rest only adds to the lower half of r's run chain
     * ({@link #runChain}). The prefix depends only on the cursor and r, so it is remembered too
     * (see the class comment): a loop that runs one path between the same neighbours again and
     * again pays one memo probe, one hit count in the entry and k-1 counter increments per run.
     */
    @DontInline
    private long run(long cursor, int methodId, int r, long m) {
        if (m <= 0) {
            return cursor;
        }
        long key = ((long) methodId << 32) | (r & 0xffffffffL) | RUN_KEY;
        long[] t = memo;
        int i = memoIndex(t, cursor, key);
        if (t[i + MEMO_KEY] == key && t[i + MEMO_CURSOR] == cursor) {
            long prefix = t[i + MEMO_NEXT];   // the prefix's length << 32 | its chain's block
            // The prefix's last item leaves the run periodic, and a hit means its run chain
            // exists (a prune clears the memo), so any run that gets past the prefix continues
            // there, however few items are left: cycles makes no node.
            if (m >= prefix >>> 32) {
                if ((t[i + MEMO_COUNTER] += HIT) < 0) {
                    releaseHits(t, i);
                }
                return cycles((int) prefix, m - (prefix >>> 32));
            }
        }
        return runMiss(cursor, methodId, r, m, key);
    }

    private long runMiss(long cursor, int methodId, int r, long m, long runKey) {
        changes.beginWrite();
        try {
            int period = upperDepth + 1;
            // At most 2k-3 single steps of two new nodes each and a chain of 2k-2: pruning first, if
            // at all, keeps node indices stable for the whole run.
            int headroom = 6 * period + 8;
            if (size + headroom > budget) {
                prune(headroom);
            }
            long start = cursor;
            int[] counters = prefixScratch;
            int length = 0;
            long key = runKey & ~RUN_KEY;   // the prefix's items, one by one
            // Both loops count in ints: C2 (JDK 17) compiled the same loops over the long m with a
            // profile predicate that kept failing, and recompiled runMiss every few milliseconds while
            // the compile queue starved the program's own methods.
            int steps = (int) Math.min(m, Integer.MAX_VALUE);
            while (length < steps && !(length >= period && atSlabEnd(cursor))) {
                cursor = stepCounted(cursor, methodId, r, key, counters, length++);
            }
            m -= length;
            if (m < period) {
                // Too few left to visit the whole chain: step, so no node is made that steps would not make.
                for (int j = (int) m; j > 0; j--) {
                    cursor = step(cursor, methodId, r);
                }
                return cursor;
            }
            int at = runChain(methodId, r);
            rememberPrefix(start, runKey, counters, length, -1, 0, ((long) length << 32) | at);
            return cycles(at, m);
        } finally {
            changes.endWrite();
        }
    }

    /**
     * From the periodic state of the run chain whose block is at {@code at} (τ at its level k-2),
     * {@code m >= 0} further items: they count the chain's lower half cyclically.
     *
     * <p>The counts go to the chain's block, not to its nodes: the k-1 counters of the lower half
     * side by side, then the cursor a run leaves for each remainder of m / (k-1) — one or two
     * cache lines where the nodes and the chain took k (a loop that runs one path between two
     * others, SciMark's LU, made a run every few iterations). {@link #foldRuns} adds the counters
     * to the nodes at a prune; the dump and {@link #items} read them where they are.
     */
    private long cycles(int at, long m) {
        int period = upperDepth + 1;
        // m / period by a multiply, exact for m < 2^24 and period < 256: the error, below
        // m / 2^32, stays under the 1 / period that a fraction of m / period lacks to the next integer
        long cycles = m < 1 << 24 && period < 256 ? (m * reciprocal) >>> 32 : m / period;
        int rest = (int) (m - cycles * period);
        long[] b = runBlocks;
        for (int j = 0; j < period; j++) {
            b[at + j] += j < rest ? cycles + 1 : cycles;
        }
        return b[at + period + rest];
    }

    /** What {@code times} runs of {@code m} items from the periodic state of block {@code at} add to it. */
    private void cycleTimes(int at, int m, long times) {
        long[] b = runBlocks;
        for (int j = 0, period = upperDepth + 1; j < period; j++) {
            b[at + j] += times * cycled(m, j);
        }
    }

    /**
     * How many of {@code m} items from a run chain's periodic state its lower half's node
     * {@code j} counts (what {@link #cycles} adds, without its multiply: for the slow paths).
     */
    private int cycled(int m, int j) {
        int period = upperDepth + 1;
        return m / period + (j < m % period ? 1 : 0);
    }

    /** Adds every run chain's pending counters to its nodes and zeroes them (the owner, at a prune). */
    private void foldRuns() {
        int period = upperDepth + 1;
        long[] a = nodes;
        long[] b = runBlocks;
        for (int c = 0; c < chainCount; c++) {
            for (int j = 0; j < period; j++) {
                a[chains[c * 2 * period + period + j] * STRIDE + COUNT] += b[c * block + j];
                b[c * block + j] = 0;
            }
        }
    }

    /**
     * Remembers a run's prefix, or a whole run, under the cursor it started from: in
     * {@link #prefixes} its {@code length} counters, then the block of a run chain that it adds
     * {@code cycled} items to (-1 and 0 for none); and {@code next} — for a prefix its length and
     * run chain's block, for a whole run the cursor after it.
     */
    private void rememberPrefix(long start, long runKey, int[] counters, int length, int block, int cycled, long next) {
        while (prefixCount + length + 3 > prefixes.length) {
            if (prefixes.length >= (2 * k + 2) << (memoBits + 1) && prefixCount > 0) {
                // Twice what the memo can point to: mostly prefixes that later runs overwrote
                // in the memo. Start afresh.
                long[] t = memo;
                for (int e = 0; e < t.length; e += 4) {
                    if (t[e + MEMO_KEY] < 0) {
                        release(t, e);
                        t[e + MEMO_KEY] = EMPTY;
                    }
                }
                prefixCount = 0;
            } else {
                prefixes = Arrays.copyOf(prefixes, prefixes.length * 2);
            }
        }
        int o = prefixCount;
        int[] pool = prefixes;
        pool[o] = length;
        System.arraycopy(counters, 0, pool, o + 1, length);
        pool[o + length + 1] = block;
        pool[o + length + 2] = cycled;
        prefixCount = o + length + 3;
        remember(start, runKey, next, o);
    }

    /** Fills the memo entry of (cursor, key), after adding the hits pending in its old content. */
    private void remember(long cursor, long key, long next, int counter) {
        long[] t = memo;
        int i = memoIndex(t, cursor, key);
        release(t, i);
        t[i + MEMO_CURSOR] = cursor;
        t[i + MEMO_KEY] = key;
        t[i + MEMO_NEXT] = next;
        t[i + MEMO_COUNTER] = counter & 0xffffffffL;
    }

    /** True if the cursor's τ is null or at the last level of the upper slab (a current cursor). */
    private boolean atSlabEnd(long cursor) {
        int tau = (int) ((cursor >>> 26) & INDEX_MASK) - 1;
        return tau < 0 || depth(tau) == upperDepth;
    }

    private long cursor(int tau, int beta) {
        return ((long) generation << 52) | ((long) (tau + 1) << 26) | (beta + 1);
    }

    /**
     * The offset in {@link #runBlocks} of the block of the run chain of path {@code r} of method
     * {@code methodId}: the chain is the 2k-2 nodes r, r r, …, r^(2k-2) under the root labelled r,
     * created if absent, cached on the root until the next prune; its block holds its pending
     * counters and the cursors of its periodic states (see {@link #cycles}).
     */
    private int runChain(int methodId, int r) {
        int root = root(methodId, r);
        if (root < chainOf.length && chainOf[root] > 0) {
            return (chainOf[root] - 1) * block;
        }
        int period = upperDepth + 1;
        int length = 2 * period;
        int c = chainCount;
        int at = c * length;
        if (at + length > chains.length) {
            chains = Arrays.copyOf(chains, Math.max(chains.length * 2, at + length));
        }
        if ((c + 1) * block > runBlocks.length) {
            runBlocks = Arrays.copyOf(runBlocks, Math.max(runBlocks.length * 2, (c + 1) * block));
        }
        int node = root;
        for (int j = 0; j < length; j++) {
            chains[at + j] = node;
            if (j + 1 < length) {
                node = child(node, r);
            }
        }
        int b = c * block;
        for (int rest = 0; rest < period; rest++) {
            runBlocks[b + rest] = 0;
            runBlocks[b + period + rest] = rest == 0
                    ? cursor(chains[at + period - 1], chains[at + 2 * period - 1])
                    : cursor(chains[at + rest - 1], chains[at + period + rest - 1]);
        }
        chainCount = c + 1;
        if (root >= chainOf.length) {
            chainOf = Arrays.copyOf(chainOf, Math.max(root + 1, chainOf.length * 2));
        }
        chainOf[root] = c + 1;
        return b;
    }

    private int depth(int node) {
        return (int) (nodes[node * STRIDE + LABEL] >>> 32);
    }

    private int root(int methodId, int r) {
        int[][] byMethod = arrayRoots;
        int[] roots = methodId < byMethod.length ? byMethod[methodId] : null;
        if (roots == null) {
            // First root of this method in this thread: an array if it has few paths, else none
            // (remembered as an empty array, so the registry is asked once).
            roots = allocateRoots(methodId, MethodRegistry.arraySize(methodId));
        }
        if (r >= 0 && r < roots.length) {
            int node = roots[r] - 1;
            if (node < 0) {
                node = newNode(r, 0);
                roots[r] = node + 1;
            }
            return node;
        }
        hashOps++;
        PathTable table = rootTable(methodId);
        int node = (int) table.get(r, -1L);
        if (node < 0) {
            node = newNode(r, 0);
            table.put(r, node);
        }
        return node;
    }

    private PathTable residual(int methodId) {
        if (methodId >= residual.length) {
            residual = Arrays.copyOf(residual, Math.max(methodId + 1, residual.length * 2));
        }
        if (residual[methodId] == null) {
            residual[methodId] = new PathTable();
        }
        return residual[methodId];
    }

    private PathTable rootTable(int methodId) {
        if (methodId >= tableRoots.length) {
            tableRoots = Arrays.copyOf(tableRoots, Math.max(methodId + 1, tableRoots.length * 2));
        }
        PathTable t = tableRoots[methodId];
        if (t == null) {
            t = new PathTable();
            tableRoots[methodId] = t;
        }
        return t;
    }

    private int[] allocateRoots(int methodId, int n) {
        if (methodId >= arrayRoots.length) {
            arrayRoots = Arrays.copyOf(arrayRoots, Math.max(methodId + 1, arrayRoots.length * 2));
        }
        int[] roots = n > 0 ? new int[n] : NO_ROOTS;
        arrayRoots[methodId] = roots;
        return roots;
    }

    /** The child of {@code parent} labelled {@code r}, created if absent, moved to the front. */
    private int child(int parent, int r) {
        long[] a = nodes;
        int p = parent * STRIDE;
        int prev = -1;
        int c = (int) a[p + CHILD];
        while (c >= 0) {
            int cs = c * STRIDE;
            if ((int) a[cs + LABEL] == r) {
                if (prev >= 0) {
                    a[prev * STRIDE + SIBLING] = a[cs + SIBLING];
                    a[cs + SIBLING] = a[p + CHILD];
                    a[p + CHILD] = c;
                }
                return c;
            }
            prev = c;
            c = (int) a[cs + SIBLING];
        }
        int fresh = newNode(r, depth(parent) + 1);
        a = nodes;
        a[fresh * STRIDE + SIBLING] = a[p + CHILD];
        a[p + CHILD] = fresh;
        return fresh;
    }

    private int newNode(int label, int depth) {
        if ((size + 1) * STRIDE > nodes.length) {
            nodes = Arrays.copyOf(nodes, nodes.length * 2);
        }
        int n = size++;
        int s = n * STRIDE;
        nodes[s + LABEL] = (label & 0xffffffffL) | ((long) depth << 32);
        nodes[s + CHILD] = -1;
        nodes[s + SIBLING] = -1;
        nodes[s + COUNT] = 0;
        return n;
    }

    public int size() {
        return size;
    }

    public long hashOps() {
        return hashOps;
    }

    /**
     * Items streamed so far: every item adds one to exactly one counter, which is either still in
     * the forest or was added to the pruned total.
     */
    public long items() {
        long n = prunedCount;
        long[] a = nodes;
        int end = Math.min(size, a.length / STRIDE);
        for (int i = 0; i < end; i++) {
            n += a[i * STRIDE + COUNT];
        }
        return n + addPendingHits(null, end);
    }

    /**
     * Adds the hits still pending in the memo and the counts pending in run chains' blocks to
     * {@code byNode} (when not null), by node, for the first {@code n} nodes, and returns how many
     * there are. Read by the dump, perhaps while the owner runs: offsets are bounds-checked, a
     * torn entry may be missed.
     */
    private long addPendingHits(long[] byNode, int n) {
        long total = 0;
        int period = upperDepth + 1;
        int[] chain = chains;
        long[] b = runBlocks;
        for (int c = 0, count = chainCount; c < count && (c + 1) * 2 * period <= chain.length
                && (c + 1) * block <= b.length; c++) {
            for (int j = 0; j < period; j++) {
                total += add(byNode, n, chain[c * 2 * period + period + j], b[c * block + j]);
            }
        }
        long[] t = memo;
        int[] pool = prefixes;
        for (int i = 0; i + 3 < t.length; i += 4) {
            long key = t[i + MEMO_KEY];
            long pending = t[i + MEMO_COUNTER] >>> 32;
            if (key == EMPTY || pending == 0) {
                continue;
            }
            int c = (int) t[i + MEMO_COUNTER];
            if (key >= 0) {
                total += add(byNode, n, c / STRIDE, pending);
            } else if (c >= 0 && c < pool.length) {
                int length = pool[c];
                for (int j = 1; j <= length && c + j < pool.length; j++) {
                    total += add(byNode, n, pool[c + j] / STRIDE, pending);
                }
                int at = c + length + 2 < pool.length ? pool[c + length + 1] : -1;
                if (at >= 0 && at % block == 0 && (at / block + 1) * 2 * period <= chain.length) {
                    int m = pool[c + length + 2];
                    for (int j = 0; j < period; j++) {
                        total += add(byNode, n, chain[at / block * 2 * period + period + j], pending * cycled(m, j));
                    }
                }
            }
        }
        return total;
    }

    private static long add(long[] byNode, int n, int node, long pending) {
        if (node < 0 || node >= n) {
            return 0;
        }
        if (byNode != null) {
            byNode[node] += pending;
        }
        return pending;
    }

    /** An empty memo of 2^memoBits entries; run prefixes start afresh with it. */
    private long[] newMemo() {
        prefixCount = 0;
        memoMisses = 0;
        long[] t = new long[4 << memoBits];
        for (int i = MEMO_KEY; i < t.length; i += 4) {
            t[i] = EMPTY;   // no method has id 2^31 - 1 and path id -1
        }
        return t;
    }

    /**
     * {@link #snapshot} as a live dump takes it while the owner may run: made again if the owner
     * changed the forest meanwhile, null if it kept changing ({@link Seqlock#read}). Counts are
     * each read at some moment of the copy; hits pending in the memo are added, once, to the
     * nodes they stand for, as a change would have moved them.
     */
    public SlabForest consistentSnapshot(String thread, int k, int attempts) {
        return changes.read(() -> snapshot(thread, k), attempts);
    }

    /** A copy of the forest in the profile model's form (parents before children). */
    public SlabForest snapshot(String thread, int k) {
        int n = size;
        long[] a = nodes;
        int[] parent = new int[n];
        int[] method = rootMethods(n);
        int[] label = new int[n];
        long[] count = new long[n];
        long[] pending = new long[n];
        addPendingHits(pending, n);
        Arrays.fill(parent, -1);
        for (int i = 0; i < n; i++) {
            label[i] = (int) a[i * STRIDE + LABEL];
            count[i] = a[i * STRIDE + COUNT] + pending[i];
            // bounds checked: a thread still running at exit may be linking nodes beyond n
            for (int c = (int) a[i * STRIDE + CHILD]; c >= 0 && c < n; c = (int) a[c * STRIDE + SIBLING]) {
                parent[c] = i;
            }
        }
        for (int i = 0; i < n; i++) {
            if (parent[i] >= 0) {
                method[i] = method[parent[i]];   // parents come first: creation order
            }
        }
        int extra = 0;
        for (PathTable t : residual) {
            extra += t == null ? 0 : t.size();
        }
        if (extra > 0) {
            // Counters of pruned nodes, as childless roots: they keep level 1 of the k-IPF exact.
            int[] p2 = Arrays.copyOf(parent, n + extra);
            int[] m2 = Arrays.copyOf(method, n + extra);
            int[] l2 = Arrays.copyOf(label, n + extra);
            long[] c2 = Arrays.copyOf(count, n + extra);
            int[] next = {n};
            for (int m = 0; m < residual.length; m++) {
                if (residual[m] != null) {
                    int methodId = m;
                    residual[m].forEach((r, c) -> {
                        int i = next[0]++;
                        p2[i] = -1;
                        m2[i] = methodId;
                        l2[i] = r;
                        c2[i] = c;
                    });
                }
            }
            return new SlabForest(thread, k, p2, m2, l2, c2, prunedNodes, prunedCount);
        }
        return new SlabForest(thread, k, parent, method, label, count, prunedNodes, prunedCount);
    }

    /**
     * Drops cold non-root nodes so that about half the budget stays, and compacts the rest.
     * Subtree totals are computed bottom-up in one backward pass (children come after parents);
     * the threshold is the smallest power of two that keeps at most half the budget.
     */
    private void prune(int headroom) {
        prunes++;
        // Node indices change: forget every remembered transition and run chain, after adding
        // their pending hits (the totals below need them).
        releaseAll();
        foldRuns();
        memo = newMemo();
        Arrays.fill(chainOf, 0);
        chainCount = 0;
        generation = (generation + 1) & GENERATION_MASK;
        int n = size;
        long[] a = nodes;
        int[] parent = new int[n];
        Arrays.fill(parent, -1);
        for (int i = 0; i < n; i++) {
            for (int c = (int) a[i * STRIDE + CHILD]; c >= 0; c = (int) a[c * STRIDE + SIBLING]) {
                parent[c] = i;
            }
        }
        long[] total = new long[n];
        int[] byLog = new int[65];
        int roots = 0;
        for (int i = n - 1; i >= 0; i--) {
            total[i] += a[i * STRIDE + COUNT];
            if (parent[i] >= 0) {
                total[parent[i]] += total[i];
                byLog[64 - Long.numberOfLeadingZeros(total[i])]++;
            } else {
                roots++;
            }
        }
        int keepBudget = Math.max(0, budget / 2 - roots);
        int bucket = 64;
        int kept = byLog[64];
        while (bucket > 0 && kept + byLog[bucket - 1] <= keepBudget) {
            bucket--;
            kept += byLog[bucket];
        }
        long threshold = bucket == 0 ? 0 : 1L << (bucket - 1);   // keep subtrees with total ≥ threshold
        compact(parent, total, threshold);
        if (size + headroom > budget) {
            budget = (int) Math.min(MAX_NODES, 2L * size + headroom);   // roots alone fill it: let it grow
        }
    }

    private void compact(int[] parent, long[] total, long threshold) {
        int n = size;
        long[] a = nodes;
        int[] newIndex = new int[n];
        int[] methodOfRoot = rootMethods(n);
        int m = 0;
        for (int i = 0; i < n; i++) {
            boolean keep = parent[i] < 0 || (newIndex[parent[i]] >= 0 && total[i] >= threshold);
            if (!keep) {
                newIndex[i] = -1;
                long c = a[i * STRIDE + COUNT];
                prunedNodes++;
                prunedCount += c;
                if (c != 0) {
                    int root = i;
                    while (parent[root] >= 0) {
                        root = parent[root];
                    }
                    residual(methodOfRoot[root]).add((int) a[i * STRIDE + LABEL], c);
                }
                continue;
            }
            newIndex[i] = m;
            int to = m * STRIDE;
            a[to + LABEL] = a[i * STRIDE + LABEL];
            a[to + COUNT] = a[i * STRIDE + COUNT];
            a[to + CHILD] = -1;
            a[to + SIBLING] = -1;
            if (parent[i] >= 0) {
                int p = newIndex[parent[i]] * STRIDE;
                a[to + SIBLING] = a[p + CHILD];
                a[p + CHILD] = m;
            }
            m++;
        }
        size = m;
        for (int[] roots : arrayRoots) {
            if (roots != null) {
                for (int r = 0; r < roots.length; r++) {
                    if (roots[r] > 0) {
                        roots[r] = newIndex[roots[r] - 1] + 1;
                    }
                }
            }
        }
        for (PathTable table : tableRoots) {
            if (table != null) {
                table.forEach((r, node) -> table.put(r, newIndex[(int) node]));
            }
        }
    }

    /** The method id of every root among the first {@code n} nodes (0 for non-roots). */
    private int[] rootMethods(int n) {
        int[] method = new int[n];
        for (int m = 0; m < arrayRoots.length; m++) {
            int[] roots = arrayRoots[m];
            if (roots != null) {
                for (int root : roots) {
                    if (root > 0 && root <= n) {
                        method[root - 1] = m;
                    }
                }
            }
        }
        for (int m = 0; m < tableRoots.length; m++) {
            if (tableRoots[m] != null) {
                int methodId = m;
                tableRoots[m].forEach((r, node) -> {
                    if (node < n) {
                        method[(int) node] = methodId;
                    }
                });
            }
        }
        return method;
    }

    /** The memo's current number of entries. */
    int memoEntries() {
        return memo.length >> 2;
    }

    public long prunedNodes() {
        return prunedNodes;
    }

    public long prunes() {
        return prunes;
    }
}
