package io.loupe.report;

import io.loupe.analysis.advice.Advisor;
import io.loupe.analysis.advice.LoopAdvice;
import io.loupe.analysis.advice.TripBound;
import io.loupe.analysis.deps.ContextEntry;
import io.loupe.analysis.deps.AbsintSummary;
import io.loupe.analysis.deps.DepEdge;
import io.loupe.analysis.deps.DepEnd;
import io.loupe.analysis.deps.DepsAnalysis;
import io.loupe.analysis.deps.LoopRelation;
import io.loupe.analysis.deps.LoopVerdict;
import io.loupe.analysis.values.ValueAnalysis;
import io.loupe.data.deps.DepType;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.loupe.report.TextLayout.WIDTH;
import static io.loupe.report.TextLayout.field;
import static io.loupe.report.TextLayout.plural;

/**
 * The memory dependence profile's part of the text report (docs/deps.md): a summary — mode, loops
 * and how many are parallelizable, dependences by type and between threads — then the loops that
 * ran most iterations, each with its verdict, carried RAW, WAR and WAW counts, carried registers,
 * the dependences that block it, both ends with their source lines, and what to do next
 * ({@link Advisor}): DOALL, reductions, privatization, or what blocks it.
 */
final class DepsSection {

    private static final String ROW = "  %4s %15s %12s  %-18s %4s %4s %4s  ";
    /** Where a loop's details start: under the verdict column. */
    private static final int DETAIL = 8;
    private static final String DETAIL_LABEL = " ".repeat(DETAIL) + "%-11s";
    private static final int DETAIL_LINES = 3;

    /** Most iterations first; ties in the analysis' order (class, method, line, context). */
    private static final Comparator<LoopVerdict> BY_ITERATIONS = Comparator
            .comparing(LoopVerdict::iterations, Comparator.reverseOrder()).thenComparingInt(LoopVerdict::id);

    /** Carried dependences RAW first (what privatization cannot remove), then most frequent. */
    private static final Comparator<DepEdge> BLOCKING = Comparator.comparing(DepEdge::type)
            .thenComparing(DepEdge::count, Comparator.reverseOrder()).thenComparing(DepsAnalysis.DEPENDENCE_ORDER);

    private DepsSection() {
    }

    /** The section; {@code values}, a value profile of the same program for the advice's evidence, may be null. */
    static void write(DepsAnalysis d, ValueAnalysis values, int top, Appendable out) throws IOException {
        Advisor advisor = Advisor.of(d, values);
        List<LoopAdvice> advice = advisor.all();
        summary(d, advice, out);
        List<LoopVerdict> listed = d.loops().stream().sorted(BY_ITERATIONS).limit(top).toList();
        out.append("\nLoops by iterations (top ").append(Integer.toString(listed.size())).append(" of ")
                .append(Percent.count(d.loops().size()))
                .append("; the id names the loop in --json and in --dot LOOP)\n");
        if (listed.isEmpty()) {
            out.append("  no loop ran\n");
            return;
        }
        Map<Integer, List<DepEdge>> blocking = carriedByLoop(d);
        out.append(String.format(ROW, "id", "iterations", "invocations", "verdict", "RAW", "WAR", "WAW"))
                .append("loop (header line)\n");
        for (LoopVerdict l : listed) {
            String row = String.format(ROW, l.id(), Percent.count(l.iterations()), Percent.count(l.invocations()),
                    DepsLayout.verdict(l), l.raw(), l.war(), l.waw());
            out.append(row).append(DepsLayout.loop(l.meta(), WIDTH - row.length())).append('\n');
            if (!l.context().isEmpty()) {
                detail(out, "context", DepsLayout.path(l.context()));
            }
            if (!l.registers().isEmpty()) {
                detail(out, "registers", registers(l));
            }
            if (l.decidedInvocations() > 0) {
                detail(out, "absint", List.of(Percent.count(l.decidedInvocations()) + " of "
                        + plural(l.invocations(), "invocation") + " decided at entry, not traced"));
            }
            blocking(out, l, blocking.getOrDefault(l.id(), List.of()), top);
            next(out, advice.get(l.id()));
        }
    }

    /** What would make the loop parallel, and the values on its header line when a value profile was given. */
    private static void next(Appendable out, LoopAdvice a) throws IOException {
        detail(out, "next", TextLayout.words(a.text()));
        if (!a.evidence().bounds().isEmpty()) {
            List<String> words = new ArrayList<>(List.of("mean", String.format(java.util.Locale.ROOT, "%.1f",
                    a.evidence().meanIterations()), "iterations", "per", "invocation;"));
            List<TripBound> bounds = a.evidence().bounds();
            for (int i = 0; i < bounds.size(); i++) {
                words.addAll(TextLayout.words(bounds.get(i).text() + (i < bounds.size() - 1 ? ";" : "")));
            }
            detail(out, "evidence", words);
        }
    }

    private static void summary(DepsAnalysis d, List<LoopAdvice> advice, Appendable out) throws IOException {
        boolean camp = d.contextual();
        out.append("\nMemory dependences (").append(String.valueOf(d.mode())).append(" mode: ")
                .append(camp ? "loops and accesses per calling context" : "loops and accesses without contexts")
                .append(")\n");
        List<LoopVerdict> loops = d.loops();
        long parallelizable = loops.stream().filter(LoopVerdict::parallelizable).count();
        long privatizable = loops.stream().filter(LoopVerdict::privatizable).count();
        field(out, "loops", plural(loops.size(), camp ? "loop context" : "loop") + " ran: "
                + Percent.count(parallelizable) + " parallelizable, " + Percent.count(privatizable)
                + " privatizable (only WAR/WAW carried), " + Percent.count(loops.size() - parallelizable - privatizable)
                + " not parallelizable");
        long[] byType = new long[DepType.values().length];
        long crossThread = 0;
        for (DepEdge e : d.dependences()) {
            byType[e.type().ordinal()]++;
            crossThread += e.crossThread() ? 1 : 0;
        }
        field(out, "deps", plural(d.dependences().size(), "dependence") + ": RAW " + Percent.count(byType[0])
                + ", WAR " + Percent.count(byType[1]) + ", WAW " + Percent.count(byType[2]) + "; "
                + Percent.count(crossThread) + " between threads (never carried)");
        long withRegisters = loops.stream().filter(l -> !l.registers().isEmpty()).count();
        if (withRegisters > 0) {
            long others = loops.stream().filter(l -> l.carriedRegisters() > 0).count();
            field(out, "registers", plural(withRegisters, camp ? "loop context carries" : "loop carries",
                    camp ? "loop contexts carry" : "loops carry") + " locals across iterations; " + Percent.count(others)
                    + " of them a true carried register (not an induction variable or a reduction)");
        }
        AbsintSummary a = d.absint();
        if (a != null) {
            StringBuilder why = new StringBuilder();
            a.fallbackReasons().entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                    .forEach(e -> why.append(why.length() == 0 ? "" : ", ").append(e.getKey()).append(' ')
                            .append(Percent.count(e.getValue())));
            field(out, "absint", Percent.count(a.eligibleLoops()) + " of the loops that ran eligible, "
                    + Percent.count(a.decidedLoops()) + " decided at entry ("
                    + plural(a.decidedInvocations(), "nest invocation") + ", " + plural(a.untracedAccesses(), "access", "accesses")
                    + " not traced); " + plural(a.fallbacks(), "loop") + " profiled"
                    + (why.length() == 0 ? "" : ": " + why));
        }
        if (!advice.isEmpty()) {
            long[] byKind = new long[LoopAdvice.Kind.values().length];
            advice.forEach(x -> byKind[x.kind().ordinal()]++);
            field(out, "advice", Percent.count(byKind[LoopAdvice.Kind.DOALL.ordinal()]) + " DOALL, "
                    + Percent.count(byKind[LoopAdvice.Kind.REDUCTION.ordinal()]) + " reduction, "
                    + Percent.count(byKind[LoopAdvice.Kind.PRIVATIZE.ordinal()]) + " privatize, "
                    + Percent.count(byKind[LoopAdvice.Kind.BLOCKED.ordinal()]) + " blocked (each loop's 'next' line)");
        }
    }

    /** The dependences each loop carries (same thread, inter at its level), by loop id, in blocking order. */
    private static Map<Integer, List<DepEdge>> carriedByLoop(DepsAnalysis d) {
        Map<Integer, List<DepEdge>> byLoop = new HashMap<>();
        for (DepEdge e : d.dependences()) {
            if (e.crossThread()) {
                continue;
            }
            for (LoopRelation r : e.loops()) {
                if (r.relation().carried()) {
                    byLoop.computeIfAbsent(r.loop().id(), k -> new ArrayList<>()).add(e);
                }
            }
        }
        byLoop.values().forEach(list -> list.sort(BLOCKING));
        return byLoop;
    }

    private static List<String> registers(LoopVerdict l) {
        List<String> words = new ArrayList<>();
        kind(words, "induction", l.inductionVariables());
        kind(words, "reduction", l.reductions());
        kind(words, "other", l.otherRegisters());
        return words;
    }

    private static void kind(List<String> words, String label, List<String> names) {
        if (names.isEmpty()) {
            return;
        }
        if (!words.isEmpty()) {
            String last = words.remove(words.size() - 1);
            words.add(last + ";");
        }
        words.add(label);
        for (int i = 0; i < names.size(); i++) {
            words.add(names.get(i) + (i < names.size() - 1 ? "," : ""));
        }
    }

    private static void blocking(Appendable out, LoopVerdict l, List<DepEdge> carried, int top) throws IOException {
        if (carried.isEmpty()) {
            return;
        }
        String label = "blocked by";
        for (DepEdge e : carried.subList(0, Math.min(top, carried.size()))) {
            List<String> from = new ArrayList<>(List.of(e.type().name(), "×" + Percent.count(e.count()),
                    relation(e, l) + ":"));
            end(from, e.src(), l);
            detail(out, label, from);
            List<String> to = new ArrayList<>(List.of("  →"));
            end(to, e.dst(), l);
            detail(out, "", to);
            label = "";
        }
        if (carried.size() > top) {
            detail(out, "", List.of("…", "and", Integer.toString(carried.size() - top), "more", "(see", "--json)"));
        }
    }

    private static String relation(DepEdge e, LoopVerdict l) {
        for (LoopRelation r : e.loops()) {
            if (r.loop().id() == l.id()) {   // the distance when the run recorded it: d1, or d≥2
                return r.relation().label() + (r.distanceOne() == null ? "" : r.distanceOne() ? " d1" : " d≥2");
            }
        }
        return "?";
    }

    /**
     * {@code Cell.java:31 fig1.Cell.setValue()V [putfield fig1.Cell.v] (via call Main.work:14)}: where
     * the access is, what it does, and in camp mode the calls and loops between the loop and it.
     */
    private static void end(List<String> words, DepEnd end, LoopVerdict l) {
        words.addAll(TextLayout.words(DepsLayout.site(end.site())));
        words.add("[" + DepsLayout.access(end.site()) + "]");
        List<ContextEntry> below = DepsLayout.below(end, l);
        if (!below.isEmpty()) {
            List<String> via = new ArrayList<>();
            for (ContextEntry c : below) {
                via.add(DepsLayout.shortEntry(c));
            }
            words.add("(via " + String.join(" > ", via) + ")");
        }
    }

    /** Words under a label at the details' column; continued lines go four columns further in. */
    private static void detail(Appendable out, String label, List<String> words) throws IOException {
        String indent = String.format(DETAIL_LABEL, label);
        String continued = " ".repeat(indent.length() + 4);
        List<String> lines = WordWrapper.wrap(words, WIDTH - continued.length(), DETAIL_LINES);
        for (int i = 0; i < lines.size(); i++) {
            out.append(i == 0 ? indent : continued).append(lines.get(i)).append('\n');
        }
    }
}
