package io.loupe.analysis.slice;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Sets of statements (small ints), interned and named by an int, with memoized unions: the values
 * a forward-computed dynamic slice carries on every stack slot, local and heap location (Zhang,
 * Gupta and Zhang's forward slicing shares them the same way, with BDDs). A program's slices
 * are few distinct sets over and over, so an int per value and a lookup per union is what it costs.
 * Set 0 is the empty set. Not thread-safe.
 */
final class LineSets {

    static final int EMPTY = 0;

    /** Unions memoized at most; past it the memo starts over (the sets stay). */
    private static final int MEMO_LIMIT = 1 << 22;

    private final List<int[]> members = new ArrayList<>();
    private final Map<Key, Integer> ids = new HashMap<>();
    private final Map<Long, Integer> unions = new HashMap<>();
    private final Map<Integer, Integer> singletons = new HashMap<>();

    private record Key(int[] members) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(members, k.members);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(members);
        }
    }

    LineSets() {
        intern(new int[0]);
    }

    /** The set of one statement. */
    int of(int statement) {
        Integer id = singletons.get(statement);
        if (id == null) {
            id = intern(new int[] {statement});
            singletons.put(statement, id);
        }
        return id;
    }

    /** The union of sets {@code a} and {@code b}. */
    int union(int a, int b) {
        if (a == b || b == EMPTY) {
            return a;
        }
        if (a == EMPTY) {
            return b;
        }
        long key = a < b ? (long) a << 32 | b : (long) b << 32 | a;
        Integer u = unions.get(key);
        if (u == null) {
            u = intern(merge(members.get(a), members.get(b)));
            if (unions.size() >= MEMO_LIMIT) {
                unions.clear();
            }
            unions.put(key, u);
        }
        return u;
    }

    /** The statements of set {@code id}, in increasing order (not to be changed). */
    int[] members(int id) {
        return members.get(id);
    }

    /** Distinct sets made so far. */
    int size() {
        return members.size();
    }

    private int intern(int[] m) {
        Key k = new Key(m);
        Integer id = ids.get(k);
        if (id == null) {
            id = members.size();
            members.add(m);
            ids.put(k, id);
        }
        return id;
    }

    private static int[] merge(int[] a, int[] b) {
        int[] r = new int[a.length + b.length];
        int i = 0;
        int j = 0;
        int n = 0;
        while (i < a.length && j < b.length) {
            if (a[i] < b[j]) {
                r[n++] = a[i++];
            } else if (a[i] > b[j]) {
                r[n++] = b[j++];
            } else {
                r[n++] = a[i++];
                j++;
            }
        }
        while (i < a.length) {
            r[n++] = a[i++];
        }
        while (j < b.length) {
            r[n++] = b[j++];
        }
        return n == r.length ? r : Arrays.copyOf(r, n);
    }
}
