package io.loupe.instrument.deps;

import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.CallSiteMeta;
import io.loupe.data.deps.DepLoopMeta;

import java.util.ArrayList;
import java.util.List;

/**
 * The static model of one method for the dependence profiler: its access sites, call sites, loops
 * (with their entry, iteration and exit edges) and exception handlers (with their loop nests), all
 * by position in the unchanged method's instruction list, so that an inserter can place probes
 * without analysing the method again.
 */
public record DepSites(List<AccessSite> accesses, List<CallSite> calls, List<LoopSite> loops,
                       List<HandlerSite> handlers) {

    /** The model of a method with nothing to profile (no code, or JSR/RET subroutines). */
    public static final DepSites EMPTY = new DepSites(List.of(), List.of(), List.of(), List.of());

    /** The access site metadata, ids from {@code firstId} in bytecode order. */
    public List<AccessSiteMeta> accessMeta(int firstId, String className, String method, String desc, String sourceFile) {
        List<AccessSiteMeta> out = new ArrayList<>(accesses.size());
        for (AccessSite s : accesses) {
            out.add(s.meta(firstId + s.ordinal(), className, method, desc, sourceFile));
        }
        return out;
    }

    /** The call site metadata, ids from {@code firstId} in bytecode order. */
    public List<CallSiteMeta> callMeta(int firstId, String className, String method, String desc, String sourceFile) {
        List<CallSiteMeta> out = new ArrayList<>(calls.size());
        for (CallSite s : calls) {
            out.add(s.meta(firstId + s.ordinal(), className, method, desc, sourceFile));
        }
        return out;
    }

    /**
     * The loop metadata, ids from {@code firstId} in loop order; parents are ids too. Carried
     * registers are left out: they are analysed for the loops that ran ({@link DeferredLoopRegisters}).
     */
    public List<DepLoopMeta> loopMeta(int firstId, String className, String method, String desc, String sourceFile) {
        List<DepLoopMeta> out = new ArrayList<>(loops.size());
        for (LoopSite l : loops) {
            out.add(l.meta(firstId + l.ordinal(), firstId, className, method, desc, sourceFile));
        }
        return out;
    }
}
