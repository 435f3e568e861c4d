package io.loupe.bench;

import io.loupe.analysis.deps.DepEdge;
import io.loupe.analysis.deps.DepsAnalysis;
import io.loupe.analysis.deps.LoopRelation;
import io.loupe.analysis.deps.LoopVerdict;
import io.loupe.data.format.ProfileReader;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The exactness check of abstract interpretation at loop entry (docs/absint.md, "What is exact"):
 * whether two dependence profiles of the same program — one without {@code deps.absint}, one with
 * it — have the same loops and dependences, field by field but for how each loop was decided.
 *
 * <pre>
 * java -cp loupe-bench/target/classes:$(cat loupe-bench/target/bench.classpath) io.loupe.bench.SameDependences A.prof B.prof
 * </pre>
 * prints {@code same} (exit 0), or the first line that differs and the counts of differing lines (exit 1).
 */
public final class SameDependences {

    private SameDependences() {
    }

    public static void main(String[] args) throws Exception {
        List<String> a = canonical(DepsAnalysis.of(ProfileReader.read(Path.of(args[0]))));
        List<String> b = canonical(DepsAnalysis.of(ProfileReader.read(Path.of(args[1]))));
        if (a.equals(b)) {
            System.out.println("same: " + a.size() + " loops and dependences");
            return;
        }
        int differ = 0;
        String first = null;
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            String x = i < a.size() ? a.get(i) : "(none)";
            String y = i < b.size() ? b.get(i) : "(none)";
            if (!x.equals(y)) {
                differ++;
                if (first == null) {
                    first = "first difference, line " + i + ":\n  " + x + "\n  " + y;
                }
            }
        }
        System.out.println("DIFFERENT: " + differ + " of " + Math.max(a.size(), b.size()) + " lines; " + first);
        System.exit(1);
    }

    /**
     * A profile's loops and dependences as lines that compare across runs, sorted: names and
     * context paths instead of ids (sites and loops get theirs in class-loading order), every count
     * and relation, and nothing of how a loop was decided.
     */
    static List<String> canonical(DepsAnalysis a) {
        List<String> out = new ArrayList<>();
        for (LoopVerdict l : a.loops()) {
            out.add("loop " + loop(l) + " inv " + l.invocations() + " it " + l.iterations() + " carried "
                    + l.raw() + "/" + l.war() + "/" + l.waw());
        }
        for (DepEdge e : a.dependences()) {
            StringBuilder b = new StringBuilder(e.type() + " " + end(e.src()) + " -> " + end(e.dst()) + " x" + e.count()
                    + (e.crossThread() ? " cross" : ""));
            for (LoopRelation r : e.loops()) {
                b.append(' ').append(loop(r.loop())).append(':').append(r.relation());
            }
            out.add(b.toString());
        }
        out.sort(null);   // by name: the analysis orders some entries by ids a run hands out
        return out;
    }

    /** A loop by name, without the ids a run hands out in class-loading order. */
    private static String loop(LoopVerdict l) {
        return l.meta().className() + "." + l.meta().method() + l.meta().desc() + ":" + l.meta().line() + "#"
                + l.meta().index() + (l.meta().recursion() ? " recursion" : "") + " " + context(l.context());
    }

    private static String end(io.loupe.analysis.deps.DepEnd e) {
        io.loupe.data.deps.AccessSiteMeta s = e.site();
        return s.className() + "." + s.method() + s.desc() + ":" + s.line() + "#" + s.index() + " " + context(e.context());
    }

    private static String context(List<io.loupe.analysis.deps.ContextEntry> context) {
        StringBuilder b = new StringBuilder("[");
        for (io.loupe.analysis.deps.ContextEntry c : context) {
            b.append(c.kind()).append(' ').append(c.className()).append('.').append(c.method()).append(':')
                    .append(c.line()).append(c.recursion() ? " recursion" : "").append(", ");
        }
        return b.append(']').toString();
    }
}
