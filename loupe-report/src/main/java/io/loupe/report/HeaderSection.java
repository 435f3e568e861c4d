package io.loupe.report;

import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.data.ProfileHeader;

import java.io.IOException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

import static io.loupe.report.TextLayout.CONTINUED;
import static io.loupe.report.TextLayout.WIDTH;
import static io.loupe.report.TextLayout.field;

/** The text report's opening: who wrote the profile, for which run, with which options, what it holds. */
final class HeaderSection {

    private static final int WARNINGS_SHOWN = 5;
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'")
            .withZone(ZoneOffset.UTC);

    private HeaderSection() {
    }

    static void write(ProfileSummary s, Appendable out) throws IOException {
        ProfileHeader h = s.profile().header();
        out.append("Loupe path profile, written by Loupe ").append(h.loupeVersion())
                .append(" on ").append(WHEN.format(Instant.ofEpochMilli(h.createdMillis()))).append('\n');
        field(out, "JVM", h.jvm());
        field(out, "command", h.command().isEmpty() ? "(unknown)" : h.command());
        field(out, "k", s.k() == 1 ? "1: acyclic Ball–Larus paths only"
                : s.k() + ": chains of up to " + s.k() + " acyclic paths (loop iterations)");
        field(out, "options", h.options().isEmpty() ? "(none)" : h.options());
        field(out, "methods", s.registeredMethods() + " registered, " + s.instrumentedMethods() + " instrumented, "
                + s.methods().size() + " with path counts (" + Percent.count(s.distinctPaths()) + " distinct paths)");
        List<String> stats = new ArrayList<>();
        new TreeMap<>(s.profile().stats()).forEach((k, v) -> stats.add(k + "=" + Percent.count(v)));
        if (s.prunedNodes() > 0) {
            stats.add("k-SF nodes pruned while streaming=" + Percent.count(s.prunedNodes()));
        }
        field(out, "stats", stats.isEmpty() ? List.of("(none)") : stats);
        warnings(s.profile().warnings(), out);
    }

    private static void warnings(List<String> warnings, Appendable out) throws IOException {
        field(out, "warnings", Integer.toString(warnings.size()));
        for (String w : warnings.subList(0, Math.min(WARNINGS_SHOWN, warnings.size()))) {
            // a warning may hold tabs and newlines (stack traces): one line of words here
            for (String line : Wrapper.wrap(TextLayout.words(w), WIDTH - CONTINUED.length() - 2, 2)) {
                out.append(CONTINUED).append("- ").append(line).append('\n');
            }
        }
        if (warnings.size() > WARNINGS_SHOWN) {
            out.append(CONTINUED).append("… and ").append(Integer.toString(warnings.size() - WARNINGS_SHOWN))
                    .append(" more (see --json)\n");
        }
    }
}
