package io.loupe.instrument.values;

import io.loupe.data.sink.InstrumentationSink;

import java.util.ArrayList;
import java.util.List;

/**
 * What one try at rewriting a class tells the runtime of its quiet and guarded methods: which
 * switch versions in loops and which have frozen quiet periods. Kept until the try is final, so a
 * try given up (and retried without a method) declares nothing.
 */
final class QuietDeclarations {

    private record Loops(int first, int[] iterated, int[] loops) {
    }

    private final List<Loops> loops = new ArrayList<>();
    private final List<Integer> frozen = new ArrayList<>();

    /** The quiet method whose first site is {@code first} switches versions in loops ({@link InstrumentationSink#quietLoops}). */
    void quietLoops(int first, int[] iterated, int[] loopKeys) {
        loops.add(new Loops(first, iterated, loopKeys));
    }

    /** The method whose first site is {@code first} has frozen quiet periods. */
    void frozen(int first) {
        frozen.add(first);
    }

    /** Declares it all to {@code sink}. */
    void declareTo(InstrumentationSink sink) {
        frozen.forEach(sink::frozenMethod);
        loops.forEach(l -> sink.quietLoops(l.first, l.iterated, l.loops));
    }
}
