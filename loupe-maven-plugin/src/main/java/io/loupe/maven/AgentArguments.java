package io.loupe.maven;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The agent's options as {@code prepare-agent} builds them from its parameters, checked here so
 * that a mistake fails the build at {@code initialize} with the parameter named, rather than every
 * test JVM at start (the agent would refuse them too, but in a forked JVM's log). The profile file
 * ({@code out}) is not among them: each test JVM picks its own ({@link ForkAgent}).
 *
 * <p>Also the {@code argLine} side: quoting a JVM argument as Surefire's command-line parser reads
 * it, and appending it to what the property held.
 */
final class AgentArguments {

    /** Profilers the plugin accepts, as the agent names them; trace and blocktrace are for the CLI. */
    static final List<String> PROFILERS = List.of("paths", "values", "deps");

    /** Keys the plugin sets itself, which {@code options} may not repeat. */
    private static final Set<String> OWN_KEYS = Set.of("profile", "k", "include", "exclude", "out");

    private static final Pattern KEY = Pattern.compile("[a-zA-Z][a-zA-Z0-9.]*");

    private AgentArguments() {
    }

    /**
     * The option string ({@code profile=paths;values,k=4,include=…}) for the agent.
     *
     * @param profilers what to profile: {@code paths}, {@code values}, both, or {@code deps} alone
     * @param k         iterations per k-path (paths only), 1 to 64
     * @param includes  class-name globs to instrument (empty: all)
     * @param excludes  class-name globs never to instrument
     * @param options   further raw agent options, {@code key=value} separated by commas
     * @throws IllegalArgumentException naming the parameter that is wrong
     */
    static String options(List<String> profilers, int k, List<String> includes, List<String> excludes, String options) {
        Set<String> profile = new LinkedHashSet<>();
        for (String p : profilers) {
            for (String one : p.split("[,;]")) {
                String name = one.strip().toLowerCase(Locale.ROOT);
                if (name.isEmpty()) {
                    continue;
                }
                if (!PROFILERS.contains(name)) {
                    throw new IllegalArgumentException("unknown profiler '" + one.strip() + "' in <profilers> (known: "
                            + String.join(", ", PROFILERS) + ")");
                }
                profile.add(name);
            }
        }
        if (profile.isEmpty()) {
            throw new IllegalArgumentException("<profilers> names no profiler (known: " + String.join(", ", PROFILERS) + ")");
        }
        if (profile.contains("deps") && profile.size() > 1) {
            throw new IllegalArgumentException("<profilers>: deps runs alone (a second prepare-agent execution with"
                    + " another <propertyName> gives a second test run for it)");
        }
        if (k < 1 || k > 64) {
            throw new IllegalArgumentException("<k> must be between 1 and 64, got " + k);
        }
        if (k != 1 && !profile.contains("paths")) {
            throw new IllegalArgumentException("<k> is for the paths profiler, which is off (profilers: "
                    + String.join(", ", profile) + ")");
        }
        List<String> parts = new ArrayList<>();
        parts.add("profile=" + String.join(";", profile));
        if (k != 1) {
            parts.add("k=" + k);
        }
        if (!includes.isEmpty()) {
            parts.add("include=" + globs("includes", includes));
        }
        if (!excludes.isEmpty()) {
            parts.add("exclude=" + globs("excludes", excludes));
        }
        if (options != null && !options.isBlank()) {
            for (String pair : options.strip().split(",")) {
                int eq = pair.indexOf('=');
                String key = eq < 0 ? pair.strip() : pair.substring(0, eq).strip();
                if (eq <= 0 || !KEY.matcher(key).matches()) {
                    throw new IllegalArgumentException("<options>: malformed option '" + pair.strip() + "' (expected key=value)");
                }
                if (OWN_KEYS.contains(key)) {
                    throw new IllegalArgumentException("<options>: '" + key + "' is set by the plugin's own parameter"
                            + (key.equals("out") ? " (each test JVM writes its own file into <destDir>)" : " <" + parameterOf(key) + ">"));
                }
                parts.add(key + "=" + pair.substring(eq + 1).strip());
            }
        }
        return String.join(",", parts);
    }

    private static String parameterOf(String key) {
        return switch (key) {
            case "profile" -> "profilers";
            case "include" -> "includes";
            case "exclude" -> "excludes";
            default -> key;
        };
    }

    /** Globs joined by {@code ;}; a glob may not hold what separates options or globs. */
    private static String globs(String parameter, List<String> globs) {
        List<String> kept = new ArrayList<>();
        for (String g : globs) {
            String glob = g.strip();
            if (glob.isEmpty()) {
                continue;
            }
            if (glob.contains(",") || glob.contains(";") || glob.contains("=") || glob.contains(" ")) {
                throw new IllegalArgumentException("<" + parameter + ">: '" + glob + "' is not a class-name glob"
                        + " (one glob per element, no ',', ';', '=' or spaces)");
            }
            kept.add(glob);
        }
        return String.join(";", kept);
    }

    /**
     * {@code arg} as one argument of a command line that Surefire and Failsafe split on spaces
     * outside double quotes: quoted when it holds a space or a quote, as JaCoCo quotes its agent
     * argument (a project under {@code /home/me/My Projects} is common on some systems).
     */
    static String quote(String arg) {
        if (arg.indexOf(' ') < 0 && arg.indexOf('"') < 0 && arg.indexOf('\t') < 0) {
            return arg;
        }
        return '"' + arg.replace("\"", "\\\"") + '"';
    }

    /**
     * {@code old} (the property's value, maybe null or blank) with {@code arg} appended, after
     * removing an earlier Loupe argument (a second run of the same execution, or the property of an
     * earlier one): two Loupe agents in one JVM would instrument every class twice.
     */
    static String append(String old, String arg) {
        String kept = old == null ? "" : removeLoupeAgent(old).strip();
        return kept.isEmpty() ? arg : kept + " " + arg;
    }

    /** {@code line} without its Loupe launcher argument(s), recognised by the launcher jar's name. */
    static String removeLoupeAgent(String line) {
        List<String> kept = new ArrayList<>();
        for (String token : tokens(line)) {
            if (!(token.contains("-javaagent:") && token.contains(LauncherJar.NAME_PREFIX))) {
                kept.add(token);
            }
        }
        return String.join(" ", kept);
    }

    /** {@code line} split on spaces outside double quotes, each token as written (quotes kept). */
    static List<String> tokens(String line) {
        List<String> tokens = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\' && quoted && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                cur.append(c).append(line.charAt(++i));
            } else if (c == '"') {
                quoted = !quoted;
                cur.append(c);
            } else if (Character.isWhitespace(c) && !quoted) {
                if (!cur.isEmpty()) {
                    tokens.add(cur.toString());
                    cur.setLength(0);
                }
            } else {
                cur.append(c);
            }
        }
        if (!cur.isEmpty()) {
            tokens.add(cur.toString());
        }
        return tokens;
    }
}
