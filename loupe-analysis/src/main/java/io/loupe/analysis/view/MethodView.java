package io.loupe.analysis.view;

import io.loupe.analysis.summary.MethodProfile;
import io.loupe.analysis.values.SiteStats;
import io.loupe.data.meta.MethodMeta;

import java.util.ArrayList;
import java.util.List;

/**
 * One method of the program as the profiles know it: its path profile (null when its paths did
 * not run or were not profiled), its line counts, its loops and its value sites.
 */
public final class MethodView {

    int id;
    private final String className;
    private final String name;
    private final String desc;
    private final String sourceFile;
    private final MethodMeta meta;
    private final MethodProfile paths;
    private final LineCounts lines;
    final List<LoopView> loops = new ArrayList<>();
    final List<SiteStats> valueSites = new ArrayList<>();

    MethodView(String className, String name, String desc, String sourceFile, MethodMeta meta, MethodProfile paths) {
        this.className = className;
        this.name = name;
        this.desc = desc;
        this.sourceFile = sourceFile;
        this.meta = meta;
        this.paths = paths;
        this.lines = paths != null ? LineCounts.of(paths) : meta != null ? LineCounts.unexecuted(meta) : null;
    }

    /** Its position in {@link ProgramView#methods()}. */
    public int id() {
        return id;
    }

    public String className() {
        return className;
    }

    public String name() {
        return name;
    }

    public String desc() {
        return desc;
    }

    /** {@code name + desc}. */
    public String signature() {
        return name + desc;
    }

    /** {@code Class.name(desc)}. */
    public String displayName() {
        return className + "." + name + desc;
    }

    /** The class file's source file name, or null. */
    public String sourceFile() {
        return sourceFile;
    }

    /** Its path profiling metadata, or null when no path profile describes it. */
    public MethodMeta meta() {
        return meta;
    }

    /** Its path counts, or null when none ran (or paths were not profiled). */
    public MethodProfile paths() {
        return paths;
    }

    /** Its block and line executions, or null without path metadata. */
    public LineCounts lines() {
        return lines;
    }

    /** Executions of all its acyclic paths (0 without path counts). */
    public long pathExecutions() {
        return paths == null ? 0 : paths.total();
    }

    /** Distinct acyclic paths that ran. */
    public int distinctPaths() {
        return paths == null ? 0 : paths.pathCount();
    }

    /** Its loops, by ordinal (natural loops first, then recursion pseudo-loops). */
    public List<LoopView> loops() {
        return List.copyOf(loops);
    }

    /** Its value sites that ran, by line. */
    public List<SiteStats> valueSites() {
        return List.copyOf(valueSites);
    }

    /** Its value sites invariant more often than not (Inv-1 ≥ {@link ProgramView#INVARIANT_INV1}). */
    public long invariantSites() {
        return valueSites.stream().filter(s -> s.inv1() >= ProgramView.INVARIANT_INV1).count();
    }

    /** The first source line of its code, or -1. */
    public int firstLine() {
        if (lines != null && lines.lineCount() > 0) {
            return lines.lineAt(0);
        }
        return valueSites.stream().mapToInt(s -> s.meta().line()).filter(l -> l >= 0).min()
                .orElse(loops.stream().mapToInt(LoopView::headerLine).filter(l -> l >= 0).min().orElse(-1));
    }
}
