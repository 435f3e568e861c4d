package io.loupe.validation.targets.merge;

/**
 * A run split in two: {@code all} processes the whole input, {@code 0} and {@code 1} its first and
 * second half, so that the profiles of the two halves, merged, can be held to the profile of the
 * whole run. Every method but {@code main} runs the same activations either way; {@code main} runs
 * once per run, through the branch of its argument.
 */
public final class MergeTarget {

    public static void main(String[] args) {
        long sum;
        if (args[0].equals("all")) {
            sum = Work.part(0) + Work.part(1);
        } else {
            sum = Work.part(Integer.parseInt(args[0]));
        }
        System.out.println("merge " + sum);
    }
}
