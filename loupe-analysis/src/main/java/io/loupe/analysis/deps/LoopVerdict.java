package io.loupe.analysis.deps;

import io.loupe.data.deps.CarriedRegisterMeta;
import io.loupe.data.deps.DepLoopMeta;

import java.util.List;

/**
 * What ran of one loop in one context (camp) or of one loop overall (lamp), and the memory
 * dependences it carries: the distinct dependences between accesses of one thread with an
 * inter-iteration relation at this loop's level. Its carried register dependences (local variables
 * flowing around the back edge, from the static analysis in the loop's metadata) come with it but do
 * not change the memory verdicts: an induction variable or a reduction does not stop a
 * parallelizing compiler, a true carried register ({@link CarriedRegisterMeta.Kind#OTHER}) might.
 *
 * @param id          the loop's position in {@link DepsAnalysis#loops()}: what dependences refer to
 * @param meta        the loop
 * @param contextNode its loop context node (camp), -1 in lamp mode
 * @param context     the entries leading to the loop, outermost first, the loop itself left out
 *                    (empty in lamp mode)
 * @param invocations how often the loop was entered
 * @param iterations  iterations over all invocations
 * @param raw         carried read-after-write dependences
 * @param war         carried write-after-read dependences
 * @param waw         carried write-after-write dependences
 * @param decidedInvocations of the invocations, those abstract interpretation at loop entry decided
 *                    without tracing their accesses (docs/absint.md)
 */
public record LoopVerdict(int id, DepLoopMeta meta, int contextNode, List<ContextEntry> context, long invocations,
                          long iterations, int raw, int war, int waw, long decidedInvocations) {

    /** A verdict of a run without abstract interpretation at loop entry. */
    public LoopVerdict(int id, DepLoopMeta meta, int contextNode, List<ContextEntry> context, long invocations,
                       long iterations, int raw, int war, int waw) {
        this(id, meta, contextNode, context, invocations, iterations, raw, war, waw, 0);
    }

    /** Invocations profiled (traced): all but the decided ones. */
    public long profiledInvocations() {
        return invocations - decidedInvocations;
    }

    /**
     * How its invocations were decided: {@code absint} when abstract interpretation decided them
     * all, {@code profile} when they were all traced, {@code mixed} when both.
     */
    public String decidedBy() {
        return decidedInvocations == 0 ? "profile" : decidedInvocations == invocations ? "absint" : "mixed";
    }

    /** Carried dependences of all three types. */
    public int carried() {
        return raw + war + waw;
    }

    /** True when the loop carries no memory dependence at its level (strict DOALL). */
    public boolean parallelizable() {
        return carried() == 0;
    }

    /**
     * True when the loop carries no RAW but some WAR or WAW: its iterations only reuse locations,
     * which per-iteration copies would remove.
     */
    public boolean privatizable() {
        return raw == 0 && war + waw > 0;
    }

    /** The local variables the loop carries from one iteration to the next, by slot. */
    public List<CarriedRegisterMeta> registers() {
        return meta.registers();
    }

    /** The names ({@link CarriedRegisterMeta#label()}) of its induction variables. */
    public List<String> inductionVariables() {
        return labels(CarriedRegisterMeta.Kind.INDUCTION);
    }

    /** The names of the locals it reduces into. */
    public List<String> reductions() {
        return labels(CarriedRegisterMeta.Kind.REDUCTION);
    }

    /** The names of the locals it truly carries: neither inductions nor reductions. */
    public List<String> otherRegisters() {
        return labels(CarriedRegisterMeta.Kind.OTHER);
    }

    /** How many locals it truly carries (kind {@link CarriedRegisterMeta.Kind#OTHER}). */
    public int carriedRegisters() {
        return otherRegisters().size();
    }

    private List<String> labels(CarriedRegisterMeta.Kind kind) {
        return registers().stream().filter(r -> r.kind() == kind).map(CarriedRegisterMeta::label).toList();
    }
}
