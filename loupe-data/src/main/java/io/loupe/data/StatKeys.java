package io.loupe.data;

/**
 * The names of a profile's stats (its {@code stats} block, and {@code stats} in JSON): the
 * runtime writes them, the analyses, reports and benchmarks read them.
 */
public final class StatKeys {

    // Value profiling.
    public static final String VALUES_SITES = "values.sites";
    public static final String VALUES_SITES_RUN = "values.sitesRun";
    public static final String VALUES_EXECUTED = "values.executed";
    public static final String VALUES_ESTIMATED_EXECUTED = "values.estimatedExecuted";
    public static final String VALUES_PROFILED = "values.profiled";
    public static final String VALUES_TABLE_SIZE = "values.tableSize";
    public static final String VALUES_TOP_N = "values.topN";
    public static final String VALUES_CONVERGENT = "values.convergent";
    public static final String VALUES_THREADS = "values.threads";
    public static final String VALUES_QUIET_METHOD_ACTIVATIONS = "values.quietMethodActivations";
    public static final String VALUES_QUIET_ACTIVATIONS = "values.quietActivations";
    public static final String VALUES_QUIET_METHOD_ITERATIONS = "values.quietMethodIterations";
    public static final String VALUES_QUIET_ITERATIONS = "values.quietIterations";
    public static final String VALUES_QUIET_PERIODS = "values.quietPeriods";
    public static final String VALUES_FROZEN_PERIODS = "values.frozenPeriods";
    public static final String VALUES_THAW_BURSTS = "values.thawBursts";

    // Path profiling.
    public static final String PATHS_THREADS = "paths.threads";
    public static final String PATHS_METHODS = "paths.methods";
    public static final String PATHS_HASH_OPS = "paths.hashOps";
    public static final String PATHS_STREAM_ITEMS = "paths.streamItems";
    public static final String PATHS_FOREST_NODES = "paths.forestNodes";
    public static final String PATHS_PRUNED_NODES = "paths.prunedNodes";
    public static final String PATHS_PRUNES = "paths.prunes";
    /**
     * Frames of path-profiled methods still on the stacks of the program's threads when the profile
     * was written (a program ended by {@code System.exit} or a signal, or with daemon threads
     * running): the dump counts them from the threads' stack traces.
     */
    public static final String PATHS_OPEN_ACTIVATIONS = "paths.openActivations";
    /** Threads with at least one such frame. */
    public static final String PATHS_OPEN_THREADS = "paths.openThreads";
    /**
     * Threads whose innermost frame was such a method running its own code (not in a call): the
     * path ends it kept pending in locals since its last call may be missing.
     */
    public static final String PATHS_RUNNING_THREADS = "paths.runningThreads";

    // Dependence profiling.
    public static final String DEPS_THREADS = "deps.threads";
    public static final String DEPS_ACCESSES = "deps.accesses";
    public static final String DEPS_CONTEXTS = "deps.contexts";
    public static final String DEPS_DEPENDENCES = "deps.dependences";
    public static final String DEPS_OBJECTS = "deps.objects";
    public static final String DEPS_FIELD_SHADOWS = "deps.fieldShadows";
    public static final String DEPS_STATIC_FIELDS = "deps.staticFields";
    /**
     * 1 when the run recorded which carried dependences were seen at distance 1
     * ({@code Dependence.NEAR}): then a carried one without it was seen at distance 2 or more only.
     */
    public static final String DEPS_DISTANCES = "deps.distances";

    // Whole-program traces (profile=trace): events recorded, threads, chunks written, events lost
    // at exit by threads still running when the trace was closed.
    public static final String TRACE_EVENTS = "trace.events";
    public static final String TRACE_THREADS = "trace.threads";
    public static final String TRACE_CHUNKS = "trace.chunks";
    public static final String TRACE_LOST_EVENTS = "trace.lostEvents";
    /** Objects and arrays the address trace or the checks numbered ({@code trace.heap}; 0 without either). */
    public static final String TRACE_OBJECTS = "trace.objects";
    /** 1 in a trace that {@code loupe trace compact} wrote: its grammars are Re-Pair's, not Sequitur's. */
    public static final String TRACE_REPAIR = "trace.repair";

    // The instrumenter: classes seen and rewritten, and its time.
    public static final String INSTRUMENT_CLASSES = "instrument.classes";
    public static final String INSTRUMENT_REWRITTEN = "instrument.rewritten";
    public static final String INSTRUMENT_MILLIS = "instrument.millis";

    // The dump: parts of the profile that could not be written.
    public static final String DUMP_INCOMPLETE = "dump.incomplete";
    /** 1 when the profile was dumped from a running JVM ({@code loupe dump}, {@code dumpInterval}): its threads went on running. */
    public static final String DUMP_LIVE = "dump.live";
    /**
     * 1 when the profile holds what happened since a reset ({@code loupe dump --reset}), not since
     * the JVM started: its counts add to those of the dumps before it, but a value's count in a TNV
     * table is then a lower bound (docs/live-dumps.md).
     */
    public static final String DUMP_SINCE_RESET = "dump.sinceReset";
    /**
     * The parts a live dump left out because their thread kept changing them while they were copied
     * (each is in a later dump; the warnings name them).
     */
    public static final String DUMP_LEFT_OUT = "dump.leftOut";

    /**
     * In a profile {@code loupe merge} wrote: how many runs it stands for (the profiles merged,
     * each counting the runs it stood for). A profile without it is one run's (docs/merge.md).
     */
    public static final String MERGE_PROFILES = "merge.profiles";

    private StatKeys() {
    }
}
