package io.loupe.report;

import io.loupe.analysis.deps.FalsePositives;
import io.loupe.analysis.deps.LampCampComparison;
import io.loupe.analysis.deps.LoopComparison;
import io.loupe.analysis.deps.LoopVerdict;
import io.loupe.analysis.deps.ParallelLoops;
import io.loupe.data.deps.DepLoopMeta;
import io.loupe.data.deps.DepMode;

import java.io.IOException;

import static io.loupe.report.JsonReport.SHARE_DECIMALS;

/**
 * {@code diff.deps} of {@code loupe diff --json}: a LAMP and a CAMP profile compared (field
 * reference: loupe-report/README.md).
 */
final class DepsDiffJson {

    private DepsDiffJson() {
    }

    static void write(JsonWriter json, LampCampComparison c, boolean lampIsA) throws IOException {
        json.name("deps").beginObject();
        json.name(DepMode.LAMP.id()).value(lampIsA ? "a" : "b");
        json.name(DepMode.CAMP.id()).value(lampIsA ? "b" : "a");
        FalsePositives f = c.falsePositives();
        json.name("falsePositives").beginObject();
        json.name("lampCarried").value(f.lampCarried());
        json.name("unmatched").value(f.unmatched());
        json.name("notCarriedInCamp").value(f.notCarriedInCamp());
        json.name("contextPairs").value(f.contextPairs());
        json.name("real").value(f.real());
        json.name("falsePositive").value(f.falsePositive());
        json.name("share").value(f.share(), SHARE_DECIMALS);
        json.endObject();
        ParallelLoops p = c.parallelLoops();
        json.name("parallelLoops").beginObject();
        json.name("lampLoops").value(p.lampLoops());
        json.name("lampParallelizable").value(p.lampParallelizable());
        json.name("campContexts").value(p.campContexts());
        json.name("campParallelizable").value(p.campParallelizable());
        json.name("lampParallelizableContexts").value(p.lampParallelizableContexts());
        json.name("gained").value(p.gained().size());
        json.name("lost").value(p.lost());
        json.name("increase").value(p.increase(), SHARE_DECIMALS);
        json.name("unmatchedLamp").value(p.unmatchedLamp());
        json.name("unmatchedCamp").value(p.unmatchedCamp());
        json.endObject();
        json.name("loops").beginArray();
        for (LoopComparison l : c.loops()) {
            loop(json, l);
        }
        json.endArray();
        json.name("gained").beginArray();
        for (LoopVerdict l : p.gained()) {
            json.beginObject();
            where(json, l.meta());
            DepsJson.context(json, l.context());
            json.name("invocations").value(l.invocations());
            json.name("iterations").value(l.iterations());
            json.endObject();
        }
        json.endArray();
        json.endObject();
    }

    private static void loop(JsonWriter json, LoopComparison l) throws IOException {
        json.beginInlineObject();
        where(json, l.lamp().meta());
        json.name("lampParallelizable").value(l.lamp().parallelizable());
        json.name("contexts").value(l.contexts().size());
        json.name("campParallelizable").value(l.parallelizableContexts().size());
        json.name("carried").value(l.carried());
        json.name("unmatched").value(l.unmatched());
        json.name("notCarriedInCamp").value(l.notCarriedInCamp());
        json.name("contextPairs").value(l.contextPairs());
        json.name("real").value(l.real());
        json.name("falsePositive").value(l.falsePositive());
        json.endObject();
    }

    private static void where(JsonWriter json, DepLoopMeta m) throws IOException {
        json.name("class").value(m.className());
        json.name("method").value(m.method() + m.desc());
        json.name("line").value(m.line());
        json.name("index").value(m.index());
        json.name("recursion").value(m.recursion());
    }
}
