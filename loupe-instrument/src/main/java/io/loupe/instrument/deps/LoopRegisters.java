package io.loupe.instrument.deps;

import io.loupe.data.deps.CarriedRegisterMeta;

import java.util.List;

/**
 * The carried register dependences of one loop.
 *
 * @param loop    the loop's ordinal among the loops of its method ({@link LoopSite#ordinal()})
 * @param carried its carried local variables, by slot
 */
public record LoopRegisters(int loop, List<CarriedRegister> carried) {

    /** The carried registers as the profile keeps them. */
    public List<CarriedRegisterMeta> meta() {
        return carried.stream()
                .map(c -> new CarriedRegisterMeta(c.slot(), c.name(), CarriedRegisterMeta.Kind.valueOf(c.kind().name())))
                .toList();
    }
}
