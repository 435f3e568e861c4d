package io.loupe.agent;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;

/**
 * The agent's options: {@code key=value} pairs separated by commas; list values (profilers,
 * globs) are separated by {@code ;}. Parsing is strict: an unknown key, a malformed pair or a bad
 * value is an {@link IllegalArgumentException} whose one-line message names it. So is a key given
 * twice ({@code k=4,k=5}: which one was meant?) and an option of a profiler that is off
 * ({@code profile=values,k=4}: it would do nothing, and the user believes it did something). The
 * options round-trip: {@link #toString()} gives back a string that parses to equal options.
 */
public final class AgentOptions {

    /** Every key, with its help line (the order of {@code help}). */
    static final Map<String, String> KEYS = new LinkedHashMap<>();

    static {
        KEYS.put("profile", "profilers to run, ';'-separated (known: paths, values, deps, blocktrace, trace). Default: paths");
        KEYS.put("k", "iterations per k-path; 1 = plain Ball-Larus path counts. Default: 1");
        KEYS.put("out", "profile file written at exit (profile=trace: the trace file, written as the program runs). Default: loupe.prof (loupe.trace)");
        KEYS.put("include", "class-name globs to instrument, ';'-separated ('*' any chars, '?' one). Default: all");
        KEYS.put("exclude", "class-name globs never to instrument, ';'-separated. Default: none");
        KEYS.put("paths.arrayLimit", "methods with at most this many paths count into arrays, others hash. Default: 4096");
        KEYS.put("paths.maxNodes", "per-thread k-slab forest node budget; cold nodes are pruned beyond it. Default: 4000000");
        KEYS.put("paths.runLength", "run-length encode repeated loop paths in locals: auto (k >= 2), true or false. Default: auto");
        KEYS.put("paths.trivial", "true to also instrument single-path methods without loops. Default: false");
        KEYS.put("values.kinds", "value sites to profile, ';'-separated (known: param, field, array, return, local). Default: all");
        KEYS.put("values.tableSize", "TNV table entries per value site, 2 to 64. Default: 8");
        KEYS.put("values.topN", "the N of Inv-N: top values reported per site, 1 to values.tableSize. Default: 4");
        KEYS.put("values.clearInterval", "minimum TNV clear interval in executions, at least 16. Default: 2000");
        KEYS.put("convergent", "true to switch value sites off once their invariance converged (back-off turns them on again). Default: false");
        KEYS.put("values.criterion", "convergence test: increase (while invariance increases) or bounds. Default: bounds");
        KEYS.put("values.interval", "profiled executions between convergence tests, at least 16. Default: 1000");
        KEYS.put("values.recheck", "profiled executions of the window that tests a converged site again after its off period, at least 16. Default: 250");
        KEYS.put("values.increaseBound", "bounds: an invariance increase beyond this fraction keeps profiling on. Default: 0.02");
        KEYS.put("values.decreaseBound", "bounds: an invariance decrease beyond this fraction keeps profiling on. Default: 0.02");
        KEYS.put("values.quiet", "convergent profiling: a method runs its original code, without probes, while all its sites are off (true or false). Default: true");
        KEYS.put("values.freeze", "convergent profiling with quiet methods: the JIT compiles a quiet method without its probes while its sites are off, and thaws come in bursts (true or false). Default: false");
        KEYS.put("values.thawAfter", "values.freeze: milliseconds before the first thaw burst; each next waits twice as long as the one before, at most 64 times this. Default: 1000");
        KEYS.put("values.backoff", "a converged site stays off for this multiple of its executions so far (at least 8 intervals). Default: 0.25");
        KEYS.put("values.seed", "a number mixed into the seeds of the random part of the sites' off periods: another seed, other profiled windows. Default: 0");
        KEYS.put("trace.chunkEvents", "events per chunk of a thread's trace, compressed and written as it fills (1024 to 2^30); bounds what a thread holds. Default: 16777216");
        KEYS.put("trace.heap", "what the whole-program trace records of heap accesses: checks (the generation each access that is not free finds its location in: every dependence recovers from the trace), addresses (the object and index of every access: the CF + address trace, the baseline the checks are measured against) or none. Default: checks");
        KEYS.put("trace.addresses", "true is trace.heap=addresses, false trace.heap=checks (true or false)");
        KEYS.put("deps.mode", "dependence profiling: camp (calling contexts) or lamp (loops only). Default: camp");
        KEYS.put("deps.absint", "abstract interpretation at loop entry: eligible loop nests are decided from the state they start in, their accesses accounted for without tracing them, where that is shorter than tracing them; the profile stays the same (true, false, or always: every invocation the analysis proves is decided, shorter or not). Default: false");
        KEYS.put("dumpInterval", "also write the profile to 'out' every DURATION while the program runs (500ms, 30s, 5m, 1h; at least 100ms), atomically as at exit; each holds what was recorded so far (docs/live-dumps.md). Default: only at exit");
        KEYS.put("jmx", "true to register the MBean io.loupe:type=Profiler, whose dump(file, reset) 'loupe dump --pid' and JMX consoles call to dump the profile of the running JVM (true or false). Default: true");
        KEYS.put("verify", "check instrumented code before the JVM sees it; a method that fails is left as it was (true or false). Default: true");
        KEYS.put("instrumenter.c2", "true to let HotSpot's C2 compile Loupe's instrumenter too; by default C1 alone does, leaving C2 to the program (true or false). Default: false");
        KEYS.put("verbose", "true to log every instrumented class on stderr. Default: false");
        KEYS.put("help", "print this help on stderr and exit");
    }

    /*
     * The vocabulary below is loupe-data's (io.loupe.data.Profiler, SiteKind, DepMode), spelled out:
     * this class checks the options before the runtime, which brings loupe-data, is installed, so
     * that a JVM refused for a bad option prints one line and nothing of the JVM's about the
     * bootstrap class path. AgentVocabularyTest says the lists are loupe-data's.
     */

    /** Profilers, as {@code io.loupe.data.Profiler} names them. */
    static final List<String> PROFILERS = List.of("paths", "values", "deps", "blocktrace", "trace");

    /** Value site kinds, as {@code io.loupe.data.values.SiteKind} labels them. */
    static final List<String> VALUE_KINDS = List.of("param", "field", "array", "return", "local");

    /** Dependence profiling modes, as {@code io.loupe.data.deps.DepMode} names them; the first is the default. */
    static final List<String> DEP_MODES = List.of("camp", "lamp");
    static final List<String> HEAP_EVENTS = List.of("none", "checks", "addresses");

    private static final int TABLE_SIZE = 8;
    private static final int TOP_N = 4;
    private static final int CLEAR_INTERVAL = 2000;
    private static final String CRITERION = "bounds";
    private static final int INTERVAL = 1000;
    private static final int RECHECK = 250;
    private static final double BOUND = 0.02;
    private static final double BACKOFF = 0.25;
    private static final long THAW_AFTER = 1000;

    private List<String> profilers = List.of("paths");
    private int k = 1;
    private Path out;   // null: the default, loupe.prof or loupe.trace
    private List<String> include = List.of();
    private List<String> exclude = List.of();
    private int arrayLimit = 4096;
    private int maxNodes = 4_000_000;
    private Boolean runLength;   // null: auto
    private boolean trivial;
    private List<String> valueKinds = VALUE_KINDS;
    private int tableSize = TABLE_SIZE;
    private Integer topN;   // null: the default, capped at the table size
    private int clearInterval = CLEAR_INTERVAL;
    private boolean convergent;
    private String criterion = CRITERION;
    private int interval = INTERVAL;
    private int recheck = RECHECK;
    private double increaseBound = BOUND;
    private double decreaseBound = BOUND;
    private double backoff = BACKOFF;
    private long seed;
    private boolean quiet = true;
    private boolean freeze = false;
    private long thawAfter = THAW_AFTER;
    private String depsMode = DEP_MODES.get(0);
    private boolean absint = false;
    private boolean absintAlways = false;
    private int chunkEvents = 1 << 24;
    private String heap = HEAP_EVENTS.get(1);
    private boolean verbose;
    private long dumpIntervalMillis;
    private String dumpInterval;
    private boolean jmx = true;
    private boolean verify = true;
    private boolean instrumenterC2 = false;
    private boolean help;

    /** Parses an option string; null or empty means all defaults. */
    public static AgentOptions parse(String text) {
        AgentOptions o = new AgentOptions();
        if (text == null || text.isBlank()) {
            return o;
        }
        Set<String> given = new LinkedHashSet<>();
        for (String pair : text.split(",", -1)) {
            if (pair.equals("help")) {
                o.help = true;
                continue;
            }
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("malformed option '" + pair + "' (expected key=value)");
            }
            String key = pair.substring(0, eq);
            String value = pair.substring(eq + 1);
            if (!KEYS.containsKey(key)) {
                throw new IllegalArgumentException("unknown option '" + key + "' (known: " + String.join(", ", KEYS.keySet()) + ")");
            }
            if (!given.add(key)) {
                throw new IllegalArgumentException("option '" + key + "' given twice");
            }
            o.set(key, value);
        }
        if (o.topN != null && o.topN > o.tableSize) {
            throw new IllegalArgumentException("option 'values.topN' must be between 1 and values.tableSize (" + o.tableSize
                    + "), got '" + o.topN + "'");
        }
        if (o.trace() && (o.dumpInterval != null)) {
            throw new IllegalArgumentException("option 'dumpInterval' is for profiles: profile=trace writes its trace as"
                    + " the program runs");
        }
        if (o.freeze && !(o.convergent && o.quiet)) {
            throw new IllegalArgumentException("option 'values.freeze' needs convergent=true and values.quiet=true");
        }
        for (String key : given) {
            String profiler = profilerOf(key);
            if (profiler != null && !o.profilers.contains(profiler)
                    && !(profiler.equals("paths") && o.blockTrace())) {
                throw new IllegalArgumentException("option '" + key + "' is for the " + profiler
                        + " profiler, which is off (profile=" + String.join(";", o.profilers) + ")");
            }
        }
        return o;
    }

    /**
     * The profiler an option configures, or null for options of the agent as a whole. The block
     * tracer shares the path profiler's options: it instruments the methods path profiling would.
     */
    static String profilerOf(String key) {
        if (key.equals("k") || key.startsWith("paths.")) {
            return "paths";
        }
        if (key.equals("convergent") || key.startsWith("values.")) {
            return "values";
        }
        if (key.startsWith("deps.")) {
            return "deps";
        }
        if (key.startsWith("trace.")) {
            return "trace";
        }
        return null;
    }

    private void set(String key, String value) {
        switch (key) {
            case "profile" -> {
                List<String> list = list(value);
                for (String p : list) {
                    if (!PROFILERS.contains(p)) {
                        throw new IllegalArgumentException("unknown profiler '" + p + "' (known: " + String.join(", ", PROFILERS) + ")");
                    }
                }
                if (list.isEmpty()) {
                    throw new IllegalArgumentException("option 'profile' needs at least one profiler");
                }
                if (list.contains("blocktrace") && list.size() > 1) {
                    throw new IllegalArgumentException("profiler 'blocktrace' cannot be combined with others");
                }
                if (list.contains("deps") && list.size() > 1) {
                    throw new IllegalArgumentException("profiler 'deps' cannot be combined with others");
                }
                if (list.contains("trace") && list.size() > 1) {
                    throw new IllegalArgumentException("profiler 'trace' cannot be combined with others");
                }
                profilers = list;
            }
            case "k" -> k = intValue(key, value, 1, 64);
            case "out" -> {
                if (value.isEmpty()) {
                    throw new IllegalArgumentException("option 'out' needs a file name");
                }
                out = Path.of(value);
            }
            case "include" -> include = list(value);
            case "exclude" -> exclude = list(value);
            case "paths.arrayLimit" -> arrayLimit = intValue(key, value, 1, 1 << 24);
            case "paths.maxNodes" -> maxNodes = intValue(key, value, 1024, (1 << 26) - 1);
            case "paths.runLength" -> runLength = value.equals("auto") ? null : bool(key, value);
            case "paths.trivial" -> trivial = bool(key, value);
            case "values.kinds" -> {
                List<String> list = list(value);
                for (String kind : list) {
                    if (!VALUE_KINDS.contains(kind)) {
                        throw new IllegalArgumentException("unknown value site kind '" + kind + "' (known: "
                                + String.join(", ", VALUE_KINDS) + ")");
                    }
                }
                if (list.isEmpty()) {
                    throw new IllegalArgumentException("option 'values.kinds' needs at least one kind (known: "
                            + String.join(", ", VALUE_KINDS) + ")");
                }
                valueKinds = VALUE_KINDS.stream().filter(list::contains).toList();
            }
            case "values.tableSize" -> tableSize = intValue(key, value, 2, 64);
            case "values.topN" -> topN = intValue(key, value, 1, 64);
            case "values.clearInterval" -> clearInterval = intValue(key, value, 16, Integer.MAX_VALUE);
            case "convergent" -> convergent = bool(key, value);
            case "values.criterion" -> {
                if (!value.equals("increase") && !value.equals("bounds")) {
                    throw new IllegalArgumentException("option 'values.criterion' needs increase or bounds, got '" + value + "'");
                }
                criterion = value;
            }
            case "values.interval" -> interval = intValue(key, value, 16, Integer.MAX_VALUE);
            case "values.recheck" -> recheck = intValue(key, value, 16, Integer.MAX_VALUE);
            case "values.increaseBound" -> increaseBound = fraction(key, value);
            case "values.decreaseBound" -> decreaseBound = fraction(key, value);
            case "values.backoff" -> {
                double b = doubleValue(key, value);
                if (!(b > 0)) {
                    throw new IllegalArgumentException("option 'values.backoff' must be greater than 0, got '" + value + "'");
                }
                backoff = b;
            }
            case "values.seed" -> {
                try {
                    seed = Long.parseLong(value);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("option 'values.seed' needs a whole number, got '" + value + "'");
                }
            }
            case "values.quiet" -> quiet = bool(key, value);
            case "values.freeze" -> freeze = bool(key, value);
            case "values.thawAfter" -> thawAfter = intValue(key, value, 1, Integer.MAX_VALUE);
            case "trace.chunkEvents" -> chunkEvents = intValue(key, value, 1024, 1 << 30);
            case "trace.addresses" -> heap = bool(key, value) ? "addresses" : "checks";
            case "trace.heap" -> {
                if (!HEAP_EVENTS.contains(value)) {
                    throw new IllegalArgumentException("option 'trace.heap' needs " + String.join(", ", HEAP_EVENTS)
                            + ", got '" + value + "'");
                }
                heap = value;
            }
            case "deps.mode" -> {
                if (!DEP_MODES.contains(value)) {
                    throw new IllegalArgumentException("option 'deps.mode' needs " + String.join(" or ", DEP_MODES)
                            + ", got '" + value + "'");
                }
                depsMode = value;
            }
            case "deps.absint" -> {
                absintAlways = value.equals("always");
                absint = absintAlways || bool(key, value);
            }
            case "verbose" -> verbose = bool(key, value);
            case "jmx" -> jmx = bool(key, value);
            case "dumpInterval" -> {
                dumpIntervalMillis = DurationOption.millis(key, value, 100);
                dumpInterval = value;
            }
            case "verify" -> verify = bool(key, value);
            case "instrumenter.c2" -> instrumenterC2 = bool(key, value);
            case "help" -> help = bool(key, value);
            default -> throw new AssertionError(key);
        }
    }

    private static List<String> list(String value) {
        List<String> l = new ArrayList<>();
        for (String s : value.split(";")) {
            if (!s.isBlank()) {
                l.add(s.trim());
            }
        }
        return List.copyOf(l);
    }

    private static int intValue(String key, String value, int min, int max) {
        try {
            int v = Integer.parseInt(value);
            if (v < min || v > max) {
                throw new IllegalArgumentException("option '" + key + "' must be between " + min + " and " + max + ", got '" + value + "'");
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("option '" + key + "' needs an integer, got '" + value + "'");
        }
    }

    private static double doubleValue(String key, String value) {
        try {
            double v = Double.parseDouble(value);
            if (Double.isNaN(v) || Double.isInfinite(v) || value.strip().length() != value.length()) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("option '" + key + "' needs a number, got '" + value + "'");
        }
    }

    private static double fraction(String key, String value) {
        double v = doubleValue(key, value);
        if (v < 0 || v > 1) {
            throw new IllegalArgumentException("option '" + key + "' must be between 0 and 1, got '" + value + "'");
        }
        return v;
    }

    private static boolean bool(String key, String value) {
        return switch (value) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("option '" + key + "' needs true or false, got '" + value + "'");
        };
    }

    /** The help text: one line per option. */
    public static String helpText() {
        StringBuilder b = new StringBuilder("Loupe agent options: -javaagent:loupe-agent.jar=key=value,key=value,...\n");
        KEYS.forEach((key, text) -> b.append(String.format("  %-21s %s%n", key, text)));
        return b.toString();
    }

    public List<String> profilers() {
        return profilers;
    }

    /** True for the naive block tracer (the validation oracle) instead of path profiling. */
    public boolean blockTrace() {
        return profilers.contains("blocktrace");
    }

    /** True if path profiling is on. */
    public boolean paths() {
        return profilers.contains("paths");
    }

    /** True if value profiling is on. */
    public boolean values() {
        return profilers.contains("values");
    }

    /** True for the whole-program trace. */
    public boolean trace() {
        return profilers.contains("trace");
    }

    /** True if dependence profiling is on. */
    public boolean deps() {
        return profilers.contains("deps");
    }

    /** The whole-program trace: events per chunk of a thread's trace. */
    public int chunkEvents() {
        return chunkEvents;
    }

    /** What the whole-program trace records of heap accesses ({@code trace.heap}): none, checks or addresses. */
    public String heap() {
        return heap;
    }

    /** The dependence profiling mode: {@code camp} or {@code lamp}. */
    public String depsMode() {
        return depsMode;
    }

    /** Whether abstract interpretation at loop entry is on ({@code deps.absint}). */
    public boolean absint() {
        return absint;
    }

    /** Whether {@code deps.absint=always}: every invocation the analysis proves is decided, whether or not that pays. */
    public boolean absintAlways() {
        return absintAlways;
    }

    /** The value site kinds to profile, as labels ({@code param}, …), in their canonical order. */
    public List<String> valueKinds() {
        return valueKinds;
    }

    /** TNV table entries per site. */
    public int tableSize() {
        return tableSize;
    }

    /** The N of Inv-N (the default 4, or the table size if that is smaller). */
    public int topN() {
        return topN != null ? topN : Math.min(TOP_N, tableSize);
    }

    /** The minimum clear interval of the TNV tables, in executions. */
    public int clearInterval() {
        return clearInterval;
    }

    /** True for convergent value profiling. */
    public boolean convergent() {
        return convergent;
    }

    /** Convergent value profiling: true for quiet methods (original code, without probes, while their sites are off). */
    public boolean quiet() {
        return quiet;
    }

    /** Convergent value profiling with quiet methods: true for frozen quiet periods. */
    public boolean freeze() {
        return freeze;
    }

    /** Frozen quiet periods: milliseconds before the first thaw burst. */
    public long thawAfter() {
        return thawAfter;
    }

    /** The convergence criterion: {@code increase} or {@code bounds}. */
    public String criterion() {
        return criterion;
    }

    /** Profiled executions between two convergence tests. */
    public int interval() {
        return interval;
    }

    /** Profiled executions of the window that tests a converged site again after its off period. */
    public int recheck() {
        return recheck;
    }

    public double increaseBound() {
        return increaseBound;
    }

    public double decreaseBound() {
        return decreaseBound;
    }

    /** The off period of a converged site, as a multiple of its executions so far. */
    public double backoff() {
        return backoff;
    }

    /** {@code values.seed}: mixed into the seeds of the sites' random off-period parts. */
    public long seed() {
        return seed;
    }

    public int k() {
        return k;
    }

    /** The file written: the profile, or with {@code profile=trace} the trace. */
    public Path out() {
        return out != null ? out : Path.of(trace() ? "loupe.trace" : "loupe.prof");
    }

    public List<String> include() {
        return include;
    }

    public List<String> exclude() {
        return exclude;
    }

    public int arrayLimit() {
        return arrayLimit;
    }

    public int maxNodes() {
        return maxNodes;
    }

    /**
     * Run-length encoding of loop path ends: on for k ≥ 2 by default, where every path end is a
     * call; off for k = 1, where a path end is one array increment and the compare of run-length
     * encoding costs a mispredicted branch whenever a loop's paths alternate.
     */
    public boolean runLength() {
        return runLength != null ? runLength : k >= 2;
    }

    public boolean trivial() {
        return trivial;
    }

    public boolean verbose() {
        return verbose;
    }

    /** Milliseconds between the profiles written while the program runs; 0 for none (option {@code dumpInterval}). */
    public long dumpIntervalMillis() {
        return dumpIntervalMillis;
    }

    /** True if the agent registers the MBean {@code io.loupe:type=Profiler} (option {@code jmx}). */
    public boolean jmx() {
        return jmx;
    }

    /** True if instrumented code goes through {@code BytecodeCheck} before it is handed to the JVM. */
    public boolean verify() {
        return verify;
    }

    /** True if C2 may compile Loupe's instrumenter ({@link InstrumenterCompilation}). */
    public boolean instrumenterC2() {
        return instrumenterC2;
    }

    /** True if the options asked for help. */
    public boolean help() {
        return help;
    }

    @Override
    public String toString() {
        StringJoiner j = new StringJoiner(",");
        j.add("profile=" + String.join(";", profilers));
        boolean paths = paths() || blockTrace();   // options of a profiler that is off are refused
        if (paths) {
            j.add("k=" + k);
        }
        j.add("out=" + out());
        if (!include.isEmpty()) {
            j.add("include=" + String.join(";", include));
        }
        if (!exclude.isEmpty()) {
            j.add("exclude=" + String.join(";", exclude));
        }
        if (paths) {
            j.add("paths.arrayLimit=" + arrayLimit);
            j.add("paths.maxNodes=" + maxNodes);
            j.add("paths.runLength=" + (runLength == null ? "auto" : runLength.toString()));
            j.add("paths.trivial=" + trivial);
        }
        if (values()) {
            j.add("values.kinds=" + String.join(";", valueKinds));
            j.add("values.tableSize=" + tableSize);
            j.add("values.topN=" + topN());
            j.add("values.clearInterval=" + clearInterval);
            j.add("convergent=" + convergent);
            j.add("values.criterion=" + criterion);
            j.add("values.interval=" + interval);
            j.add("values.recheck=" + recheck);
            j.add("values.increaseBound=" + increaseBound);
            j.add("values.decreaseBound=" + decreaseBound);
            j.add("values.backoff=" + backoff);
            if (seed != 0) {
                j.add("values.seed=" + seed);
            }
            j.add("values.quiet=" + quiet);
            j.add("values.freeze=" + freeze);
            if (freeze || thawAfter != THAW_AFTER) {
                j.add("values.thawAfter=" + thawAfter);
            }
        }
        if (deps()) {
            j.add("deps.mode=" + depsMode);
            if (absint) {
                j.add("deps.absint=" + (absintAlways ? "always" : "true"));
            }
        }
        if (trace()) {
            j.add("trace.chunkEvents=" + chunkEvents);
            j.add("trace.heap=" + heap);
        }
        if (dumpInterval != null) {
            j.add("dumpInterval=" + dumpInterval);
        }
        if (!jmx) {
            j.add("jmx=false");
        }
        if (!verify) {
            j.add("verify=false");
        }
        if (instrumenterC2) {
            j.add("instrumenter.c2=true");
        }
        if (verbose) {
            j.add("verbose=true");
        }
        return j.toString();
    }
}
