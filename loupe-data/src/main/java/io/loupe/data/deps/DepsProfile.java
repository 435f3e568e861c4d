package io.loupe.data.deps;

import java.util.List;

/**
 * What the dependence profiler recorded in one run (docs/deps.md): the static description of
 * every access site, loop and call site it saw, the context tree (camp mode), each loop's
 * invocations and iterations, and the dependences found.
 *
 * @param mode        {@link #CAMP} or {@link #LAMP}; null when the run did not profile dependences
 * @param sites       access sites, indexed by site id
 * @param loops       loops (and recursion pseudo-loops), indexed by loop id
 * @param calls       call sites, indexed by call-site id
 * @param contexts    the context tree's nodes, indexed by node id (empty in lamp mode)
 * @param loopRecords what ran of each loop, per context in camp mode
 * @param dependences the dependences seen, merged over threads
 * @param absint      what abstract interpretation at loop entry did ({@link AbsintProfile#NONE} when off)
 */
public record DepsProfile(String mode, List<AccessSiteMeta> sites, List<DepLoopMeta> loops,
                          List<CallSiteMeta> calls, List<ContextNode> contexts, List<LoopRecord> loopRecords,
                          List<Dependence> dependences, AbsintProfile absint) {

    /** A profile of a run without abstract interpretation at loop entry. */
    public DepsProfile(String mode, List<AccessSiteMeta> sites, List<DepLoopMeta> loops, List<CallSiteMeta> calls,
                       List<ContextNode> contexts, List<LoopRecord> loopRecords, List<Dependence> dependences) {
        this(mode, sites, loops, calls, contexts, loopRecords, dependences, AbsintProfile.NONE);
    }

    /** The context-aware mode: accesses and loops per calling context (CAMP). */
    public static final String CAMP = DepMode.CAMP.id();
    /** The context-oblivious baseline: accesses and loops without contexts (LAMP). */
    public static final String LAMP = DepMode.LAMP.id();
    /**
     * Every mode a profile may name ({@link DepMode}). One list for {@code loupe run --deps-mode},
     * the agent, the reader's check and the analyses, so that a mode they do not all know is
     * neither asked for nor read as another. The profile keeps the mode as its name, so that a
     * profile naming another is read and refused by the check, not by the parser.
     */
    public static final List<String> MODES = DepMode.ids();

    /** The dependence data of a run that did not profile dependences. */
    public static final DepsProfile EMPTY = new DepsProfile(null, List.of(), List.of(), List.of(), List.of(),
            List.of(), List.of());

    /** True when there is nothing at all: no mode and every list empty (as {@link #EMPTY}). */
    public boolean isEmpty() {
        return mode == null && sites.isEmpty() && loops.isEmpty() && calls.isEmpty() && contexts.isEmpty()
                && loopRecords.isEmpty() && dependences.isEmpty() && !absint.enabled();
    }
}
