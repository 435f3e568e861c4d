package io.loupe.analysis.view;

import io.loupe.analysis.advice.Advisor;
import io.loupe.analysis.deps.DepEdge;
import io.loupe.analysis.deps.DepEnd;
import io.loupe.analysis.deps.LoopRelation;
import io.loupe.analysis.deps.LoopVerdict;
import io.loupe.analysis.summary.MethodProfile;
import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.analysis.values.SiteStats;
import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.DepLoopMeta;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.values.ValueSiteMeta;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * A program's profiles joined by source: every method any profiler saw, every loop with all that is
 * known of it ({@link LoopView}), every source file ({@link SourceFileView}). Built from one
 * {@link ProfileSummary}, which may hold paths, values and dependences together (a merge of the
 * profiles of several runs of one program).
 */
public final class ProgramView {

    /** The Inv-1 from which a value site counts as invariant: one value more often than all others together. */
    public static final double INVARIANT_INV1 = 0.5;

    private final ProfileSummary summary;
    private final List<MethodView> methods;
    private final List<LoopView> loops;
    private final List<SourceFileView> files;
    private final Map<MethodView, SourceFileView> fileOf;
    private final Map<String, SourceFileView> byPath;
    private final Map<String, MethodView> byName;

    private ProgramView(ProfileSummary summary, List<MethodView> methods, List<LoopView> loops,
                        Map<String, SourceFileView> byPath, Map<MethodView, SourceFileView> fileOf) {
        this.summary = summary;
        this.methods = methods;
        this.loops = loops;
        this.files = List.copyOf(byPath.values());
        this.byPath = byPath;
        this.fileOf = fileOf;
        this.byName = new HashMap<>();
        for (MethodView m : methods) {
            byName.put(Builder.key(m.className(), m.name(), m.desc()), m);
        }
    }

    public static ProgramView of(ProfileSummary s) {
        return new Builder(s).build();
    }

    public ProfileSummary summary() {
        return summary;
    }

    /** Every method, by class, name and descriptor. */
    public List<MethodView> methods() {
        return methods;
    }

    /** Every loop, by class, method and ordinal; {@link LoopView#id()} is the position. */
    public List<LoopView> loops() {
        return loops;
    }

    /** Every source file, by path. */
    public List<SourceFileView> files() {
        return files;
    }

    /** The method {@code className.name desc}, or null when no profiler saw it. */
    public MethodView method(String className, String name, String desc) {
        return byName.get(Builder.key(className, name, desc));
    }

    /** The file of a method. */
    public SourceFileView file(MethodView m) {
        return fileOf.get(m);
    }

    /** The file of code of class {@code className} whose class file names {@code sourceFile} (may be null). */
    public SourceFileView file(String className, String sourceFile) {
        return byPath.get(path(className, sourceFile));
    }

    /**
     * {@code io/loupe/examples/Tokenizer.java}: where a class's source lies under a source root; a
     * class file without a SourceFile attribute is taken to come from its top-level class's file.
     */
    static String path(String className, String sourceFile) {
        int dot = className.lastIndexOf('.');
        String pkg = dot < 0 ? "" : className.substring(0, dot);
        return (pkg.isEmpty() ? "" : pkg.replace('.', '/') + "/") + fileName(className, sourceFile);
    }

    private static String fileName(String className, String sourceFile) {
        if (sourceFile != null) {
            return sourceFile;
        }
        String simple = className.substring(className.lastIndexOf('.') + 1);
        int dollar = simple.indexOf('$');
        return (dollar > 0 ? simple.substring(0, dollar) : simple) + ".java";
    }

    /** The most executed methods (by path executions), at most {@code limit}. */
    public List<MethodView> hottestMethods(int limit) {
        return methods.stream().filter(m -> m.pathExecutions() > 0)
                .sorted(Comparator.comparingLong(MethodView::pathExecutions).reversed()).limit(limit).toList();
    }

    /**
     * The busiest loops, at most {@code limit}: by header executions when the path profile counted
     * them, else by the dependence profile's iterations.
     */
    public List<LoopView> hottestLoops(int limit) {
        return loops.stream().filter(l -> weight(l) > 0)
                .sorted(Comparator.comparingLong(ProgramView::weight).reversed().thenComparingInt(LoopView::id))
                .limit(limit).toList();
    }

    /** What ranks a loop among the busiest: header executions, or iterations without a path profile. */
    public static long weight(LoopView l) {
        return l.hasPaths() ? l.headerExecutions() : l.iterations();
    }

    /** One pass joining the profilers' data. */
    private static final class Builder {

        private final ProfileSummary s;
        private final TreeMap<String, MethodView> methods = new TreeMap<>();
        private final TreeMap<String, SourceFileView> files = new TreeMap<>();

        Builder(ProfileSummary s) {
            this.s = s;
        }

        ProgramView build() {
            Map<Integer, MethodProfile> counted = new TreeMap<>();
            for (MethodProfile m : s.methods()) {
                counted.put(m.id(), m);
            }
            for (MethodMeta meta : s.profile().methods()) {
                if (meta != null) {
                    methods.putIfAbsent(key(meta.className(), meta.name(), meta.desc()), new MethodView(meta.className(),
                            meta.name(), meta.desc(), meta.sourceFile(), meta, counted.get(meta.id())));
                }
            }
            // the loops of the dependence profile, by method and ordinal, recursion pseudo-loops apart
            Map<String, List<LoopVerdict>> verdicts = new LinkedHashMap<>();
            for (LoopVerdict v : s.deps().loops()) {
                DepLoopMeta l = v.meta();
                method(l.className(), l.method(), l.desc(), l.sourceFile());
                verdicts.computeIfAbsent(loopKey(l.className(), l.method(), l.desc(), l.index(), l.recursion()),
                        k -> new ArrayList<>()).add(v);
            }
            List<DepEdge> deps = s.deps().dependences();
            Supplier<Advisor> advisor = new Supplier<>() {   // made once, when a loop's advice is first asked for
                private Advisor made;

                @Override
                public Advisor get() {
                    if (made == null) {
                        made = Advisor.of(s.deps(), s.values().present() ? s.values() : null);
                    }
                    return made;
                }
            };
            // each dependence under the loop records (verdicts) it has a level at, in one pass
            List<List<DepEdge>> atLevel = new ArrayList<>();
            for (int i = 0; i < s.deps().loops().size(); i++) {
                atLevel.add(new ArrayList<>());
            }
            for (DepEdge e : deps) {
                for (LoopRelation r : e.loops()) {
                    atLevel.get(r.loop().id()).add(e);
                }
            }
            List<LoopView> loops = new ArrayList<>();
            for (MethodView m : methods.values()) {
                if (m.meta() != null) {
                    for (int i = 0; i < m.meta().loops().size(); i++) {
                        List<LoopVerdict> vs = verdicts.remove(loopKey(m.className(), m.name(), m.desc(), i, false));
                        m.loops.add(new LoopView(m, i, false, m.meta().loops().get(i), -1,
                                vs != null ? vs : List.of(), dependencesAt(vs, atLevel), advisor));
                    }
                }
            }
            for (List<LoopVerdict> vs : verdicts.values()) {     // loops no path profile describes
                DepLoopMeta l = vs.get(0).meta();
                MethodView m = methods.get(key(l.className(), l.method(), l.desc()));
                m.loops.add(new LoopView(m, l.index(), l.recursion(), null, l.line(), vs, dependencesAt(vs, atLevel),
                        advisor));
            }
            for (SiteStats site : s.values().sites()) {
                ValueSiteMeta meta = site.meta();
                MethodView m = method(meta.className(), meta.method(), meta.desc(), meta.sourceFile());
                m.valueSites.add(site);
                for (LoopView l : m.loops) {
                    if (Arrays.binarySearch(l.lines(), meta.line()) >= 0) {
                        l.valueSites.add(site);
                    }
                }
            }
            Map<MethodView, SourceFileView> fileOf = new LinkedHashMap<>();
            for (MethodView m : methods.values()) {
                m.loops.sort(Comparator.comparing(LoopView::recursion).thenComparingInt(LoopView::index));
                m.valueSites.sort(Comparator.comparingInt((SiteStats x) -> x.meta().line())
                        .thenComparingInt(x -> x.meta().index()));
                SourceFileView f = file(m.className(), m.sourceFile());
                fileOf.put(m, f);
                f.addMethod(m);
                m.valueSites.forEach(f::addValueSite);
            }
            List<LoopView> numbered = new ArrayList<>();
            int methodId = 0;
            for (MethodView m : methods.values()) {
                m.id = methodId++;
                for (LoopView l : m.loops) {
                    l.id = numbered.size();
                    numbered.add(l);
                    fileOf.get(m).addLoop(l);
                }
            }
            for (DepEdge e : deps) {
                SourceFileView src = end(e.src());
                SourceFileView dst = end(e.dst());
                src.addDependenceEnd(e.src().site().line(), e);
                if (src != dst || e.src().site().line() != e.dst().site().line()) {
                    dst.addDependenceEnd(e.dst().site().line(), e);
                }
            }
            for (SourceFileView f : files.values()) {
                f.methods.sort(Comparator.comparingInt(MethodView::firstLine).thenComparing(MethodView::displayName));
            }
            return new ProgramView(s, List.copyOf(methods.values()), List.copyOf(numbered), files, fileOf);
        }

        /**
         * The dependences with a level at one of {@code verdicts} (a loop's contexts), each once:
         * context by context, each in report order.
         */
        private static List<DepEdge> dependencesAt(List<LoopVerdict> verdicts, List<List<DepEdge>> atLevel) {
            if (verdicts == null) {
                return List.of();
            }
            if (verdicts.size() == 1) {
                return atLevel.get(verdicts.get(0).id());
            }
            Set<DepEdge> seen = Collections.newSetFromMap(new IdentityHashMap<>());
            List<DepEdge> all = new ArrayList<>();
            for (LoopVerdict v : verdicts) {
                for (DepEdge e : atLevel.get(v.id())) {
                    if (seen.add(e)) {
                        all.add(e);
                    }
                }
            }
            return all;
        }

        private SourceFileView end(DepEnd end) {
            AccessSiteMeta site = end.site();
            return file(site.className(), site.sourceFile());
        }

        private MethodView method(String className, String name, String desc, String sourceFile) {
            return methods.computeIfAbsent(key(className, name, desc),
                    k -> new MethodView(className, name, desc, sourceFile, null, null));
        }

        private SourceFileView file(String className, String sourceFile) {
            int dot = className.lastIndexOf('.');
            String pkg = dot < 0 ? "" : className.substring(0, dot);
            return files.computeIfAbsent(path(className, sourceFile),
                    p -> new SourceFileView(p, pkg, fileName(className, sourceFile)));
        }

        private static String key(String className, String name, String desc) {
            return className + "." + name + desc;
        }

        private static String loopKey(String className, String name, String desc, int index, boolean recursion) {
            return key(className, name, desc) + (recursion ? "#r" : "#") + index;
        }
    }
}
