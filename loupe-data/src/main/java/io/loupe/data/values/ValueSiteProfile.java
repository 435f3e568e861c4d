package io.loupe.data.values;

/**
 * What the value profiler recorded at one site, summed over all threads.
 *
 * <p>Counts are in executions. Under full profiling every execution is profiled, so
 * {@code weight == profiled == executed} and a count is how often the value was seen. Under
 * convergent profiling the executions skipped while a site was switched off are credited to the
 * values in the proportions of the profiling window before them; counts are then estimates in
 * executions, {@code weight} (the executions counted in the table, profiled or credited) equals
 * {@code executed} but for executions racing with the dump, and {@code profiled} stays the number
 * of executions really profiled.
 *
 * @param siteId    the site ({@link ValueSiteMeta#id()})
 * @param executed  how often the site ran
 * @param profiled  how many of those executions were profiled
 * @param weight    the executions the table's counts stand for (the denominator of Inv-1)
 * @param mrvHits   profiled executions whose value equalled the site's previous profiled value
 *                  (in the same thread)
 * @param values    the final TNV table's values, as printed (see {@link ValueType#format}; class
 *                  names for references, {@code null} for null), best first
 * @param counts    their counts (weighted), parallel to {@code values}, descending
 * @param switchedOff how often convergent profiling switched the site off (0 under full profiling)
 * @param switchedOn  how often back-off switched it on again after being off
 */
public record ValueSiteProfile(int siteId, long executed, long profiled, long weight, long mrvHits,
                               String[] values, long[] counts, long switchedOff, long switchedOn) {

    public ValueSiteProfile {
        if (values.length != counts.length) {
            throw new IllegalArgumentException("values and counts differ in length");
        }
    }
}
