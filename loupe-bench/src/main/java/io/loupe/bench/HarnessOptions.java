package io.loupe.bench;

import io.loupe.bench.workloads.Size;
import io.loupe.bench.workloads.Workload;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The harness's command line, parsed strictly: an unknown option, a missing value or a bad value
 * fails with it named. Every option but {@code --agent} has a default; {@code --agent} is needed
 * as soon as one configuration is instrumented, and {@code --agent-variant NAME=JAR} (repeatable)
 * for each variant a configuration names ({@code values-conv:NAME}, see {@link ProfilerConfig}).
 * {@code --agent-variant NAME=JAR+OPTIONS} also gives the variant agent options of its own,
 * appended to its configuration's: one experimental build can then be measured at several
 * settings in the same rounds ({@code lazy-once=lazy.jar+values.lazy=true,values.lazyBackoff=1000000}).
 *
 * @param agent        the agent jar, or null when every configuration is {@code none}
 * @param variants     the agent variants, by name
 * @param workloads    the workloads, in the order they are run
 * @param configs      the configurations, in the order they alternate within a round
 * @param runs         rounds per workload
 * @param json         where the JSON report goes, or null
 * @param markdown     where the Markdown table goes, or null
 * @param java         the {@code java} launcher of the child JVMs
 * @param size         the size every driver runs at
 * @param heap         initial and maximum heap of the child JVMs ({@code -Xms} = {@code -Xmx})
 * @param gc           the child JVMs' garbage collector
 * @param classPath    the child JVMs' class path, or null to use the one the build wrote
 * @param profiles     a directory to keep the profiles in, or null to delete each once read
 * @param liveHeapMillis the interval at which the children sample their live heap
 *                     ({@link io.loupe.bench.workloads.LiveHeapSampler}), or 0 for no sampling
 */
record HarnessOptions(Path agent, Map<String, HarnessOptions.AgentVariant> variants, List<Workload> workloads,
                      List<ProfilerConfig> configs, int runs, Path json, Path markdown, Path java, Size size,
                      String heap, Collector gc, String classPath, Path profiles, int liveHeapMillis) {

    /**
     * One {@code --agent-variant}: another build of the agent, and the options it appends to its
     * configuration's (null for none).
     */
    record AgentVariant(Path jar, String options) {
    }

    static final String USAGE = """
            usage: OverheadHarness [--agent loupe-agent.jar] [--agent-variant NAME=JAR[+OPTIONS]]...
                                   [--workloads scimark,compress,...|all]
                                   [--configs none,blpp,k2,k4,k8] [--runs 5] [--json out.json]
                                   [--markdown out.md] [--java /path/to/java] [--size full|small]
                                   [--heap 2g] [--gc parallel|g1] [--classpath CP]
                                   [--keep-profiles DIR] [--live-heap MILLIS]""";

    static HarnessOptions parse(String... args) {
        Path agent = null;
        Map<String, AgentVariant> variants = new LinkedHashMap<>();
        List<Workload> workloads = List.of(Workload.values());
        List<ProfilerConfig> configs = parseList("none,blpp,k2,k4,k8", ProfilerConfig::parse);
        int runs = 5;
        Path json = null;
        Path markdown = null;
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Size size = Size.FULL;
        String heap = "2g";
        Collector gc = Collector.PARALLEL;
        String classPath = null;
        Path profiles = null;
        int liveHeapMillis = 0;
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            if (!option.startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument '" + option + "'\n" + USAGE);
            }
            if (i + 1 == args.length) {
                throw new IllegalArgumentException("option " + option + " needs a value\n" + USAGE);
            }
            String value = args[++i];
            switch (option) {
                case "--agent" -> agent = Path.of(value);
                case "--agent-variant" -> variant(value, variants);
                case "--workloads" -> workloads = value.equals("all")
                        ? List.of(Workload.values()) : parseList(value, Workload::byId);
                case "--configs" -> configs = parseList(value, ProfilerConfig::parse);
                case "--runs" -> runs = positive(option, value);
                case "--json" -> json = Path.of(value);
                case "--markdown" -> markdown = Path.of(value);
                case "--java" -> java = Path.of(value);
                case "--size" -> size = Size.parse(value);
                case "--heap" -> heap = heap(value);
                case "--gc" -> gc = Collector.parse(value);
                case "--classpath" -> classPath = value;
                case "--keep-profiles" -> profiles = Path.of(value);
                case "--live-heap" -> liveHeapMillis = positive(option, value);
                default -> throw new IllegalArgumentException("unknown option " + option + "\n" + USAGE);
            }
        }
        if (configs.stream().anyMatch(c -> c.instrumented() && c.variant() == null)) {
            if (agent == null) {
                throw new IllegalArgumentException("--agent is needed for the instrumented configurations");
            }
            if (!Files.isRegularFile(agent)) {
                throw new IllegalArgumentException("--agent " + agent + ": no such file (build loupe-agent first)");
            }
        }
        for (ProfilerConfig config : configs) {
            if (config.variant() != null && !variants.containsKey(config.variant())) {
                throw new IllegalArgumentException("configuration " + config.name() + " needs --agent-variant "
                        + config.variant() + "=JAR");
            }
        }
        return new HarnessOptions(agent, Map.copyOf(variants), workloads, configs, runs, json, markdown, java, size,
                heap, gc, classPath, profiles, liveHeapMillis);
    }

    /** The agent jar that runs {@code config}: its variant's, or {@link #agent}. */
    Path agentFor(ProfilerConfig config) {
        return config.variant() != null ? variants.get(config.variant()).jar() : agent;
    }

    /** The agent options a variant adds to {@code config}'s, or null (also for a configuration without variant). */
    String optionsFor(ProfilerConfig config) {
        return config.variant() != null ? variants.get(config.variant()).options() : null;
    }

    /** Parses {@code NAME=JAR} or {@code NAME=JAR+OPTIONS} of {@code --agent-variant} into {@code variants}. */
    private static void variant(String value, Map<String, AgentVariant> variants) {
        int eq = value.indexOf('=');
        String name = eq < 0 ? "" : value.substring(0, eq);
        int plus = value.indexOf('+', eq + 1);
        String file = plus < 0 ? value.substring(eq + 1) : value.substring(eq + 1, plus);
        if (!name.matches("[A-Za-z0-9][A-Za-z0-9-]*") || file.isEmpty() || plus == value.length() - 1) {
            throw new IllegalArgumentException("--agent-variant needs NAME=JAR or NAME=JAR+OPTIONS, the name of letters, "
                    + "digits and hyphens, got '" + value + "'");
        }
        Path jar = Path.of(file);
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException("--agent-variant " + value + ": no such file");
        }
        if (variants.put(name, new AgentVariant(jar, plus < 0 ? null : value.substring(plus + 1))) != null) {
            throw new IllegalArgumentException("--agent-variant " + name + " is given twice");
        }
    }

    /** Whether the children sample their live heap (their times then include the sampling). */
    boolean samplesLiveHeap() {
        return liveHeapMillis > 0;
    }

    /** The uninstrumented configuration, when it is one of those measured. */
    boolean hasBaseline() {
        return configs.contains(ProfilerConfig.NONE);
    }

    /** A comma-separated list, each item parsed, duplicates failing. */
    private static <T> List<T> parseList(String value, Function<String, T> parser) {
        var items = new ArrayList<T>();
        for (String item : value.split(",")) {
            T parsed = parser.apply(item.trim());
            if (items.contains(parsed)) {
                throw new IllegalArgumentException("'" + item.trim() + "' is listed twice in " + value);
            }
            items.add(parsed);
        }
        return List.copyOf(items);
    }

    private static int positive(String option, String value) {
        try {
            int n = Integer.parseInt(value);
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(option + " needs a positive integer, got '" + value + "'");
    }

    private static String heap(String value) {
        if (!value.matches("[1-9][0-9]*[kKmMgG]?")) {
            throw new IllegalArgumentException("--heap needs a JVM memory size such as 2g or 512m, got '" + value + "'");
        }
        return value;
    }
}
