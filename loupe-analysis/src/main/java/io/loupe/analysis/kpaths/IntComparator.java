package io.loupe.analysis.kpaths;

/** Compares two int handles (node indices) without boxing them. */
@FunctionalInterface
interface IntComparator {
    int compare(int a, int b);
}
