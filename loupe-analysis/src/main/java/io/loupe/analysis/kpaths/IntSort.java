package io.loupe.analysis.kpaths;

/**
 * Sorting ranges of an {@code int[]} of node indices by a comparator, without boxing. Forests of
 * millions of nodes have mostly tiny sibling groups (the paper measures an average degree around
 * 2–3, §4.2), so insertion sort handles the common case and a merge sort the rare wide node.
 */
final class IntSort {

    private static final int INSERTION_LIMIT = 24;

    private IntSort() {
    }

    /** Sorts {@code a[from..to)} stably by {@code cmp}. */
    static void sort(int[] a, int from, int to, IntComparator cmp) {
        if (to - from <= INSERTION_LIMIT) {
            insertionSort(a, from, to, cmp);
            return;
        }
        int[] buffer = new int[to - from];
        mergeSort(a, buffer, from, to, cmp);
    }

    private static void insertionSort(int[] a, int from, int to, IntComparator cmp) {
        for (int i = from + 1; i < to; i++) {
            int x = a[i];
            int j = i - 1;
            while (j >= from && cmp.compare(a[j], x) > 0) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = x;
        }
    }

    /** Bottom-up merge sort: no recursion, so no depth to worry about. */
    private static void mergeSort(int[] a, int[] buffer, int from, int to, IntComparator cmp) {
        int n = to - from;
        for (int lo = from; lo < to; lo += INSERTION_LIMIT) {
            insertionSort(a, lo, Math.min(lo + INSERTION_LIMIT, to), cmp);
        }
        for (int width = INSERTION_LIMIT; width < n; width *= 2) {
            for (int lo = from; lo < to - width; lo += 2 * width) {
                int mid = lo + width;
                int hi = Math.min(lo + 2 * width, to);
                merge(a, buffer, lo, mid, hi, from, cmp);
            }
        }
    }

    private static void merge(int[] a, int[] buffer, int lo, int mid, int hi, int base, IntComparator cmp) {
        System.arraycopy(a, lo, buffer, lo - base, hi - lo);
        int i = lo - base;
        int iEnd = mid - base;
        int j = mid - base;
        int jEnd = hi - base;
        int k = lo;
        while (i < iEnd && j < jEnd) {
            a[k++] = cmp.compare(buffer[j], buffer[i]) < 0 ? buffer[j++] : buffer[i++];
        }
        while (i < iEnd) {
            a[k++] = buffer[i++];
        }
        while (j < jEnd) {
            a[k++] = buffer[j++];
        }
    }
}
