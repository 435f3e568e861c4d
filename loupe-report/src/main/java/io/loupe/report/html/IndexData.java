package io.loupe.report.html;

import io.loupe.analysis.view.LoopView;
import io.loupe.analysis.view.MethodView;
import io.loupe.analysis.view.ProgramView;
import io.loupe.analysis.view.SourceFileView;
import io.loupe.report.JsonWriter;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * The rows of the index's table of methods and loops, as a script that sets {@code LOUPE_ROWS}:
 * the page's script sorts, filters and shows them a page at a time, so a profile of 10,000 methods
 * loads as fast as a small one. A script rather than a JSON file because browsers do not let a page
 * opened from the file system fetch a file beside it.
 *
 * <p>Each row: {@code [kind, name, href, place, paths, executions, verdict, invariantSites, next]};
 * {@code paths} is the distinct paths that ran (of the method, or through the loop), executions the
 * method's path executions or the loop's header executions (its iterations from the dependence
 * profile when the path profile has none), verdict and next (the loop's advice kinds) null when
 * there is no dependence profile.
 */
final class IndexData {

    static final String FILE = "index-data.js";

    private IndexData() {
    }

    static String write(ProgramView view) {
        StringWriter out = new StringWriter();
        try {
            out.write("window.LOUPE_ROWS = ");
            JsonWriter json = new JsonWriter(out);
            json.beginArray();
            for (MethodView m : view.methods()) {
                SourceFileView f = view.file(m);
                json.beginInlineArray();
                json.value("method").value(m.displayName())
                        .value(SiteFiles.file(f) + "#" + SourcePage.anchor(m))
                        .value(Page.place(f.fileName(), m.firstLine()))
                        .value(m.distinctPaths()).value(m.pathExecutions()).value(methodVerdict(m))
                        .value(m.invariantSites()).value((String) null);
                json.endArray();
            }
            for (LoopView l : view.loops()) {
                SourceFileView f = view.file(l.method());
                json.beginInlineArray();
                json.value("loop").value(l.displayName()).value(SiteFiles.loop(l))
                        .value(Page.place(f.fileName(), l.headerLine()))
                        .value(l.paths().size()).value(ProgramView.weight(l)).value(l.verdict())
                        .value(l.invariantSites()).value(l.adviceKinds());
                json.endArray();
            }
            json.endArray();
            json.finish();
            out.write(";\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /** A method's loops' verdicts together: {@code 2/3 loops parallelizable}, null without dependence data. */
    private static String methodVerdict(MethodView m) {
        long known = m.loops().stream().filter(LoopView::hasDependences).count();
        if (known == 0) {
            return null;
        }
        long parallel = m.loops().stream().filter(l -> "parallelizable".equals(l.verdict())).count();
        return parallel + "/" + known + " loops parallelizable";
    }
}
