package io.loupe.validation.targets;

import java.util.ArrayList;
import java.util.List;

/**
 * Works in a loop, then fills the heap until it dies of {@code OutOfMemoryError}, with the heap
 * still full when the JVM exits: what it hoards is held by a static field.
 */
public final class OutOfMemoryTarget {

    static final List<long[]> HOARD = new ArrayList<>();

    public static void main(String[] args) {
        System.out.println("work " + work(Integer.parseInt(args[0])));
        while (true) {
            HOARD.add(new long[1 << 14]);
        }
    }

    static long work(int n) {
        long sum = 0;
        int[] a = new int[64];
        for (int i = 0; i < n; i++) {
            if (i % 3 == 0) {
                sum += i;
            } else {
                a[i & 63] = a[(i + 1) & 63] + 1;
            }
        }
        return sum + a[7];
    }
}
