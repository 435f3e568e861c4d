package io.loupe.agent;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The agent's options: {@code key=value} pairs separated by commas; list values (profilers,
 * globs) are separated by {@code ;}. Parsing is strict: an unknown key, a malformed pair or a bad
 * value is an {@link IllegalArgumentException} whose one-line message names it. The options
 * round-trip: {@link #toString()} gives back a string that parses to equal options.
 */
public final class AgentOptions {

    /** Every key, with its help line (the order of {@code help}). */
    static final Map<String, String> KEYS = new LinkedHashMap<>();

    static {
        KEYS.put("profile", "profilers to run, ';'-separated (known: paths, blocktrace). Default: paths");
        KEYS.put("k", "iterations per k-path; 1 = plain Ball-Larus path counts. Default: 1");
        KEYS.put("out", "profile file written at exit. Default: loupe.prof");
        KEYS.put("include", "class-name globs to instrument, ';'-separated ('*' any chars, '?' one). Default: all");
        KEYS.put("exclude", "class-name globs never to instrument, ';'-separated. Default: none");
        KEYS.put("paths.arrayLimit", "methods with at most this many paths count into arrays, others hash. Default: 4096");
        KEYS.put("paths.maxNodes", "per-thread k-slab forest node budget; cold nodes are pruned beyond it. Default: 4000000");
        KEYS.put("paths.runLength", "run-length encode repeated loop paths in locals: auto (k >= 2), true or false. Default: auto");
        KEYS.put("paths.trivial", "true to also instrument single-path methods without loops. Default: false");
        KEYS.put("verbose", "true to log every instrumented class on stderr. Default: false");
        KEYS.put("help", "print this help on stderr and exit");
    }

    static final List<String> PROFILERS = List.of("paths", "blocktrace");

    private List<String> profilers = List.of("paths");
    private int k = 1;
    private Path out = Path.of("loupe.prof");
    private List<String> include = List.of();
    private List<String> exclude = List.of();
    private int arrayLimit = 4096;
    private int maxNodes = 4_000_000;
    private Boolean runLength;   // null: auto
    private boolean trivial;
    private boolean verbose;
    private boolean help;

    /** Parses an option string; null or empty means all defaults. */
    public static AgentOptions parse(String text) {
        AgentOptions o = new AgentOptions();
        if (text == null || text.isBlank()) {
            return o;
        }
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
            o.set(key, value);
        }
        return o;
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
            case "verbose" -> verbose = bool(key, value);
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
        KEYS.forEach((key, text) -> b.append(String.format("  %-18s %s%n", key, text)));
        return b.toString();
    }

    public List<String> profilers() {
        return profilers;
    }

    /** True for the naive block tracer (the validation oracle) instead of path profiling. */
    public boolean blockTrace() {
        return profilers.contains("blocktrace");
    }

    public int k() {
        return k;
    }

    public Path out() {
        return out;
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

    /** True if the options asked for help. */
    public boolean help() {
        return help;
    }

    @Override
    public String toString() {
        StringJoiner j = new StringJoiner(",");
        j.add("profile=" + String.join(";", profilers));
        j.add("k=" + k);
        j.add("out=" + out);
        if (!include.isEmpty()) {
            j.add("include=" + String.join(";", include));
        }
        if (!exclude.isEmpty()) {
            j.add("exclude=" + String.join(";", exclude));
        }
        j.add("paths.arrayLimit=" + arrayLimit);
        j.add("paths.maxNodes=" + maxNodes);
        j.add("paths.runLength=" + (runLength == null ? "auto" : runLength.toString()));
        j.add("paths.trivial=" + trivial);
        if (verbose) {
            j.add("verbose=true");
        }
        return j.toString();
    }
}
