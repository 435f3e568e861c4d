package io.loupe.validation.targets.trace;

/**
 * Dependences through locals and an array, known by hand (TraceDepsValidationTest): {@code sum}
 * reads the five elements {@code main} stored, and its locals {@code s} and {@code i} carry
 * values from one iteration to the next.
 */
public final class LocalsTarget {

    private LocalsTarget() {
    }

    public static void main(String[] args) {
        int[] a = new int[5];
        for (int i = 0; i < a.length; i++) {
            a[i] = i * 3;                              // @fill
        }
        System.out.println(sum(a));
    }

    static int sum(int[] a) {
        int s = 0;                                     // @s0
        for (int i = 0; i < a.length; i++) {           // @loop
            s += a[i];                                 // @add
        }
        return s;                                      // @ret
    }
}
