package io.loupe.maven;

import io.loupe.analysis.advice.Advisor;
import io.loupe.analysis.advice.LoopAdvice;
import io.loupe.analysis.deps.DepsAnalysis;
import io.loupe.analysis.deps.LoopVerdict;
import io.loupe.analysis.summary.MethodProfile;
import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.analysis.values.SiteStats;
import io.loupe.analysis.values.ValueAnalysis;
import io.loupe.data.meta.MethodMeta;
import io.loupe.maven.CheckRule.LoopRule;
import io.loupe.maven.CheckRule.PathsRule;
import io.loupe.maven.CheckRule.ValueRule;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * Evaluates {@link CheckRule}s on the analysis of a (merged) profile. Every measured figure it prints
 * is the analysis' own: a method's distinct paths ({@link MethodProfile#pathCount()}), a loop
 * context's verdict ({@link LoopVerdict#parallelizable()}) and advice ({@link Advisor}), a site's
 * Inv-1 ({@link SiteStats#inv1()}, a lower bound in a merged profile, marked {@code ≥}).
 */
final class RuleEvaluator {

    /** A rule's outcome: whether it holds, and one line with what was measured against the limit. */
    record Result(CheckRule rule, boolean holds, String line) {
    }

    private final ProfileSummary summary;
    private Advisor advisor;

    RuleEvaluator(ProfileSummary summary) {
        this.summary = summary;
    }

    Result evaluate(CheckRule rule) {
        if (rule instanceof LoopRule r) {
            return loop(r);
        }
        if (rule instanceof PathsRule r) {
            return paths(r);
        }
        return value((ValueRule) rule);
    }

    private Result loop(LoopRule r) {
        DepsAnalysis deps = summary.deps();
        if (!deps.present()) {
            return fail(r, "the profile holds no dependence data (run the tests under prepare-agent with <profilers>deps</profilers>)");
        }
        List<LoopVerdict> matched = new ArrayList<>();
        TreeSet<Integer> otherLines = new TreeSet<>();
        for (LoopVerdict v : deps.loops()) {
            if (r.method().matches(v.meta().className(), v.meta().method(), v.meta().desc())) {
                if (v.meta().line() == r.line()) {
                    matched.add(v);
                } else {
                    otherLines.add(v.meta().line());
                }
            }
        }
        if (matched.isEmpty()) {
            return fail(r, "matches no loop that ran: " + (otherLines.isEmpty()
                    ? "no loop of " + r.method() + " ran under the dependence profiler"
                    : "the loops of " + r.method() + " that ran have their headers on line" + (otherLines.size() == 1 ? " " : "s ")
                    + String.join(", ", otherLines.stream().map(String::valueOf).toList())));
        }
        if (advisor == null) {
            advisor = Advisor.of(deps, summary.values().present() ? summary.values() : null);
        }
        List<String> failing = new ArrayList<>();
        long iterations = 0;
        for (LoopVerdict v : matched) {
            iterations += v.iterations();
            LoopAdvice advice = advisor.advise(v);
            boolean holds = switch (r.requirement()) {
                case PARALLELIZABLE -> v.parallelizable();
                case DOALL -> advice.kind() == LoopAdvice.Kind.DOALL;
                case NOT_BLOCKED -> advice.kind() != LoopAdvice.Kind.BLOCKED;
            };
            if (!holds) {
                failing.add((v.parallelizable() ? "parallelizable" : v.privatizable() ? "privatizable" : "not parallelizable")
                        + ", carried RAW " + v.raw() + " WAR " + v.war() + " WAW " + v.waw() + ", advice " + advice.kind().label()
                        + (advice.text().isEmpty() ? "" : ": " + advice.text()));
            }
        }
        String contexts = matched.size() + (matched.size() == 1 ? " context" : " contexts");
        if (failing.isEmpty()) {
            return new Result(r, true, r.text() + ": holds in " + contexts + " (" + iterations + " iterations)");
        }
        return fail(r, "measured in " + failing.size() + " of " + contexts + ": " + String.join("; ", failing.stream().distinct().toList())
                + "; limit: " + r.requirement().words + " in every context");
    }

    private Result paths(PathsRule r) {
        List<MethodProfile> matched = summary.methods().stream()
                .filter(m -> m != null && r.method().matches(m.meta().className(), m.meta().name(), m.meta().desc())).toList();
        if (matched.isEmpty()) {
            return fail(r, "matches no method that ran under the path profiler" + (summary.pathsProfiled() ? ""
                    : " (the profile holds no path data: run the tests with <profilers>paths</profilers>)"));
        }
        List<String> over = new ArrayList<>();
        List<String> all = new ArrayList<>();
        for (MethodProfile m : matched) {
            String one = signature(m.meta()) + " executed " + m.pathCount() + " distinct path" + (m.pathCount() == 1 ? "" : "s");
            all.add(one);
            if (m.pathCount() > r.maxPaths()) {
                over.add(one);
            }
        }
        if (over.isEmpty()) {
            return new Result(r, true, r.text() + ": holds (" + String.join(", ", all) + ")");
        }
        return fail(r, "measured: " + String.join(", ", over) + "; limit: " + r.maxPaths());
    }

    private Result value(ValueRule r) {
        ValueAnalysis values = summary.values();
        if (!values.present()) {
            return fail(r, "the profile holds no value data (run the tests with <profilers>values</profilers>)");
        }
        List<SiteStats> matched = new ArrayList<>();
        TreeSet<Integer> otherLines = new TreeSet<>();
        for (SiteStats s : values.sites()) {
            var m = s.meta();
            if (!r.method().matches(m.className(), m.method(), m.desc())) {
                continue;
            }
            if (m.line() != r.line()) {
                otherLines.add(m.line());
            } else if ((r.kind() == null || r.kind().equals(s.kind().label())) && (r.detail() == null || r.detail().equals(m.detail()))) {
                matched.add(s);
            }
        }
        if (matched.isEmpty()) {
            return fail(r, "matches no value site that ran" + (otherLines.isEmpty() ? " in " + r.method()
                    : "; " + r.method() + " has sites that ran on line" + (otherLines.size() == 1 ? " " : "s ")
                    + String.join(", ", otherLines.stream().map(String::valueOf).toList())));
        }
        String bound = values.settings().merged() ? "≥ " : "";
        List<String> below = new ArrayList<>();
        List<String> all = new ArrayList<>();
        for (SiteStats s : matched) {
            String one = s.kind().label() + (s.meta().detail() == null ? "" : " " + s.meta().detail()) + " Inv-1 " + bound
                    + percent(s.inv1()) + " of " + s.executed() + " executions (top value " + s.topValue() + ")";
            all.add(one);
            if (s.inv1() < r.minInvariance()) {
                below.add(one);
            }
        }
        if (below.isEmpty()) {
            return new Result(r, true, r.text() + ": holds (" + String.join(", ", all) + ")");
        }
        return fail(r, "measured: " + String.join(", ", below) + "; limit: " + percent(r.minInvariance())
                + (bound.isEmpty() ? "" : " (merged profiles: Inv-1 is a lower bound, docs/merge.md)"));
    }

    private static String signature(MethodMeta m) {
        return m.className() + "." + m.name() + m.desc();
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f%%", share * 100);
    }

    private static Result fail(CheckRule r, String why) {
        return new Result(r, false, r.text() + ": " + why);
    }
}
