package io.loupe.cli;

import io.loupe.data.Profiler;
import io.loupe.data.deps.DepsProfile;
import io.loupe.data.values.SiteKind;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Builds the agent's option string from {@code run}'s flags: {@code key=value} pairs separated by
 * commas, list values separated by {@code ;} (the syntax the agent parses strictly). The CLI takes
 * lists comma-separated ({@code --profile paths,values}, {@code --include 'a.*,b.*'},
 * {@code --values-kinds param,local}); a {@code ;} is accepted there too. Extra {@code -A key=value} options pass through verbatim, after
 * the built-in ones.
 *
 * <p>Checks here are the ones the agent cannot do well: a comma inside a value would split it
 * into a bogus option, and a profiler typo should fail before a JVM starts.
 */
final class AgentOptionsBuilder {

    /** Profilers {@code run} knows: the agent's ({@link Profiler}). */
    static final List<String> KNOWN_PROFILERS = Profiler.ids();
    /** Value site kinds {@code --values-kinds} knows: the agent's ({@link SiteKind}). */
    static final List<String> KNOWN_VALUE_KINDS = Arrays.stream(SiteKind.values()).map(SiteKind::label).toList();
    /** Keys set by {@code run}'s own flags, so {@code -A} may not set them. */
    private static final List<String> FLAG_KEYS = List.of("profile", "k", "out", "include", "exclude", "values.kinds",
            "convergent", "deps.mode");

    private List<String> profilers = List.of("paths");
    private Integer k;   // null: not given
    private String out;   // null: loupe.prof, or loupe.trace for the whole-program trace
    private List<String> include = List.of();
    private List<String> exclude = List.of();
    private List<String> valueKinds = List.of();
    private boolean convergent;
    private String depsMode;
    private boolean absint;
    private List<String> extra = List.of();

    AgentOptionsBuilder profilers(List<String> names) {
        this.profilers = names == null ? List.of() : names;
        return this;
    }

    /** {@code --k}: null when not given (the agent's default, 1). */
    AgentOptionsBuilder k(Integer k) {
        this.k = k;
        return this;
    }

    AgentOptionsBuilder out(String out) {
        this.out = out;
        return this;
    }

    AgentOptionsBuilder include(List<String> globs) {
        this.include = globs == null ? List.of() : globs;
        return this;
    }

    AgentOptionsBuilder exclude(List<String> globs) {
        this.exclude = globs == null ? List.of() : globs;
        return this;
    }

    /** {@code --values-kinds}: the value site kinds to profile; none given means all. */
    AgentOptionsBuilder valueKinds(List<String> kinds) {
        this.valueKinds = kinds == null ? List.of() : kinds;
        return this;
    }

    /** {@code --convergent}: convergent value profiling. */
    AgentOptionsBuilder convergent(boolean convergent) {
        this.convergent = convergent;
        return this;
    }

    /** {@code --deps-mode}: camp or lamp; null for the agent's default (camp). */
    AgentOptionsBuilder depsMode(String mode) {
        this.depsMode = mode;
        return this;
    }

    /** {@code --absint}: abstract interpretation at loop entry, with the deps profiler. */
    AgentOptionsBuilder absint(boolean absint) {
        this.absint = absint;
        return this;
    }

    /** {@code -A key=value} options, passed through verbatim. */
    AgentOptionsBuilder extra(List<String> pairs) {
        this.extra = pairs == null ? List.of() : pairs;
        return this;
    }

    /**
     * The option string, e.g. {@code profile=paths,k=4,out=app.prof,include=com.example.*;org.foo.*}.
     *
     * @throws CliException naming the first bad value
     */
    String build() {
        List<String> names = items(profilers, "--profile");
        if (names.isEmpty()) {
            throw new CliException("--profile needs at least one profiler (known: " + String.join(", ", KNOWN_PROFILERS) + ")");
        }
        for (String name : names) {
            if (!KNOWN_PROFILERS.contains(name)) {
                throw new CliException("unknown profiler '" + name + "' (known: " + String.join(", ", KNOWN_PROFILERS) + ")");
            }
        }
        if (k != null && k < 1) {
            throw new CliException("--k must be at least 1, got " + k);
        }
        if (k != null && !names.contains("paths") && !names.contains("blocktrace")) {
            throw new CliException("--k needs the paths profiler (--profile paths)");
        }
        String out = this.out != null ? this.out : names.contains(Profiler.TRACE.id()) ? "loupe.trace" : "loupe.prof";
        if (out.isBlank()) {
            throw new CliException("--out needs a file name");
        }
        noComma("--out", out);
        List<String> options = new ArrayList<>();
        options.add("profile=" + String.join(";", names));
        if (names.contains("paths") || names.contains("blocktrace")) {
            options.add("k=" + (k == null ? 1 : k));   // the agent refuses k when no path profiler runs
        }
        options.add("out=" + out);
        List<String> in = items(include, "--include");
        if (!in.isEmpty()) {
            options.add("include=" + String.join(";", in));
        }
        List<String> ex = items(exclude, "--exclude");
        if (!ex.isEmpty()) {
            options.add("exclude=" + String.join(";", ex));
        }
        List<String> kinds = items(valueKinds, "--values-kinds");
        for (String kind : kinds) {
            if (!KNOWN_VALUE_KINDS.contains(kind)) {
                throw new CliException("unknown value site kind '" + kind + "' (known: " + String.join(", ", KNOWN_VALUE_KINDS) + ")");
            }
        }
        if ((!kinds.isEmpty() || convergent) && !names.contains("values")) {
            throw new CliException((convergent ? "--convergent" : "--values-kinds") + " needs the values profiler (--profile values)");
        }
        if (!kinds.isEmpty()) {
            options.add("values.kinds=" + String.join(";", kinds));
        }
        if (convergent) {
            options.add("convergent=true");
        }
        if (depsMode != null) {
            if (!DepsProfile.MODES.contains(depsMode)) {
                throw new CliException("--deps-mode needs camp or lamp, got '" + depsMode + "'");
            }
            if (!names.contains("deps")) {
                throw new CliException("--deps-mode needs the deps profiler (--profile deps)");
            }
            options.add("deps.mode=" + depsMode);
        }
        if (absint) {
            if (!names.contains("deps")) {
                throw new CliException("--absint needs the deps profiler (--profile deps)");
            }
            options.add("deps.absint=true");
        }
        if (names.contains("deps") && names.size() > 1) {
            throw new CliException("profiler 'deps' cannot be combined with others");
        }
        for (String pair : extra) {
            options.add(checkedExtra(pair));
        }
        return String.join(",", options);
    }

    /** Items of a list flag: each value split at ';' too, trimmed, blanks and repeats dropped. */
    private static List<String> items(List<String> values, String flag) {
        Set<String> items = new LinkedHashSet<>();
        for (String value : values) {
            noComma(flag, value);
            for (String item : value.split(";")) {
                if (!item.isBlank()) {
                    items.add(item.strip());
                }
            }
        }
        return List.copyOf(items);
    }

    private static String checkedExtra(String pair) {
        int eq = pair.indexOf('=');
        if (eq <= 0) {
            throw new CliException("-A needs key=value, got '" + pair + "'");
        }
        String key = pair.substring(0, eq);
        if (FLAG_KEYS.contains(key)) {
            throw new CliException("use --" + key.replace('.', '-') + " instead of -A " + key + "=…");
        }
        noComma("-A " + key, pair);
        return pair;
    }

    private static void noComma(String what, String value) {
        if (value.indexOf(',') >= 0) {
            throw new CliException(what + " value '" + value + "' may not contain ',' (the agent separates options with"
                    + " commas; separate list items with ';')");
        }
    }
}
