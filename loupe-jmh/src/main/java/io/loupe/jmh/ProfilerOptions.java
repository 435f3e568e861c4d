package io.loupe.jmh;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The options of {@link LoupeProfiler}, from JMH's {@code -prof io.loupe.jmh.LoupeProfiler:OPTIONS}
 * ({@code key=value} pairs separated by {@code ;}), and the agent options they make.
 *
 * @param profilers Loupe's profilers, as the agent names them ({@code paths;values})
 * @param k         iterations per k-path
 * @param include   the classes to instrument, or null for the benchmark's package
 * @param dir       where profiles are written
 * @param top       lines per section of the result
 * @param agent     the agent jar
 */
record ProfilerOptions(String profilers, int k, String include, Path dir, int top, Path agent) {

    private static final List<String> KEYS = List.of("profile", "k", "include", "dir", "top", "agent");

    /**
     * Parses {@code line} (null or empty for the defaults); {@code besideJar} finds the agent when
     * neither {@code agent=} nor the system property {@code loupe.agent.jar} names it.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    static ProfilerOptions parse(String line, Supplier<Path> besideJar) {
        Map<String, String> given = new LinkedHashMap<>();
        if (line != null && !line.isBlank()) {
            for (String pair : line.split(";")) {
                int eq = pair.indexOf('=');
                String key = eq < 0 ? pair.strip() : pair.substring(0, eq).strip();
                if (eq < 0 || !KEYS.contains(key)) {
                    throw new IllegalArgumentException("Loupe: unknown option '" + pair.strip() + "'; options are "
                            + String.join(", ", KEYS) + " (key=value, separated by ;)");
                }
                given.put(key, pair.substring(eq + 1).strip());
            }
        }
        String profilers = given.getOrDefault("profile", "paths").replace('+', ';');
        int k = number(given, "k", 1);
        int top = number(given, "top", 5);
        Path dir = Path.of(given.getOrDefault("dir", "."));
        String agentPath = given.getOrDefault("agent", System.getProperty("loupe.agent.jar"));
        Path agent = agentPath != null ? Path.of(agentPath) : besideJar.get();
        if (agent == null || !Files.isRegularFile(agent)) {
            throw new IllegalArgumentException("Loupe: agent jar " + (agent == null ? "not found" : agent + " does not exist")
                    + "; give agent=PATH (bin/loupe agent prints it) or -Dloupe.agent.jar=PATH");
        }
        return new ProfilerOptions(profilers, k, given.get("include"), dir, top, agent.toAbsolutePath());
    }

    private static int number(Map<String, String> given, String key, int fallback) {
        String v = given.get(key);
        if (v == null) {
            return fallback;
        }
        try {
            int n = Integer.parseInt(v);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("Loupe: " + key + " must be a whole number of at least 1, got '" + v + "'");
    }

    /**
     * The agent's options for the forks of {@code benchmark} ({@code pkg.Class.method}): the
     * profilers, k, what to instrument (the benchmark's package, generated code included, unless
     * {@code include} says otherwise) and where to write the profile.
     */
    String agentOptions(String benchmark, Path out) {
        String scope = include;
        if (scope == null) {
            int method = benchmark.lastIndexOf('.');
            int cls = method < 0 ? -1 : benchmark.lastIndexOf('.', method - 1);
            scope = cls < 0 ? "*" : benchmark.substring(0, cls) + ".*";
        }
        // JMH's generated harness (pkg.jmh_generated) is not the benchmark's code
        return "profile=" + profilers + ",k=" + k + ",include=" + scope.replace(',', ';') + ",exclude=*.jmh_generated.*"
                + ",out=" + out;
    }
}
