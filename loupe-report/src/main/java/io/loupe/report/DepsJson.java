package io.loupe.report;

import io.loupe.analysis.advice.Action;
import io.loupe.analysis.advice.Advisor;
import io.loupe.analysis.advice.LoopAdvice;
import io.loupe.analysis.advice.TripBound;
import io.loupe.analysis.deps.AbsintSummary;
import io.loupe.analysis.deps.ContextEntry;
import io.loupe.analysis.deps.DepEdge;
import io.loupe.analysis.deps.DepEnd;
import io.loupe.analysis.deps.DepsAnalysis;
import io.loupe.analysis.deps.LoopRelation;
import io.loupe.analysis.deps.LoopVerdict;
import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.CarriedRegisterMeta;
import io.loupe.analysis.values.ValueAnalysis;
import io.loupe.data.deps.DepLoopMeta;
import io.loupe.data.deps.MemoryUpdate;

import java.io.IOException;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code deps} section of the JSON report (field reference: loupe-report/README.md): every
 * loop (per context in camp mode) with its carried dependences, verdicts and carried registers, then every
 * dependence with its ends and loop relations. A dependence names a loop by its {@code id}, the
 * loop's position in {@code deps.loops}. Each loop's {@code advice} ({@link Advisor}: what would make it
 * parallel) names dependences by their position in {@code deps.dependences}.
 */
final class DepsJson {

    private DepsJson() {
    }

    /** The section; {@code values}, a value profile of the same program for the advice's evidence, may be null. */
    static void write(JsonWriter json, DepsAnalysis d, ValueAnalysis values) throws IOException {
        json.name("deps").beginObject();
        json.name("mode").value(d.mode());
        json.name("loops").beginArray();
        Map<DepEdge, Integer> positions = new IdentityHashMap<>();
        for (DepEdge e : d.dependences()) {
            positions.put(e, positions.size());
        }
        Advisor advisor = Advisor.of(d, values);
        for (LoopVerdict l : d.loops()) {
            loop(json, l, advisor.advise(l), positions);
        }
        json.endArray();
        json.name("dependences").beginArray();
        for (DepEdge e : d.dependences()) {
            dependence(json, e);
        }
        json.endArray();
        if (d.absint() != null) {
            absint(json, d.absint());
        }
        json.endObject();
    }

    /** What abstract interpretation at loop entry did (docs/absint.md, "Report"): only when it was on. */
    private static void absint(JsonWriter json, AbsintSummary a) throws IOException {
        json.name("absint").beginObject();
        json.name("eligibleLoops").value(a.eligibleLoops());
        json.name("decidedLoops").value(a.decidedLoops());
        json.name("fallbacks").value(a.fallbacks());
        json.name("fallbackReasons").beginObject();
        for (java.util.Map.Entry<String, Integer> e : a.fallbackReasons().entrySet()) {
            json.name(e.getKey()).value(e.getValue());
        }
        json.endObject();
        json.name("decidedInvocations").value(a.decidedInvocations());
        json.name("untracedAccesses").value(a.untracedAccesses());
        json.endObject();
    }

    private static void loop(JsonWriter json, LoopVerdict l, LoopAdvice advice, Map<DepEdge, Integer> positions)
            throws IOException {
        DepLoopMeta m = l.meta();
        json.beginObject();
        json.name("id").value(l.id());
        json.name("class").value(m.className());
        json.name("method").value(m.method() + m.desc());
        json.name("sourceFile").value(m.sourceFile());
        json.name("line").value(m.line());
        json.name("recursion").value(m.recursion());
        context(json, l.context());
        json.name("invocations").value(l.invocations());
        json.name("iterations").value(l.iterations());
        json.name("carried").beginInlineObject();
        json.name("raw").value(l.raw());
        json.name("war").value(l.war());
        json.name("waw").value(l.waw());
        json.endObject();
        json.name("parallelizable").value(l.parallelizable());
        json.name("privatizable").value(l.privatizable());
        json.name("decidedBy").value(l.decidedBy());
        json.name("absintInvocations").value(l.decidedInvocations());
        json.name("profiledInvocations").value(l.profiledInvocations());
        registers(json, l);
        advice(json, advice, positions);
        json.endObject();
    }

    /** What would make the loop parallel (docs/deps.md, "What to do next"). */
    private static void advice(JsonWriter json, LoopAdvice a, Map<DepEdge, Integer> positions) throws IOException {
        json.name("advice").beginObject();
        json.name("kind").value(a.kind().label());
        json.name("text").value(a.text());
        json.name("actions").beginArray();
        for (Action x : a.actions()) {
            json.beginInlineObject();
            json.name("kind").value(x.kind().label());
            json.name("text").value(x.text());
            json.name("target").value(x.target());
            json.name("op").value(x.op());
            json.name("inexact").value(x.inexact());
            if (x.dependence() != null) {
                json.name("dependence").value(positions.get(x.dependence()));
                end(json, "src", x.dependence().src());
                end(json, "dst", x.dependence().dst());
            }
            json.endObject();
        }
        json.endArray();
        json.name("evidence").beginObject();
        json.name("invocations").value(a.evidence().invocations());
        json.name("iterations").value(a.evidence().iterations());
        json.name("meanIterations").value(a.evidence().meanIterations(), 3);
        json.name("carriedDependences").beginInlineArray();
        for (DepEdge e : a.evidence().carried()) {
            json.value(positions.get(e));
        }
        json.endArray();
        strings(json, "inductionVariables", a.evidence().inductionVariables());
        json.name("bounds").beginArray();
        for (TripBound b : a.evidence().bounds()) {
            json.beginInlineObject();
            json.name("name").value(b.name());
            json.name("kind").value(b.site().kind().label());
            json.name("line").value(b.site().meta().line());
            json.name("value").value(b.value());
            json.name("share").value(b.share(), JsonReport.SHARE_DECIMALS);
            json.name("executed").value(b.site().executed());
            json.endObject();
        }
        json.endArray();
        json.endObject();
        json.endObject();
    }

    /** The loop's carried locals: all of them, the names of inductions and reductions, the count of the rest. */
    private static void registers(JsonWriter json, LoopVerdict l) throws IOException {
        json.name("registers").beginInlineArray();
        for (CarriedRegisterMeta r : l.registers()) {
            json.beginInlineObject();
            json.name("name").value(r.name());
            json.name("slot").value(r.slot());
            json.name("kind").value(r.kind().label());
            json.endObject();
        }
        json.endArray();
        strings(json, "inductionVariables", l.inductionVariables());
        strings(json, "reductions", l.reductions());
        json.name("carriedRegisters").value(l.carriedRegisters());
    }

    private static void strings(JsonWriter json, String name, List<String> values) throws IOException {
        json.name(name).beginInlineArray();
        for (String v : values) {
            json.value(v);
        }
        json.endArray();
    }

    private static void dependence(JsonWriter json, DepEdge e) throws IOException {
        json.beginObject();
        json.name("type").value(e.type().name());
        end(json, "src", e.src());
        end(json, "dst", e.dst());
        json.name("count").value(e.count());
        json.name("crossThread").value(e.crossThread());
        json.name("loops").beginInlineArray();
        for (LoopRelation r : e.loops()) {
            json.beginInlineObject();
            json.name("loop").value(r.loop().id());
            json.name("relation").value(r.relation().label());
            if (r.relation().carried()) {   // null: the profile does not say (before format 7)
                if (r.distanceOne() == null) {
                    json.name("distanceOne").value((String) null);
                } else {
                    json.name("distanceOne").value(r.distanceOne().booleanValue());
                }
            }
            json.endObject();
        }
        json.endArray();
        json.endObject();
    }

    private static void end(JsonWriter json, String name, DepEnd end) throws IOException {
        AccessSiteMeta s = end.site();
        json.name(name).beginObject();
        json.name("class").value(s.className());
        json.name("method").value(s.signature());
        json.name("line").value(s.line());
        json.name("access").value(s.access());
        json.name("target").value(s.target());
        json.name("array").value(s.arrayName());
        MemoryUpdate u = s.update();
        json.name("update");
        if (u == null) {
            json.value((String) null);
        } else {
            json.beginInlineObject();
            json.name("load").value(u.load());
            json.name("op").value(u.op().symbol());
            json.name("inexact").value(u.inexact());
            json.endObject();
        }
        context(json, end.context());
        json.endObject();
    }

    static void context(JsonWriter json, List<ContextEntry> path) throws IOException {
        json.name("context").beginArray();
        for (ContextEntry c : path) {
            json.beginInlineObject();
            json.name("kind").value(c.kind().label());
            json.name("class").value(c.className());
            json.name("method").value(c.method());
            json.name("line").value(c.line());
            if (c.recursion()) {
                json.name("recursion").value(true);   // a pseudo-loop: kind stays "loop", as the contract has it
            }
            json.endObject();
        }
        json.endArray();
    }
}
