package io.loupe.instrument.deps;

import java.util.List;

/**
 * The carried register dependences of one loop.
 *
 * @param loop    the loop's ordinal among the loops of its method ({@link LoopSite#ordinal()})
 * @param carried its carried local variables, by slot
 */
public record LoopRegisters(int loop, List<CarriedRegister> carried) {
}
