package io.loupe.analysis.deps;

/**
 * How many of LAMP's loop-carried dependences are false positives once contexts are known: CAMP's
 * Figure 11, over all loops (docs/deps.md, "Comparing LAMP with CAMP"). A carried dependence is
 * counted once per loop carrying it.
 *
 * @param lampCarried      (dependence, loop) pairs LAMP reports carried
 * @param unmatched        of those, the ones CAMP never saw both sites run within the loop: not counted below
 * @param notCarriedInCamp of the others, those CAMP does not see carried between the same sites at
 *                         any context of the loop
 * @param contextPairs     the context pairs the matched ones stand for
 * @param real             of those, the ones CAMP saw carried
 */
public record FalsePositives(int lampCarried, int unmatched, int notCarriedInCamp, long contextPairs, long real) {

    /** Context pairs that LAMP's results claim but CAMP did not see. */
    public long falsePositive() {
        return contextPairs - real;
    }

    /** {@link #falsePositive()} over {@link #contextPairs()}; NaN when LAMP carries nothing CAMP can place. */
    public double share() {
        return contextPairs == 0 ? Double.NaN : (double) falsePositive() / contextPairs;
    }
}
