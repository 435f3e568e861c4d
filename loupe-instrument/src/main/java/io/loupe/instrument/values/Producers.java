package io.loupe.instrument.values;

import org.objectweb.asm.tree.analysis.Value;

import java.util.Arrays;

/**
 * A value of the {@link ValueSources} analysis: its size in stack slots and the numbers of the
 * instructions that can have produced it, as a sorted array without repeats. (ASM's
 * {@code SourceValue} keeps a hash set: merging the large sets of methods with many stores to the
 * same variables and many jumps then dominates the time of the whole instrumentation; sorted
 * arrays merge in one linear pass.)
 */
final class Producers implements Value {

    private static final int[] NONE = {};

    final int size;
    final int[] ids;

    private Producers(int size, int[] ids) {
        this.size = size;
        this.ids = ids;
    }

    /** A value no instruction produced (an exception at a handler, an unset variable). */
    static Producers none(int size) {
        return new Producers(size, NONE);
    }

    /** A value produced by producer {@code id}. */
    static Producers of(int size, int id) {
        return new Producers(size, new int[] {id});
    }

    @Override
    public int getSize() {
        return size;
    }

    /** True if every producer of {@code other} is one of this value's. */
    boolean containsAll(Producers other) {
        int[] a = ids;
        int[] b = other.ids;
        if (b.length > a.length) {
            return false;
        }
        int i = 0;
        for (int x : b) {
            while (i < a.length && a[i] < x) {
                i++;
            }
            if (i == a.length || a[i] != x) {
                return false;
            }
        }
        return true;
    }

    /** The producers of both values, with the smaller size (as a merge of a one-slot and a two-slot value is unusable). */
    Producers union(Producers other) {
        int[] a = ids;
        int[] b = other.ids;
        int[] out = new int[a.length + b.length];
        int i = 0;
        int j = 0;
        int n = 0;
        while (i < a.length && j < b.length) {
            if (a[i] < b[j]) {
                out[n++] = a[i++];
            } else if (a[i] > b[j]) {
                out[n++] = b[j++];
            } else {
                out[n++] = a[i++];
                j++;
            }
        }
        while (i < a.length) {
            out[n++] = a[i++];
        }
        while (j < b.length) {
            out[n++] = b[j++];
        }
        return new Producers(Math.min(size, other.size), n == out.length ? out : Arrays.copyOf(out, n));
    }

    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof Producers p && p.size == size && Arrays.equals(p.ids, ids);
    }

    @Override
    public int hashCode() {
        return 31 * size + Arrays.hashCode(ids);
    }
}
