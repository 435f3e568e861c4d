package io.loupe.runtime.trace;

import java.lang.reflect.Array;

/**
 * The elements a bulk array operation touches, as the dependence profiler models them
 * ({@code BulkAccess}): nothing when the operation will throw before its first element, and for a
 * copy between reference arrays only the elements before the first one the destination cannot
 * hold. Shared by the address trace ({@link TraceThread}) and the checks ({@link Checks}).
 */
final class BulkRanges {

    private BulkRanges() {
    }

    /** The length of {@code a} if it is an array, else 0. */
    static int length(Object a) {
        return a != null && a.getClass().isArray() ? Array.getLength(a) : 0;
    }

    /** The elements {@code System.arraycopy(src, srcPos, dst, dstPos, length)} moves. */
    static int copied(Object src, int srcPos, Object dst, int dstPos, int length) {
        if (src == null || dst == null) {
            return 0;
        }
        Class<?> sc = src.getClass().getComponentType();
        Class<?> dc = dst.getClass().getComponentType();
        if (sc == null || dc == null || sc.isPrimitive() != dc.isPrimitive() || (sc.isPrimitive() && sc != dc)) {
            return 0;
        }
        if (srcPos < 0 || dstPos < 0 || length <= 0
                || srcPos > Array.getLength(src) - length || dstPos > Array.getLength(dst) - length) {
            return 0;
        }
        if (!sc.isPrimitive() && !dc.isAssignableFrom(sc)) {
            Object[] from = (Object[]) src;
            for (int i = 0; i < length; i++) {
                Object v = from[srcPos + i];
                if (v != null && !dc.isInstance(v)) {
                    return i;
                }
            }
        }
        return length;
    }

    /** The elements {@code Arrays.fill(a, from, to, value)} writes. */
    static int filled(Object a, int from, int to) {
        boolean ok = a != null && a.getClass().isArray() && from <= to && from >= 0 && to <= Array.getLength(a);
        return ok ? to - from : 0;
    }

    /** The elements {@code Arrays.copyOf(a, newLength)} reads. */
    static int copiedOf(Object a, int newLength) {
        boolean ok = a != null && a.getClass().isArray() && newLength >= 0;
        return ok ? Math.min(newLength, Array.getLength(a)) : 0;
    }

    /** The elements {@code Arrays.copyOfRange(a, from, to)} reads. */
    static int copiedOfRange(Object a, int from, int to) {
        if (a != null && a.getClass().isArray()) {
            int len = Array.getLength(a);
            if (from >= 0 && from <= len && from <= to) {
                return Math.min(to, len) - from;
            }
        }
        return 0;
    }
}
