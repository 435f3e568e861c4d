package io.loupe.data.values;

/**
 * When convergent profiling switched one value site off and on again (Calder et al. 1997, §6:
 * profile until the invariance converges, then back off), in the thread that ran the site most:
 * the site starts on, and each entry of {@code switches} flips it, off, on, off, … Positions are
 * the site's executions in that thread (as its probe counted them) at the switch, so the periods
 * can be drawn against {@code executions}, how often the site ran in that thread. The first
 * {@link #KEPT} switches are kept; the site's {@code switchedOff} and {@code switchedOn} count them
 * all, over every thread.
 *
 * @param executions the site's executions in that thread when the profile was written
 * @param switches   the execution at each switch, ascending, at most {@link #KEPT}
 */
public record SwitchTimeline(long executions, long[] switches) {

    /** Switches kept per site: enough to draw a site's first periods, small beside its TNV table. */
    public static final int KEPT = 64;

    public SwitchTimeline {
        if (executions < 0) {
            throw new IllegalArgumentException("a negative execution count: " + executions);
        }
        if (switches.length > KEPT) {
            throw new IllegalArgumentException(switches.length + " switches, more than the " + KEPT + " kept");
        }
        long before = 0;
        for (long s : switches) {
            if (s < before || s > executions) {
                throw new IllegalArgumentException("switch at execution " + s + " out of order or beyond the "
                        + executions + " executions");
            }
            before = s;
        }
    }

    /** True when the site is off at the end (an odd number of switches kept, and none dropped). */
    public boolean endsOff() {
        return switches.length % 2 == 1;
    }
}
