package io.loupe.validation.targets.trace;

import java.util.Arrays;

/**
 * Heap accesses where exceptions cut blocks short, and the bulk operations the dependence profiler
 * models: what the recovery of heap dependences from the address trace must place exactly as the
 * profiler records it (TraceDepsValidationTest).
 */
public final class HeapExceptionsTarget {

    static int counter;
    static int[] shared = new int[8];

    int value;
    HeapExceptionsTarget next;

    private HeapExceptionsTarget() {
    }

    public static void main(String[] args) {
        HeapExceptionsTarget a = new HeapExceptionsTarget();
        a.next = new HeapExceptionsTarget();
        long sum = 0;
        for (int i = 0; i < 40; i++) {
            HeapExceptionsTarget t = i % 3 == 0 ? null : a;
            try {
                a.value = i;
                counter += t.value;          // a null t throws after the store and the load of counter
                a.next.value = counter;
            } catch (NullPointerException e) {
                sum += a.value;
            }
            try {
                shared[i % 10] = i;          // indices 8 and 9 throw before the store
                sum += shared[i % 8];
            } catch (ArrayIndexOutOfBoundsException e) {
                sum += shared[0] + a.next.value;
            }
            sum += deep(a, 2 + i % 3);
            sum += twice(a, i % 8);
        }
        Object[] objects = {"a", "b", 1, "d"};
        String[] strings = new String[4];
        try {
            System.arraycopy(objects, 0, strings, 0, 4);   // copies "a" and "b", then throws
        } catch (ArrayStoreException e) {
            sum += strings[0].length() + strings[1].length();
        }
        int[] copy = Arrays.copyOf(shared, 12);
        Arrays.fill(copy, 2, 6, 7);
        System.arraycopy(copy, 0, copy, 1, 8);             // within one array: every load first
        int[] cloned = copy.clone();
        for (int v : cloned) {
            sum += v;
        }
        System.out.println(sum + " " + counter + " " + a.next.value);
    }

    /** Loads a trace's checks leave free: a field and an element read again in one block, a field read after its store. */
    static int twice(HeapExceptionsTarget a, int k) {
        int[] s = shared;
        int v = a.value * a.value + s[k] + s[k];
        a.next.value = v;
        return a.next.value + v;
    }

    /** Recursion that throws at the bottom and is caught two levels up. */
    static int deep(HeapExceptionsTarget a, int depth) {
        if (depth == 0) {
            a.value++;
            throw new IllegalStateException("bottom");
        }
        try {
            a.next.value += depth;
            return deep(a, depth - 1) + a.value;
        } catch (IllegalStateException e) {
            if (depth < 2) {
                a.value--;
                throw e;
            }
            return a.next.value;
        }
    }
}
