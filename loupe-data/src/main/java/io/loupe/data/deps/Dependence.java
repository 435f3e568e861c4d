package io.loupe.data.deps;

/**
 * One memory dependence as the profiler saw it (CAMP, Algorithm 1).
 *
 * @param type        RAW, WAR or WAW
 * @param srcSite     the earlier access ({@link AccessSiteMeta#id()})
 * @param srcContext  its context node (camp) or -1 (lamp)
 * @param dstSite     the later access
 * @param dstContext  its context node (camp) or -1 (lamp)
 * @param count       how many executions of the destination had this dependence
 * @param crossThread true if the two accesses ran on different threads (then no loop relation)
 * @param loops       the loop levels common to both ends, outermost first: loop context nodes
 *                    (camp) or loop ids (lamp)
 * @param relations   parallel to {@code loops}: {@link #INTRA}, {@link #INTER} or both bits; with
 *                    {@link #INTER}, {@link #NEAR} when seen at distance 1
 */
public record Dependence(DepType type, int srcSite, int srcContext, int dstSite, int dstContext, long count,
                         boolean crossThread, int[] loops, byte[] relations) {

    /** Seen within one iteration of the loop. */
    public static final byte INTRA = 1;
    /** Seen across iterations of the loop. */
    public static final byte INTER = 2;
    /**
     * With {@link #INTER}: seen across iterations at distance 1, the earlier access in the iteration
     * just before. A run that records it says so ({@code StatKeys.DEPS_DISTANCES}); there, INTER
     * without it means only at distance 2 or more. Profiles of runs that did not record it (before
     * format 7) leave the distance unknown.
     */
    public static final byte NEAR = 4;

    public Dependence {
        if (loops.length != relations.length) {
            throw new IllegalArgumentException("loops and relations differ in length");
        }
    }
}
