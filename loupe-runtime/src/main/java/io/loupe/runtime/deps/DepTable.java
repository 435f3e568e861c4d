package io.loupe.runtime.deps;

import io.loupe.data.deps.DepType;

import java.util.Arrays;

/**
 * One thread's dependences (CAMP §IV-C): an open-addressing map from
 * {@code (type, crossThread, srcSite, srcContext, dstSite, dstContext)} to a count and, per loop
 * key, relation bits. The paper indexes by destination and chains; a JVM hands out site ids lazily,
 * so one hash over the whole key (linear probing on parallel primitive arrays) serves instead. The
 * cross-thread flag is part of the key: the same pair of sites may be seen within a thread (with
 * loop relations) and across threads (without). Only the owning thread writes it; nothing on the
 * hot path boxes or allocates except a new entry or a new loop key of an entry.
 */
final class DepTable {

    private static final int W = 5;   // ints per key: type|cross, srcSite, srcCtx, dstSite, dstCtx

    private int[] keys;
    private boolean[] used;
    private int shift;
    private int size;

    // per entry, in insertion order (the slot maps to an entry index)
    private int[] slotEntry;
    private int[] entryKeys = new int[16 * W];
    private long[] counts = new long[16];
    private long[] lastAccess = new long[16];
    private int[][] loopKeys = new int[16][];
    private byte[][] relations = new byte[16][];
    private int[] loopCount = new int[16];
    /** Per entry, side by side (one cache line): the stamp and the outcome of its last relation walk. */
    private long[] memo = new long[2 * 16];

    DepTable() {
        allocate(32);
    }

    private void allocate(int capacity) {
        keys = new int[capacity * W];
        used = new boolean[capacity];
        slotEntry = new int[capacity];
        shift = 32 - Integer.numberOfTrailingZeros(capacity);
    }

    private static int hash(int a, int b, int c, int d, int e) {
        int h = a;
        h = h * 0x9E3779B9 + b;
        h = h * 0x9E3779B9 + c;
        h = h * 0x9E3779B9 + d;
        h = h * 0x9E3779B9 + e;
        return h * 0x9E3779B9;
    }

    /**
     * The entry for a key, created if absent; counts the access {@code access} (a per-thread serial)
     * once, however many history entries of one access lead to the same key.
     */
    int hit(DepType type, boolean cross, int srcSite, int srcCtx, int dstSite, int dstCtx, long access) {
        int tc = type.ordinal() << 1 | (cross ? 1 : 0);
        int mask = used.length - 1;
        int e;
        for (int i = hash(tc, srcSite, srcCtx, dstSite, dstCtx) >>> shift; ; i = (i + 1) & mask) {
            if (!used[i]) {
                e = add(i, tc, srcSite, srcCtx, dstSite, dstCtx);
                break;
            }
            int k = i * W;
            if (keys[k] == tc && keys[k + 1] == srcSite && keys[k + 2] == srcCtx && keys[k + 3] == dstSite
                    && keys[k + 4] == dstCtx) {
                e = slotEntry[i];
                break;
            }
        }
        if (lastAccess[e] != access) {
            lastAccess[e] = access;
            counts[e]++;
        }
        return e;
    }

    /**
     * True if entry {@code e}'s last relation walk had this outcome and ended at the loop level
     * pushed with this stamp (its relation bits are then already set: see {@code DepThread}'s
     * stamps); otherwise remembers them and returns false.
     */
    boolean memo(int e, long stamp, int outcome) {
        int m = 2 * e;
        if (memo[m] == stamp && memo[m + 1] == outcome) {
            return true;
        }
        memo[m] = stamp;
        memo[m + 1] = outcome;
        return false;
    }

    /** ORs relation bits into entry {@code e} for loop key {@code loop}. */
    void relate(int e, int loop, byte bits) {
        int[] ks = loopKeys[e];
        int n = loopCount[e];
        for (int i = 0; i < n; i++) {
            if (ks[i] == loop) {
                relations[e][i] |= bits;
                return;
            }
        }
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
    }

    private int add(int slot, int tc, int srcSite, int srcCtx, int dstSite, int dstCtx) {
        int e = size++;
        if (e == counts.length) {
            int n = e * 2;
            entryKeys = Arrays.copyOf(entryKeys, n * W);
            counts = Arrays.copyOf(counts, n);
            lastAccess = Arrays.copyOf(lastAccess, n);
            loopKeys = Arrays.copyOf(loopKeys, n);
            relations = Arrays.copyOf(relations, n);
            loopCount = Arrays.copyOf(loopCount, n);
            memo = Arrays.copyOf(memo, 2 * n);
        }
        int k = e * W;
        entryKeys[k] = tc;
        entryKeys[k + 1] = srcSite;
        entryKeys[k + 2] = srcCtx;
        entryKeys[k + 3] = dstSite;
        entryKeys[k + 4] = dstCtx;
        lastAccess[e] = -1;
        memo[2 * e] = 0;   // stamps start at 1
        if (size * 4 > used.length * 3) {
            rehash();
        } else {
            place(slot, e);
        }
        return e;
    }

    private void place(int slot, int e) {
        used[slot] = true;
        slotEntry[slot] = e;
        System.arraycopy(entryKeys, e * W, keys, slot * W, W);
    }

    private void rehash() {
        allocate(used.length * 2);
        int mask = used.length - 1;
        for (int e = 0; e < size; e++) {
            int k = e * W;
            int i = hash(entryKeys[k], entryKeys[k + 1], entryKeys[k + 2], entryKeys[k + 3], entryKeys[k + 4]) >>> shift;
            while (used[i]) {
                i = (i + 1) & mask;
            }
            place(i, e);
        }
    }

    int size() {
        return size;
    }

    DepType type(int e) {
        return DepType.values()[entryKeys[e * W] >> 1];
    }

    boolean cross(int e) {
        return (entryKeys[e * W] & 1) != 0;
    }

    int srcSite(int e) {
        return entryKeys[e * W + 1];
    }

    int srcContext(int e) {
        return entryKeys[e * W + 2];
    }

    int dstSite(int e) {
        return entryKeys[e * W + 3];
    }

    int dstContext(int e) {
        return entryKeys[e * W + 4];
    }

    long count(int e) {
        return counts[e];
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
