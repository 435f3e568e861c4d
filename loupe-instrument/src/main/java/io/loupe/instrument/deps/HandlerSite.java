package io.loupe.instrument.deps;

import java.util.List;

/**
 * An exception handler's entry and the loops that statically enclose it: on entry the runtime
 * restores the loop stack to the method's entry depth plus these loops (their iterations are still
 * live).
 *
 * @param block    the handler's block
 * @param position the position in the method's instruction list of the handler's first instruction
 * @param loops    the ordinals of the loops whose body holds the handler, outermost first
 */
public record HandlerSite(int block, int position, List<Integer> loops) {
}
