package io.loupe.data.values;

/**
 * What the value profiler recorded at one site, summed over all threads.
 *
 * <p>Counts are in executions. Under full profiling every execution is profiled, so
 * {@code weight == profiled == executed == counted} and a count is how often the value was seen.
 * Under convergent profiling the executions skipped while a site was switched off are credited to
 * the values in the proportions of the profiling windows around them, and the executions a quiet
 * method ran without probes are estimated and credited too: {@code executed}, {@code weight} and
 * {@code counts} are then estimates in executions, while {@code counted}, {@code profiled} and
 * {@code profiledCounts} are what the probes measured.
 *
 * @param siteId    the site ({@link ValueSiteMeta#id()})
 * @param executed  how often the site ran: measured, plus the estimated executions of quiet
 *                  periods under convergent profiling
 * @param counted   the executions the site's probe counted (measured; -1 when not known, in a
 *                  convergent profile written before format 4). Equal to {@code executed} unless
 *                  the site's method ran quiet.
 * @param profiled  how many executions were profiled (measured)
 * @param weight    the executions the table's counts stand for (the denominator of Inv-1)
 * @param mrvHits   profiled executions whose value equalled the site's previous profiled value
 *                  (in the same thread)
 * @param values    the final TNV table's values, as printed (see {@link ValueType#format}; class
 *                  names for references, {@code null} for null), best first
 * @param counts    their counts (weighted: estimates under convergent profiling), parallel to
 *                  {@code values}, descending
 * @param profiledCounts how many profiled executions the table counted for each value, parallel to
 *                  {@code values} (measured; {@code null} when not known, as for {@code counted})
 * @param switchedOff how often convergent profiling switched the site off (0 under full profiling)
 * @param switchedOn  how often back-off switched it on again after being off
 * @param timeline    convergent profiling: when the site was switched off and on, in the thread that
 *                    ran it most (null when it never switched, or before format 7)
 */
public record ValueSiteProfile(int siteId, long executed, long counted, long profiled, long weight, long mrvHits,
                               String[] values, long[] counts, long[] profiledCounts, long switchedOff,
                               long switchedOn, SwitchTimeline timeline) {

    public ValueSiteProfile {
        if (values.length != counts.length) {
            throw new IllegalArgumentException("values and counts differ in length");
        }
        if (profiledCounts != null && profiledCounts.length != counts.length) {
            throw new IllegalArgumentException("profiled counts and counts differ in length");
        }
    }

    /** A site without a record of its switches. */
    public ValueSiteProfile(int siteId, long executed, long counted, long profiled, long weight, long mrvHits,
                            String[] values, long[] counts, long[] profiledCounts, long switchedOff, long switchedOn) {
        this(siteId, executed, counted, profiled, weight, mrvHits, values, counts, profiledCounts, switchedOff,
                switchedOn, null);
    }

    /**
     * A site whose measured figures follow from the others, as format 3 wrote it: when every
     * execution the table counts was profiled ({@code profiled == weight}, full profiling) they are
     * the same; otherwise (convergent) they are not known.
     */
    public ValueSiteProfile(int siteId, long executed, long profiled, long weight, long mrvHits, String[] values,
                            long[] counts, long switchedOff, long switchedOn) {
        this(siteId, executed, profiled == weight ? executed : -1, profiled, weight, mrvHits, values, counts,
                profiled == weight ? counts.clone() : null, switchedOff, switchedOn);
    }

    /** True when {@link #counted} and {@link #profiledCounts} are known. */
    public boolean hasMeasured() {
        return counted >= 0 && profiledCounts != null;
    }
}
