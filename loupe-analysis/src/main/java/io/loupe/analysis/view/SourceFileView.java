package io.loupe.analysis.view;

import io.loupe.analysis.deps.DepEdge;
import io.loupe.analysis.values.SiteStats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One source file of the program: the methods whose class names it as their source, with each
 * line's executions, value sites, dependence ends and loop headers.
 *
 * <p>A line's executions here are the sum, over the file's methods with code on the line, of the
 * method's count for it ({@link LineCounts}): a lambda on the line of its caller is other code.
 */
public final class SourceFileView {

    private final String path;
    private final String packageName;
    private final String fileName;
    final List<MethodView> methods = new ArrayList<>();
    private final TreeMap<Integer, Long> lineCounts = new TreeMap<>();
    private final TreeMap<Integer, List<SiteStats>> valueSites = new TreeMap<>();
    private final TreeMap<Integer, List<DepEdge>> dependenceEnds = new TreeMap<>();
    private final TreeMap<Integer, List<LoopView>> loops = new TreeMap<>();

    SourceFileView(String path, String packageName, String fileName) {
        this.path = path;
        this.packageName = packageName;
        this.fileName = fileName;
    }

    /** {@code io/loupe/examples/Tokenizer.java}: where the file lies under a source root. */
    public String path() {
        return path;
    }

    /** The package, dotted; empty for the unnamed package. */
    public String packageName() {
        return packageName;
    }

    /** {@code Tokenizer.java}. */
    public String fileName() {
        return fileName;
    }

    /** Its methods, by first line. */
    public List<MethodView> methods() {
        return List.copyOf(methods);
    }

    /** Lines with code of a method whose paths are described, and their executions, ascending. */
    public Map<Integer, Long> lineCounts() {
        return Collections.unmodifiableMap(lineCounts);
    }

    /** Value sites that ran, by line. */
    public Map<Integer, List<SiteStats>> valueSites() {
        return Collections.unmodifiableMap(valueSites);
    }

    /** Dependences with an end on a line of this file, by line (a dependence between two of its lines is under both). */
    public Map<Integer, List<DepEdge>> dependenceEnds() {
        return Collections.unmodifiableMap(dependenceEnds);
    }

    /** Loops, by header line. */
    public Map<Integer, List<LoopView>> loops() {
        return Collections.unmodifiableMap(loops);
    }

    /** Executions of the file's methods' paths together. */
    public long pathExecutions() {
        return methods.stream().mapToLong(MethodView::pathExecutions).sum();
    }

    void addMethod(MethodView m) {
        methods.add(m);
        LineCounts c = m.lines();
        if (c != null) {
            for (int i = 0; i < c.lineCount(); i++) {
                lineCounts.merge(c.lineAt(i), c.countAt(i), Long::sum);
            }
        }
    }

    void addValueSite(SiteStats s) {
        if (s.meta().line() >= 0) {
            valueSites.computeIfAbsent(s.meta().line(), l -> new ArrayList<>()).add(s);
        }
    }

    void addDependenceEnd(int line, DepEdge e) {
        if (line >= 0) {
            dependenceEnds.computeIfAbsent(line, l -> new ArrayList<>()).add(e);
        }
    }

    void addLoop(LoopView l) {
        if (l.headerLine() >= 0) {
            loops.computeIfAbsent(l.headerLine(), x -> new ArrayList<>()).add(l);
        }
    }
}
