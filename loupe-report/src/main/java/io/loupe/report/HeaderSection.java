package io.loupe.report;

import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.analysis.values.ValueAnalysis;
import io.loupe.analysis.values.ValueRunSettings;
import io.loupe.data.ProfileHeader;
import io.loupe.data.StatKeys;

import java.io.IOException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static io.loupe.report.TextLayout.CONTINUED;
import static io.loupe.report.TextLayout.WIDTH;
import static io.loupe.report.TextLayout.field;

/**
 * The text report's opening: who wrote the profile, for which run, with which options, what it
 * holds (paths, values, dependences).
 */
final class HeaderSection {

    private static final int WARNINGS_SHOWN = 5;
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'")
            .withZone(ZoneOffset.UTC);

    private HeaderSection() {
    }

    static void write(ProfileSummary s, Appendable out) throws IOException {
        ProfileHeader h = s.profile().header();
        boolean paths = s.pathsProfiled();
        boolean values = s.values().present();
        out.append("Loupe ").append(kinds(paths, values, s.deps().present())).append(" profile, written by Loupe ")
                .append(h.loupeVersion()).append(" on ").append(WHEN.format(Instant.ofEpochMilli(h.createdMillis()))).append('\n');
        field(out, "JVM", h.jvm());
        field(out, "command", h.command().isEmpty() ? "(unknown)" : h.command());
        if (paths) {
            field(out, "k", s.k() == 1 ? "1: acyclic Ball–Larus paths only"
                    : s.k() + ": chains of up to " + s.k() + " acyclic paths (loop iterations)");
        }
        TextLayout.options(out, "options", h.options());
        String live = LiveDumpNote.of(s.profile().stats());
        if (live != null) {
            field(out, "dumped", live);
        }
        if (paths) {
            field(out, "methods", s.registeredMethods() + " registered, " + s.instrumentedMethods() + " instrumented, "
                    + s.methods().size() + " with path counts (" + Percent.count(s.distinctPaths()) + " distinct paths)");
        }
        if (paths) {
            String open = openActivations(s.profile().stats());
            if (open != null) {
                field(out, s.profile().stats().getOrDefault(StatKeys.DUMP_LIVE, 0L) != 0 ? "at dump" : "at exit", open);
            }
        }
        if (values) {
            field(out, "values", values(s.values()));
        }
        List<String> stats = new ArrayList<>();
        new TreeMap<>(s.profile().stats()).forEach((k, v) -> stats.add(k + "=" + Percent.count(v)));
        if (s.prunedNodes() > 0) {
            stats.add("k-SF nodes pruned while streaming=" + Percent.count(s.prunedNodes()));
        }
        field(out, "stats", stats.isEmpty() ? List.of("(none)") : stats);
        warnings(s.profile().warnings(), out);
    }

    /**
     * What the activations still open when the profile was written mean for its counts, or null
     * if none was open (or the profile predates the count).
     */
    static String openActivations(Map<String, Long> stats) {
        long activations = stats.getOrDefault(StatKeys.PATHS_OPEN_ACTIVATIONS, 0L);
        if (activations == 0) {
            return null;
        }
        long threads = stats.getOrDefault(StatKeys.PATHS_OPEN_THREADS, 0L);
        long running = stats.getOrDefault(StatKeys.PATHS_RUNNING_THREADS, 0L);
        String text = Percent.count(activations) + (activations == 1 ? " activation" : " activations") + " still open in "
                + Percent.count(threads) + (threads == 1 ? " thread" : " threads")
                + ", their paths counted up to the dump but not the path each was in";
        if (running > 0) {
            text += "; " + Percent.count(running) + (running == 1 ? " thread was" : " threads were")
                    + " running profiled code, whose latest loop iterations may be missing (see warnings)";
        }
        return text;
    }

    /** {@code path}, {@code path and value}, {@code value and dependence}, …: what the profile holds. */
    private static String kinds(boolean paths, boolean values, boolean deps) {
        List<String> kinds = new ArrayList<>();
        if (paths) {
            kinds.add("path");
        }
        if (values) {
            kinds.add("value");
        }
        if (deps) {
            kinds.add("dependence");
        }
        if (kinds.isEmpty()) {
            return "value";   // nothing at all: as before, an empty value profile
        }
        String last = kinds.remove(kinds.size() - 1);
        return kinds.isEmpty() ? last : String.join(", ", kinds) + " and " + last;
    }

    private static String values(ValueAnalysis v) {
        ValueRunSettings settings = v.settings();
        String table = settings.tableSize() == 0 ? "" : "; TNV tables of " + settings.tableSize();
        String n = settings.topN() == 0 ? "" : ", Inv-N with N = " + settings.topN();
        boolean e = settings.convergent();
        String mode = e
                ? "; convergent profiling (" + ValueLayout.estimate(true, Percent.oneDecimal(v.convergence().profiledShare()))
                        + " of executions profiled)"
                : "; full profiling";
        return Percent.count(v.registeredSites()) + " sites registered, " + Percent.count(v.sites().size()) + " ran, "
                + ValueLayout.estimate(e, Percent.count(v.executed())) + " executions" + table + n + mode;
    }

    private static void warnings(List<String> warnings, Appendable out) throws IOException {
        field(out, "warnings", Integer.toString(warnings.size()));
        for (String w : warnings.subList(0, Math.min(WARNINGS_SHOWN, warnings.size()))) {
            // a warning may hold tabs and newlines (stack traces): one line of words here
            for (String line : WordWrapper.wrap(TextLayout.words(w), WIDTH - CONTINUED.length() - 2, 2)) {
                out.append(CONTINUED).append("- ").append(line).append('\n');
            }
        }
        if (warnings.size() > WARNINGS_SHOWN) {
            out.append(CONTINUED).append("… and ").append(Integer.toString(warnings.size() - WARNINGS_SHOWN))
                    .append(" more (see --json)\n");
        }
    }
}
