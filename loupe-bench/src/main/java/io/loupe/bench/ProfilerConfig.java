package io.loupe.bench;

import io.loupe.data.deps.DepMode;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * One configuration the harness measures, by its short name: {@code none} runs without an agent
 * (the baseline every ratio is taken against), {@code blpp} is plain Ball–Larus path profiling
 * ({@code profile=paths,k=1}) and {@code kN} is k-iteration path profiling with k = N
 * ({@code profile=paths,k=N}); {@code kN@M} is the same with a k-slab forest budget of M nodes per
 * thread ({@code paths.maxNodes=M}), to measure pruning. {@code values} is full value profiling
 * ({@code profile=values}) and {@code values-conv} convergent value profiling
 * ({@code profile=values,convergent=true}), {@code values-freeze} the same with frozen quiet periods
 * ({@code values.freeze=true}). {@code lamp} and {@code camp} are memory dependence
 * profiling in either mode ({@code profile=deps,deps.mode=…}), {@code lamp-absint} and
 * {@code camp-absint} the same with abstract interpretation at loop entry ({@code deps.absint=true});
 * {@code trace} the whole-program
 * trace with its checks, the eWPP ({@code profile=trace}); {@code trace-addr} the trace with its
 * address trace, the CF + address-trace baseline ({@code profile=trace,trace.heap=addresses});
 * {@code trace-cf} the control flow alone, Larus's WPP ({@code trace.heap=none}).
 *
 * <p>{@code CONFIG:VARIANT} (e.g. {@code values-conv:floor-never}) is CONFIG's options run with
 * another agent jar, the one the harness's {@code --agent-variant VARIANT=JAR} names: a build of
 * Loupe changed for an experiment, measured in the same rounds as the agent itself.
 *
 * @param name         the short name, as on the command line and in the reports
 * @param agentOptions the agent's options without {@code out=}, or null for {@code none}
 * @param variant      the agent variant's name, or null for the {@code --agent} jar
 */
record ProfilerConfig(String name, String agentOptions, String variant) {
    static final ProfilerConfig NONE = new ProfilerConfig("none", null, null);

    ProfilerConfig(String name, String agentOptions) {
        this(name, agentOptions, null);
    }

    /**
     * Parses {@code none}, {@code blpp}, {@code k<N>} (N ≥ 1) and the others above, each
     * instrumented one optionally with {@code :VARIANT}, failing with the text named.
     */
    static ProfilerConfig parse(String text) {
        String trimmed = text.trim();
        int colon = trimmed.indexOf(':');
        if (colon >= 0) {
            String variant = trimmed.substring(colon + 1);
            ProfilerConfig base = parse(trimmed.substring(0, colon));
            if (!base.instrumented() || !variant.matches("[A-Za-z0-9][A-Za-z0-9-]*")) {
                throw new IllegalArgumentException("bad configuration '" + text + "': a variant is an instrumented "
                        + "configuration, a colon and a name of letters, digits and hyphens, e.g. values-conv:floor-never");
            }
            return new ProfilerConfig(base.name() + ":" + variant, base.agentOptions(), variant);
        }
        String name = trimmed.toLowerCase(Locale.ROOT);
        if (name.equals("none")) {
            return NONE;
        }
        if (name.equals("blpp")) {
            return new ProfilerConfig(name, "profile=paths,k=1");
        }
        if (name.equals("values")) {
            return new ProfilerConfig(name, "profile=values");
        }
        if (name.equals("values-conv")) {
            return new ProfilerConfig(name, "profile=values,convergent=true");
        }
        if (name.equals("values-freeze")) {
            return new ProfilerConfig(name, "profile=values,convergent=true,values.freeze=true");
        }
        if (name.equals("trace")) {
            return new ProfilerConfig(name, "profile=trace");
        }
        if (name.equals("trace-addr")) {
            return new ProfilerConfig(name, "profile=trace,trace.heap=addresses");
        }
        if (name.equals("trace-cf")) {
            return new ProfilerConfig(name, "profile=trace,trace.heap=none");
        }
        if (DepMode.ofId(name) != null) {
            return new ProfilerConfig(name, "profile=deps,deps.mode=" + name);
        }
        if (name.endsWith("-absint") && DepMode.ofId(name.substring(0, name.length() - 7)) != null) {
            return new ProfilerConfig(name, "profile=deps,deps.mode=" + name.substring(0, name.length() - 7)
                    + ",deps.absint=true");
        }
        if (name.matches("k[1-9][0-9]{0,3}")) {
            return new ProfilerConfig(name, "profile=paths,k=" + name.substring(1));
        }
        if (name.matches("k[1-9][0-9]{0,3}@[1-9][0-9]{3,7}")) {
            int at = name.indexOf('@');
            return new ProfilerConfig(name, "profile=paths,k=" + name.substring(1, at) + ",paths.maxNodes=" + name.substring(at + 1));
        }
        throw new IllegalArgumentException("unknown configuration '" + text + "' (expected none, blpp, kN, kN@M, values, values-conv, values-freeze, lamp, camp, lamp-absint, camp-absint, trace, trace-addr or trace-cf, e.g. k4, k16@100000, each but none optionally with :VARIANT)");
    }

    boolean instrumented() {
        return agentOptions != null;
    }

    /** The {@code -javaagent:} argument that writes the profile to {@code profile}; empty for none. */
    Optional<String> javaagentArgument(Path agentJar, Path profile) {
        return javaagentArgument(agentJar, profile, null);
    }

    /**
     * The same, keeping the classes of the glob {@code exclude} out of instrumentation (none when
     * null): the harness's own code that runs in the child, such as the live-heap sampler.
     */
    Optional<String> javaagentArgument(Path agentJar, Path profile, String exclude) {
        return javaagentArgument(agentJar, profile, exclude, null);
    }

    /** The same, with the agent options {@code extra} after the configuration's (none when null): a variant's own. */
    Optional<String> javaagentArgument(Path agentJar, Path profile, String exclude, String extra) {
        if (!instrumented()) {
            return Optional.empty();
        }
        return Optional.of("-javaagent:" + agentJar + "=" + agentOptions + (extra == null ? "" : "," + extra)
                + ",out=" + profile + (exclude == null ? "" : ",exclude=" + exclude));
    }
}
