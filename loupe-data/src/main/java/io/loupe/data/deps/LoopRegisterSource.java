package io.loupe.data.deps;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The carried registers of a class's loops, analysed when the profile is written and only for the
 * loops that ran ({@code InstrumentationSink.deferredRegisters}). The instrumenter supplies it
 * with the class's original bytes: analysing every loop of every class as it loads (a data flow analysis per method)
 * was 3% of h2's time under camp and 230 MB of the 3 GB it allocated, for loops most of which never
 * run.
 */
@FunctionalInterface
public interface LoopRegisterSource {

    /**
     * The carried registers of each of {@code loops} (loop ids this source was registered for);
     * a loop missing from the answer has none. Reports its own failures (as warnings) and never
     * throws.
     */
    Map<Integer, List<CarriedRegisterMeta>> registers(Set<Integer> loops);
}
