package io.loupe.report;

import io.loupe.analysis.kpaths.HotKPath;
import io.loupe.analysis.kpaths.KPathForest;
import io.loupe.analysis.summary.MethodProfile;
import io.loupe.analysis.summary.ProfileSummary;

import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static io.loupe.report.TextLayout.PATH_LINES;
import static io.loupe.report.TextLayout.WIDTH;

/**
 * The hottest multi-iteration paths, read the way D'Elia et al. 2013 reads its Fig. 4 (§2.2, Example 2):
 * "after path 38, 66% of the time 86 follows", then "after 38 → 86, 100% of the time 86 follows",
 * and so on down the chain; then the lines of each path in it.
 */
final class HotKPathsSection {

    private HotKPathsSection() {
    }

    static void write(ProfileSummary s, int top, Appendable out) throws IOException {
        if (s.k() < 2) {
            out.append("\nMulti-iteration paths: not profiled (k = 1; run with --k 2 or more)\n");
            return;
        }
        List<HotKPath> hot = s.hottestKPaths(top);
        out.append("\nHottest multi-iteration paths (k-IPF chains of ")
                .append(s.k() == 2 ? "2" : "2 to " + s.k()).append(" acyclic paths)\n");
        if (hot.isEmpty()) {
            out.append("  no chain of two or more paths ran\n");
            return;
        }
        int rank = 1;
        for (HotKPath chain : hot) {
            String head = String.format("  %3d  ", rank++);
            chain(s.method(chain.methodId()), chain, head, out);
        }
    }

    private static void chain(MethodProfile m, HotKPath chain, String head, Appendable out) throws IOException {
        String pad = " ".repeat(head.length());
        KPathForest f = chain.forest();
        long[] ids = chain.ids();
        long firstCount = f.count(ancestor(f, chain.node(), ids.length - 1));
        out.append(head).append(TextLayout.fit(m.meta(), WIDTH - head.length() - 40))
                .append(m.cut() ? "  [cut edges]" : "").append('\n');
        List<String> ran = List.of("paths", joinIds(ids, ids.length) + ",", "ran", Percent.count(chain.count()), "times",
                "(" + Percent.whole(firstCount == 0 ? 0 : (double) chain.count() / firstCount) + " of path " + ids[0]
                        + "'s runs)");
        for (String line : WordWrapper.wrap(ran, WIDTH - pad.length(), PATH_LINES)) {
            out.append(pad).append(line).append('\n');
        }
        for (String sentence : HotKPathsReading.reading(f, chain.node())) {
            for (String line : WordWrapper.wrap(TextLayout.words(sentence), WIDTH - pad.length() - 2, PATH_LINES)) {
                out.append(pad).append("  ").append(line).append('\n');
            }
        }
        Set<Long> distinct = new LinkedHashSet<>();
        for (long id : ids) {
            distinct.add(id);
        }
        for (long id : distinct) {
            String label = "path " + id + ": ";
            List<String> lines = TextLayout.pathLines(m, id, WIDTH - pad.length() - 2 - label.length());
            for (int i = 0; i < lines.size(); i++) {
                out.append(pad).append("  ").append(i == 0 ? label : " ".repeat(label.length()))
                        .append(lines.get(i)).append('\n');
            }
        }
    }

    private static int ancestor(KPathForest f, int node, int up) {
        int v = node;
        for (int i = 0; i < up; i++) {
            v = f.parent(v);
        }
        return v;
    }

    static String joinIds(long[] ids, int n) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append(i == 0 ? "" : " → ").append(ids[i]);
        }
        return b.toString();
    }
}
