package io.loupe.runtime.deps;

import java.lang.reflect.Array;

/**
 * Bulk array operations as per-element loads and stores of one site, fed to the engine in the
 * order the operation performs them. A helper is called just before the operation with its
 * arguments; when the operation will throw before it touches an element (null or non-array
 * arguments, a range out of bounds, incompatible array types) it records nothing and returns, and
 * the operation itself throws as it would have.
 *
 * <p><b>{@code System.arraycopy}.</b> Between two distinct arrays the copy reads one source element
 * and writes one destination element at a time, lowest index first. Within one array the copy is
 * specified as if through a temporary array: every source element is read before any destination
 * element is written. So the helper records all loads of the source range, then all stores of the
 * destination range: with overlapping ranges a moved element gives a WAR from the copy's own load of
 * the old value, never a RAW from a store the same copy made (which an element-by-element order
 * would invent for {@code arraycopy(a, 0, a, 1, n)}). Between reference arrays whose component types
 * are not assignable the copy stops at the first element the destination cannot hold (an
 * {@code ArrayStoreException} after copying the elements before it): the helper records those
 * elements only.
 *
 * <p><b>{@code Arrays.fill}</b> writes its range, lowest index first. A fill of an {@code Object[]}
 * with a value of the wrong type throws at its first store, which the helper does not see (it is not
 * given the value): that call is recorded as writing its range. <b>{@code Arrays.copyOf},
 * {@code copyOfRange}, {@code clone()}</b> read the part of the original they copy; the copy is a new
 * array and is not written (nothing is recorded at allocation).
 */
public final class BulkAccess {

    private BulkAccess() {
    }

    /** {@code System.arraycopy(src, srcPos, dst, dstPos, length)} at access site {@code site}. */
    public static void arraycopy(DepThread t, int site, ShadowMap map,
                                 Object src, int srcPos, Object dst, int dstPos, int length) {
        if (src == null || dst == null) {
            return;
        }
        Class<?> sc = src.getClass().getComponentType();
        Class<?> dc = dst.getClass().getComponentType();
        if (sc == null || dc == null || sc.isPrimitive() != dc.isPrimitive() || (sc.isPrimitive() && sc != dc)) {
            return;
        }
        if (srcPos < 0 || dstPos < 0 || length < 0
                || srcPos > Array.getLength(src) - length || dstPos > Array.getLength(dst) - length) {
            return;
        }
        if (length == 0) {
            return;
        }
        int n = length;
        if (!sc.isPrimitive() && !dc.isAssignableFrom(sc)) {
            Object[] from = (Object[]) src;
            for (int i = 0; i < length; i++) {
                Object v = from[srcPos + i];
                if (v != null && !dc.isInstance(v)) {
                    n = i;
                    break;
                }
            }
            if (n == 0) {
                return;
            }
        }
        // the slots, indexed like the arrays (ArrayShadow.histories)
        LocationHistory[] reads = map.array(src).histories(srcPos, n);
        LocationHistory[] writes = map.array(dst).histories(dstPos, n);
        if (src == dst) {
            for (int i = 0; i < n; i++) {
                t.load(reads[srcPos + i], site);
            }
            for (int i = 0; i < n; i++) {
                t.store(writes[dstPos + i], site);
            }
        } else {
            for (int i = 0; i < n; i++) {
                t.load(reads[srcPos + i], site);
                t.store(writes[dstPos + i], site);
            }
        }
    }

    /** {@code Arrays.fill(a, value)} at access site {@code site}. */
    public static void fill(DepThread t, int site, ShadowMap map, Object a) {
        if (a != null && a.getClass().isArray()) {
            fill(t, site, map, a, 0, Array.getLength(a));
        }
    }

    /** {@code Arrays.fill(a, fromIndex, toIndex, value)} at access site {@code site}. */
    public static void fill(DepThread t, int site, ShadowMap map, Object a, int fromIndex, int toIndex) {
        if (a == null || !a.getClass().isArray() || fromIndex > toIndex || fromIndex < 0
                || toIndex > Array.getLength(a) || fromIndex == toIndex) {
            return;
        }
        LocationHistory[] slots = map.array(a).histories(fromIndex, toIndex - fromIndex);
        for (int i = fromIndex; i < toIndex; i++) {
            t.store(slots[i], site);
        }
    }

    /** {@code Arrays.copyOf(original, newLength)} at access site {@code site}. */
    public static void copyOf(DepThread t, int site, ShadowMap map, Object original, int newLength) {
        if (original == null || !original.getClass().isArray() || newLength < 0) {
            return;
        }
        reads(t, site, map, original, 0, Math.min(newLength, Array.getLength(original)));
    }

    /** {@code Arrays.copyOfRange(original, from, to)} at access site {@code site}. */
    public static void copyOfRange(DepThread t, int site, ShadowMap map, Object original, int from, int to) {
        if (original == null || !original.getClass().isArray()) {
            return;
        }
        int len = Array.getLength(original);
        if (from < 0 || from > len || from > to) {
            return;
        }
        reads(t, site, map, original, from, Math.min(to, len) - from);
    }

    /** {@code a.clone()} of an array at access site {@code site}. */
    public static void cloneArray(DepThread t, int site, ShadowMap map, Object a) {
        if (a != null && a.getClass().isArray()) {
            reads(t, site, map, a, 0, Array.getLength(a));
        }
    }

    private static void reads(DepThread t, int site, ShadowMap map, Object a, int from, int count) {
        if (count > 0) {
            LocationHistory[] slots = map.array(a).histories(from, count);
            for (int i = from; i < from + count; i++) {
                t.load(slots[i], site);
            }
        }
    }
}
