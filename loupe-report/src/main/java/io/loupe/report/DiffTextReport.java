package io.loupe.report;

import io.loupe.analysis.summary.ProfileComparison;
import io.loupe.data.Profile;
import io.loupe.data.ProfileHeader;

import java.io.IOException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

import static io.loupe.report.TextLayout.field;

/**
 * {@code loupe diff} for people: which runs are compared, then one part per profiler both runs
 * can be compared on ({@link ValueDiffSection}, {@link DepsDiffSection}; or why dependences were
 * not compared), then the problems found. Lines stay within
 * {@value TextLayout#WIDTH} columns.
 */
public final class DiffTextReport {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'")
            .withZone(ZoneOffset.UTC);

    private final int top;

    /** A report listing the {@code top} sites that differ most, and loops with the most false positives. */
    public DiffTextReport(int top) {
        if (top < 1) {
            throw new IllegalArgumentException("top must be at least 1, got " + top);
        }
        this.top = top;
    }

    public void write(ProfileComparison c, Appendable out) throws IOException {
        out.append("Loupe profile comparison: B against the reference A\n");
        run(out, "A", c.nameA(), c.a());
        run(out, "B", c.nameB(), c.b());
        if (c.values() != null) {
            ValueDiffSection.write(c.values(), top, out);
        }
        if (c.deps() != null) {
            DepsDiffSection.write(c.deps(), c.lampIsA(), top, out);
        } else if (c.depsNotCompared() != null) {
            out.append('\n');
            field(out, "deps", "not compared: " + c.depsNotCompared());
        }
        if (!c.problems().isEmpty()) {
            out.append("\nProblems found while reading the profiles\n");
            for (String p : c.problems()) {
                out.append("  - ").append(p).append('\n');
            }
        }
    }

    private static void run(Appendable out, String label, String name, Profile p) throws IOException {
        ProfileHeader h = p.header();
        field(out, label, name + ": " + (h.command().isEmpty() ? "(unknown command)" : h.command()) + " (Loupe "
                + h.loupeVersion() + ", " + WHEN.format(Instant.ofEpochMilli(h.createdMillis())) + ")");
        TextLayout.options(out, "", h.options());
    }
}
