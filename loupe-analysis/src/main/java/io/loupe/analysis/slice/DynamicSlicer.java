package io.loupe.analysis.slice;

import io.loupe.analysis.recovery.DependenceRecovery;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.trace.HeapEvents;
import io.loupe.data.trace.MethodFlow;
import io.loupe.data.trace.ThreadTrace;
import io.loupe.data.trace.Trace;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The backward dynamic slice of one execution of a source line, from a whole-program trace
 * (docs/trace.md, <i>Slicing</i>): the lines whose executions it depends on, through data (locals,
 * the operand stack, fields, elements, static fields, calls' arguments and results) and control
 * (the branch that decided each block, a callee's call), transitively. Every thread is replayed
 * ({@link ThreadSlicer}) with its dependence recovery; the criterion's thread last, so that what
 * the others stored before it is there when it reads it.
 */
public final class DynamicSlicer {

    /**
     * What to slice.
     *
     * @param className a class as the trace names it ({@code pkg.Outer}), its simple name, or its
     *                  source file ({@code Outer.java}); its nested classes and lambdas count as its
     * @param line      the source line
     * @param instance  which execution of the line, from 1; 0 for the last
     * @param thread    the thread's name; null for the one that ran the line ({@code main} if several did)
     */
    public record Criterion(String className, int line, int instance, String thread) {
    }

    /** A line of a slice: the class and method ({@code name + descriptor}) its code is in. */
    public record Line(String className, String method, int line) {
    }

    /**
     * A slice.
     *
     * @param className    the class of the execution sliced
     * @param method       its method
     * @param sourceFile   the class's source file, or null
     * @param line         its line
     * @param instance     which of the line's executions in the thread it is, from 1
     * @param instances    how many times the line ran in the thread
     * @param thread       the thread's name
     * @param lines        the slice, by class, method and line (the criterion's line included)
     * @param instructions instructions replayed over every thread
     * @param underflows   operand stack slots the replay found missing (0 unless the trace and the
     *                     flow disagree)
     * @param recovery     the dependence recovery the slice was replayed with
     */
    public record Slice(String className, String method, String sourceFile, int line, int instance, int instances,
                        String thread, List<Line> lines, long instructions, long underflows,
                        DependenceRecovery.Recovery recovery) {
    }

    /** The criterion cannot be sliced: no such class, no code at the line, never ran, no such instance. */
    public static final class NoSlice extends RuntimeException {
        NoSlice(String message) {
            super(message);
        }
    }

    private DynamicSlicer() {
    }

    public static Slice slice(Trace trace, Criterion c) {
        if (trace.heapEvents() == HeapEvents.NONE) {
            throw new NoSlice("the trace has no heap events (trace.heap=none): a slice could not follow fields and"
                    + " elements; record it with trace.heap=checks");
        }
        Set<String> classes = classes(trace, c.className());
        String where = c.className() + ":" + c.line();
        boolean flow = false;
        boolean code = false;
        TreeSet<Integer> lines = new TreeSet<>();
        for (MethodMeta m : trace.methods()) {
            if (m == null || !classes.contains(m.className())) {
                continue;
            }
            MethodFlow f = trace.ops(m.id()).flow();
            flow |= f.size() > 0;
            for (int l : f.lines()) {
                if (l >= 0) {
                    lines.add(l);
                }
                code |= l == c.line();
            }
        }
        if (!flow) {
            throw new NoSlice(where + ": the trace has no flow for " + String.join(", ", classes)
                    + " (written by a Loupe before trace format 4, or not instrumented); record it again");
        }
        if (!code) {
            throw new NoSlice(where + ": no code at line " + c.line() + " (lines with code: " + ranges(lines) + ")");
        }
        List<ThreadTrace> order = order(trace, c.thread());
        LineSets sets = new LineSets();
        Statements statements = new Statements();
        CellSets cells = new CellSets();
        Map<Integer, SliceMethod> methods = new HashMap<>();
        Map<ThreadTrace, ThreadSlicer> slicers = new HashMap<>();
        boolean keepCells = trace.threads().size() > 1;
        DependenceRecovery.Recovery recovery = DependenceRecovery.recover(trace, order, (t, r) -> {
            ThreadSlicer s = new ThreadSlicer(r, sets, cells, keepCells, id -> methods.computeIfAbsent(id,
                    k -> method(trace, k, sets, statements, classes, c.line())), c.instance());
            slicers.put(t, s);
            return s;
        });
        ThreadTrace chosen = chosen(order, slicers, c.thread());
        if (chosen == null) {
            throw new NoSlice(where + " never ran in this trace" + (c.thread() != null ? " in thread " + c.thread() : ""));
        }
        ThreadSlicer s = slicers.get(chosen);
        if (c.instance() > s.runs) {
            throw new NoSlice(where + " ran " + s.runs + " time" + (s.runs == 1 ? "" : "s") + " in thread " + chosen.name()
                    + ": --instance must be 1 to " + s.runs);
        }
        List<Line> out = new ArrayList<>();
        for (int st : sets.members(s.chosen)) {
            MethodMeta m = trace.method(statements.method(st));
            out.add(new Line(m.className(), m.signature(), statements.line(st)));
        }
        out.sort(Comparator.comparing(Line::className).thenComparing(Line::method).thenComparingInt(Line::line));
        long instructions = 0;
        long underflows = 0;
        for (ThreadSlicer t : slicers.values()) {
            instructions += t.instructions;
            underflows += t.underflows;
        }
        MethodMeta m = trace.method(s.chosenMethod);
        return new Slice(m.className(), m.signature(), m.sourceFile(), c.line(),
                c.instance() == 0 ? s.runs : c.instance(), s.runs, chosen.name(), List.copyOf(out), instructions,
                underflows, recovery);
    }

    private static SliceMethod method(Trace trace, int id, LineSets sets, Statements statements, Set<String> classes,
                                      int line) {
        MethodMeta m = trace.method(id);
        int criterion = -1;
        if (classes.contains(m.className())) {
            for (int l : trace.ops(id).flow().lines()) {
                if (l == line) {
                    criterion = line;
                }
            }
        }
        return new SliceMethod(m, trace.ops(id), sets, statements, criterion);
    }

    /** The trace's classes {@code name} stands for, with their nested classes. */
    static Set<String> classes(Trace trace, String name) {
        String dotted = name.replace('/', '.');
        Set<String> all = new LinkedHashSet<>();
        for (MethodMeta m : trace.methods()) {
            if (m != null) {
                all.add(m.className());
            }
        }
        Set<String> outers = new TreeSet<>();
        for (String cls : all) {
            String outer = outer(cls);
            if (outer.equals(dotted)) {
                return nested(all, Set.of(outer));
            }
            String simple = outer.substring(outer.lastIndexOf('.') + 1);
            if (simple.equals(dotted)) {
                outers.add(outer);
            }
        }
        if (dotted.endsWith(".java")) {   // a source file, with its package's path or not
            String path = name.substring(0, name.length() - ".java".length()).replace('\\', '/');
            String file = path.substring(path.lastIndexOf('/') + 1) + ".java";
            String dirs = path.contains("/") ? path.substring(0, path.lastIndexOf('/')).replace('/', '.') : null;
            for (MethodMeta m : trace.methods()) {
                if (m == null || !file.equals(m.sourceFile())) {
                    continue;
                }
                String cls = m.className();
                String pkg = cls.contains(".") ? cls.substring(0, cls.lastIndexOf('.')) : "";
                if (dirs == null || dirs.equals(pkg) || dirs.endsWith("." + pkg)) {
                    outers.add(outer(cls));
                }
            }
        }
        if (outers.isEmpty()) {
            throw new NoSlice(name + ": no such class in the trace");
        }
        if (outers.size() > 1) {
            throw new NoSlice(name + " is ambiguous: " + String.join(", ", outers) + "; name one in full");
        }
        return nested(all, outers);
    }

    /** The top-level class whose source file holds class {@code cls}: {@code pkg.Outer} for {@code pkg.Outer$Inner}. */
    public static String outer(String cls) {
        int dollar = cls.indexOf('$', cls.lastIndexOf('.') + 1);
        return dollar < 0 ? cls : cls.substring(0, dollar);
    }

    private static Set<String> nested(Set<String> all, Set<String> outers) {
        Set<String> out = new TreeSet<>();
        for (String cls : all) {
            if (outers.contains(outer(cls))) {
                out.add(cls);
            }
        }
        return out;
    }

    /** The threads in the order they are replayed: the criterion's (or those named main) last. */
    private static List<ThreadTrace> order(Trace trace, String thread) {
        String last = thread != null ? thread : "main";
        List<ThreadTrace> first = new ArrayList<>();
        List<ThreadTrace> then = new ArrayList<>();
        for (ThreadTrace t : trace.threads()) {
            (t.name().equals(last) ? then : first).add(t);
        }
        if (thread != null && then.isEmpty()) {
            List<String> names = trace.threads().stream().map(ThreadTrace::name).toList();
            throw new NoSlice("no thread named " + thread + " in the trace (threads: " + String.join(", ", names) + ")");
        }
        first.addAll(then);
        return first;
    }

    /** The thread whose execution is sliced: the one named, else the one that ran the line (main first). */
    private static ThreadTrace chosen(List<ThreadTrace> order, Map<ThreadTrace, ThreadSlicer> slicers, String thread) {
        ThreadTrace best = null;
        for (ThreadTrace t : order) {
            ThreadSlicer s = slicers.get(t);
            if (s == null || s.runs == 0 || thread != null && !t.name().equals(thread)) {
                continue;
            }
            if (best == null || t.name().equals("main") && !best.name().equals("main")
                    || best.index() > t.index() && !best.name().equals("main")) {
                best = t;
            }
        }
        return best;
    }

    /** Source lines as a person reads them: {@code 3-7, 9, 12-14}; {@code none} for none. */
    public static String ranges(java.util.SortedSet<Integer> lines) {
        StringBuilder b = new StringBuilder();
        Integer start = null;
        Integer prev = null;
        for (int l : lines) {
            if (prev != null && l == prev + 1) {
                prev = l;
                continue;
            }
            if (start != null) {
                b.append(b.length() > 0 ? ", " : "").append(start).append(start.equals(prev) ? "" : "-" + prev);
            }
            start = l;
            prev = l;
        }
        if (start != null) {
            b.append(b.length() > 0 ? ", " : "").append(start).append(start.equals(prev) ? "" : "-" + prev);
        }
        return b.length() == 0 ? "none" : b.toString();
    }
}
