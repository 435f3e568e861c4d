package io.loupe.validation.targets;

/** Prints a few lines computed in loops, then exits with the status given as its argument. */
public final class ExitCodeTarget {

    public static void main(String[] args) {
        int status = Integer.parseInt(args[0]);
        long sum = 0;
        for (int i = 0; i < 1_000; i++) {
            sum += (i % 3 == 0) ? i : -1;
        }
        System.out.println("sum " + sum);
        for (int i = 0; i < 3; i++) {
            System.out.println("line " + i);
        }
        System.exit(status);
    }
}
