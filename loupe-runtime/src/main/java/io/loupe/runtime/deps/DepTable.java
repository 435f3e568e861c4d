package io.loupe.runtime.deps;

import io.loupe.data.deps.DepType;
import io.loupe.runtime.seqlock.Seqlock;

import java.util.Arrays;

/**
 * One thread's dependences (CAMP §IV-C): an open-addressing map from
 * {@code (type, crossThread, srcSite, srcContext, dstSite, dstContext)} to a count and, per loop
 * key, relation bits. The paper indexes by destination and chains; a JVM hands out site ids lazily,
 * so one hash over the whole key (linear probing) serves instead. The cross-thread flag is part of
 * the key: the same pair of sites may be seen within a thread (with loop relations) and across
 * threads (without). Only the owning thread writes it; nothing on the hot path boxes or allocates
 * except a new entry or a new loop key of an entry.
 *
 * <p><b>Rows.</b> Everything a hit reads or writes — the key, the count, the serial of the last
 * access counted and the memo of the last relation walk — sits in one row of eight {@code long}s,
 * so a hit touches one or two cache lines per row it probes; the table is at most half full
 * (scimark's hits probe 1.7 rows on average). An earlier layout kept them in six parallel arrays
 * (keys, used flags, slot-to-entry, counts, last serials, memos): on lucene, whose one thread
 * keeps 141 thousand dependences under camp, a hit then could miss the cache in six places, and
 * hits were a fifth of the profiler's samples. A row's position moves when the table grows, so
 * {@link #hit} returns a handle that is good until the next hit; entries keep their order of
 * first sight ({@link #size()}, the accessors by entry index) through {@code entryRow}.
 */
final class DepTable {

    /** Longs per row, and the word offsets within one. */
    private static final int W = 8, SRC = 0, DST = 1, TAG = 2, COUNT = 3, LAST = 4, STAMP = 5, OUTCOME = 6;

    /**
     * Per row: srcSite << 32 | srcCtx; dstSite << 32 | dstCtx; (type << 1 | cross) + 1 << 32 | entry
     * (0: an empty row); the count; the access serial last counted; the memo's stamp and outcome.
     */
    private long[] rows;
    private int shift;
    private int size;

    // per entry, in order of first sight
    private int[] entryRow = new int[16];
    private int[][] loopKeys = new int[16][];
    private byte[][] relations = new byte[16][];
    private int[] loopCount = new int[16];
    /**
     * Held by the owner while it adds an entry (rows move when the table grows) or a loop key to
     * one, so that a live dump reads entries as they were ({@code MergedDependences}); a count's
     * increment and a relation bit OR-ed in are single stores, read at some moment of the copy.
     */
    private final Seqlock changes = new Seqlock();

    DepTable() {
        allocate(32);
    }

    private void allocate(int capacity) {
        rows = new long[capacity * W];
        shift = 64 - Integer.numberOfTrailingZeros(capacity);
    }

    private static long pair(int a, int b) {
        return (long) a << 32 | (b & 0xFFFF_FFFFL);
    }

    private int slot(long src, long dst, int tc) {
        long h = (src * 0x9E37_79B9_7F4A_7C15L ^ dst) * 0xC2B2_AE3D_27D4_EB4FL + tc;
        h ^= h >>> 29;
        h *= 0x9E37_79B9_7F4A_7C15L;
        return (int) (h >>> shift);
    }

    /**
     * The handle of the entry for a key, created if absent; counts the access {@code access} (a
     * per-thread serial) once, however many history entries of one access lead to the same key:
     * {@code weight} times, when the access stands for that many (a replayed iteration of a decided
     * nest, {@link NestSummary}; 1 otherwise).
     * The handle serves {@link #memo} and {@link #relate} until the next call of this method.
     */
    int hit(DepType type, boolean cross, int srcSite, int srcCtx, int dstSite, int dstCtx, long access, long weight) {
        int tc = type.ordinal() << 1 | (cross ? 1 : 0);
        long src = pair(srcSite, srcCtx);
        long dst = pair(dstSite, dstCtx);
        long tag = (long) (tc + 1) << 32;
        long[] r = rows;
        int mask = r.length / W - 1;
        int b;
        for (int i = slot(src, dst, tc); ; i = (i + 1) & mask) {
            b = i * W;
            long t = r[b + TAG];
            if (t == 0) {
                b = add(b, src, dst, tag);
                r = rows;
                break;
            }
            if ((t & 0xFFFF_FFFF_0000_0000L) == tag && r[b + SRC] == src && r[b + DST] == dst) {
                break;
            }
        }
        if (r[b + LAST] != access) {
            r[b + LAST] = access;
            r[b + COUNT] += weight;
        }
        return b;
    }

    /**
     * True if the entry's last relation walk (handle {@code h}) ended at the loop level pushed with
     * this stamp with this outcome, or with the same one at distance 1 where this one is farther
     * (bit 0 of an across-iterations outcome, bit 1: {@code DepThread#relate}): its relation bits are
     * then already set (see {@code DepThread}'s stamps). Otherwise remembers them and returns false.
     * A dependence seen at both distances thus walks again only when distance 1 comes back after a
     * walk at another level, not at every change of distance.
     */
    boolean memo(int h, long stamp, int outcome) {
        long[] r = rows;
        if (r[h + STAMP] == stamp) {
            long had = r[h + OUTCOME];
            if (had == outcome || (outcome & 2) != 0 && had == (outcome | 1)) {
                return true;
            }
        }
        r[h + STAMP] = stamp;
        r[h + OUTCOME] = outcome;
        return false;
    }

    /** ORs relation bits into the entry of handle {@code h} for loop key {@code loop}. */
    void relate(int h, int loop, byte bits) {
        int e = (int) rows[h + TAG];
        int[] ks = loopKeys[e];
        int n = loopCount[e];
        for (int i = 0; i < n; i++) {
            if (ks[i] == loop) {
                relations[e][i] |= bits;
                return;
            }
        }
        addLoop(e, loop, bits);
    }

    /**
     * A loop key new to entry {@code e}. Out of {@link #relate}, as {@link #add} is out of
     * {@link #hit}: the lock's brackets stay off the hit path and out of its size, which the JIT's
     * inlining of it into the probes depends on.
     */
    private void addLoop(int e, int loop, byte bits) {
        changes.beginWrite();
        try {
            int[] ks = loopKeys[e];
            int n = loopCount[e];
            if (ks == null) {
                loopKeys[e] = ks = new int[4];
                relations[e] = new byte[4];
            } else if (n == ks.length) {
                loopKeys[e] = ks = Arrays.copyOf(ks, n * 2);
                relations[e] = Arrays.copyOf(relations[e], n * 2);
            }
            ks[n] = loop;
            relations[e][n] = bits;
            loopCount[e] = n + 1;
        } finally {
            changes.endWrite();
        }
    }

    /** The lock a live dump reads this table under. */
    Seqlock changes() {
        return changes;
    }

    /** Fills empty row {@code b} with a new entry and returns its row (moved if the table grew). */
    private int add(int b, long src, long dst, long tag) {
        changes.beginWrite();
        try {
            return addEntry(b, src, dst, tag);
        } finally {
            changes.endWrite();
        }
    }

    private int addEntry(int b, long src, long dst, long tag) {
        int e = size++;
        if (e == entryRow.length) {
            int n = e * 2;
            entryRow = Arrays.copyOf(entryRow, n);
            loopKeys = Arrays.copyOf(loopKeys, n);
            relations = Arrays.copyOf(relations, n);
            loopCount = Arrays.copyOf(loopCount, n);
        }
        long[] r = rows;
        r[b + SRC] = src;
        r[b + DST] = dst;
        r[b + TAG] = tag | e;
        r[b + LAST] = -1;
        r[b + STAMP] = 0;   // stamps start at 1
        entryRow[e] = b;
        if (size * 2 > r.length / W) {
            rehash();
            return entryRow[e];
        }
        return b;
    }

    private void rehash() {
        long[] old = rows;
        allocate(old.length / W * 2);
        long[] r = rows;
        int mask = r.length / W - 1;
        for (int e = 0; e < size; e++) {
            int from = entryRow[e];
            int i = slot(old[from + SRC], old[from + DST], (int) (old[from + TAG] >>> 32) - 1);
            while (r[i * W + TAG] != 0) {
                i = (i + 1) & mask;
            }
            System.arraycopy(old, from, r, i * W, W);
            entryRow[e] = i * W;
        }
    }

    int size() {
        return size;
    }

    /**
     * The entry whose key is that of entry {@code e} of table {@code other}, or -1: read-only, for
     * the dump's merge over threads ({@code MergedDependences}), which must not box or copy a
     * table to find what another thread saw of the same pair.
     */
    int find(DepTable other, int e) {
        long src = other.word(e, SRC);
        long dst = other.word(e, DST);
        long tag = other.word(e, TAG) & 0xFFFF_FFFF_0000_0000L;
        long[] r = rows;
        int mask = r.length / W - 1;
        for (int i = slot(src, dst, (int) (tag >>> 32) - 1), probes = 0; probes <= mask; i = (i + 1) & mask, probes++) {
            int b = i * W;
            long t = r[b + TAG];
            if (t == 0) {
                return -1;
            }
            if ((t & 0xFFFF_FFFF_0000_0000L) == tag && r[b + SRC] == src && r[b + DST] == dst) {
                return (int) t;
            }
        }
        return -1;
    }

    /**
     * Word {@code w} of entry {@code e}'s row. The profile is dumped while threads may still run
     * (DepProfiler reads a table again when the read fails): a table growing meanwhile may pair
     * the old rows with the new positions, which the entry number in the row gives away.
     */
    private long word(int e, int w) {
        int b = entryRow[e];
        long[] r = rows;
        if ((int) r[b + TAG] != e) {
            throw new java.util.ConcurrentModificationException("dependence table grew while read");
        }
        return r[b + w];
    }

    DepType type(int e) {
        return DepType.values()[(int) ((word(e, TAG) >>> 32) - 1) >> 1];
    }

    boolean cross(int e) {
        return ((word(e, TAG) >>> 32) - 1 & 1) != 0;
    }

    int srcSite(int e) {
        return (int) (word(e, SRC) >> 32);
    }

    int srcContext(int e) {
        return (int) word(e, SRC);
    }

    int dstSite(int e) {
        return (int) (word(e, DST) >> 32);
    }

    int dstContext(int e) {
        return (int) word(e, DST);
    }

    long count(int e) {
        return word(e, COUNT);
    }

    int loops(int e) {
        return loopCount[e];
    }

    int loopKey(int e, int i) {
        return loopKeys[e][i];
    }

    byte relation(int e, int i) {
        return relations[e][i];
    }
}
