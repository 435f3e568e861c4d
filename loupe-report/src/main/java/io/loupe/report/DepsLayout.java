package io.loupe.report;

import io.loupe.analysis.deps.ContextEntry;
import io.loupe.analysis.deps.DepEnd;
import io.loupe.analysis.deps.LoopVerdict;
import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.DepLoopMeta;

import java.util.ArrayList;
import java.util.List;

/** How the text reports and the DOT graph name dependence data: sites, loops, context paths, verdicts. */
public final class DepsLayout {

    private DepsLayout() {
    }

    /** {@code Cell.java:31}, {@code line 31} without a source file, {@code Cell.java} without a line. */
    static String source(String sourceFile, int line) {
        if (line < 0) {
            return sourceFile != null ? sourceFile : "(no line)";
        }
        return sourceFile != null ? sourceFile + ":" + line : "line " + line;
    }

    /** {@code Cell.java:31 fig1.Cell.setValue()V}: where a site is in the source, and its method. */
    static String site(AccessSiteMeta s) {
        return source(s.sourceFile(), s.line()) + " " + s.className() + "." + s.signature();
    }

    /** {@code putfield fig1.Cell.v}: the instruction and what it accesses. */
    static String access(AccessSiteMeta s) {
        return s.access() + " " + s.target();
    }

    /**
     * {@code fig1.Main.work()V:12}, or {@code recursion at fig1.Main.f(I)V:12} for the pseudo-loop of
     * a recursive call; package names abbreviated when longer than {@code width}.
     */
    static String loop(DepLoopMeta m, int width) {
        String line = m.line() >= 0 ? ":" + m.line() : "";
        String prefix = m.recursion() ? "recursion at " : "";
        String full = prefix + m.className() + "." + m.method() + m.desc() + line;
        if (full.length() <= width) {
            return full;
        }
        return ValueLayout.cut(prefix + TextLayout.abbreviated(m.className()) + "." + m.method() + m.desc() + line,
                width);
    }

    /** {@code parallelizable}, {@code privatizable} (only WAR/WAW carried) or {@code not parallelizable}. */
    public static String verdict(LoopVerdict l) {
        return l.parallelizable() ? "parallelizable" : l.privatizable() ? "privatizable" : "not parallelizable";
    }

    /** A context path as words, outermost first: {@code loop fig1.Main.main()V:5 >}, {@code call …}. */
    static List<String> path(List<ContextEntry> path) {
        List<String> words = new ArrayList<>();
        for (int i = 0; i < path.size(); i++) {
            words.add(path.get(i) + (i < path.size() - 1 ? " >" : ""));
        }
        return words;
    }

    /**
     * The part of an end's context below a loop context (camp mode): the calls and loops between the
     * loop and the access, {@code Main.work:14} for a call. The whole path when it does not pass
     * through the loop; empty in lamp mode.
     */
    static List<ContextEntry> below(DepEnd end, LoopVerdict loop) {
        List<ContextEntry> path = end.context();
        int depth = loop.context().size() + 1;
        if (path.size() >= depth && path.get(depth - 1).kind() == ContextEntry.Kind.LOOP
                && path.subList(0, depth - 1).equals(loop.context())) {
            return path.subList(depth, path.size());
        }
        return path;
    }

    /** A context entry for a short path: {@code call Main.work:14}, without package and descriptor. */
    public static String shortEntry(ContextEntry e) {
        String cls = e.className().substring(e.className().lastIndexOf('.') + 1);
        int paren = e.method().indexOf('(');
        String method = paren >= 0 ? e.method().substring(0, paren) : e.method();
        return e.label() + " " + cls + "." + method + (e.line() >= 0 ? ":" + e.line() : "");
    }
}
