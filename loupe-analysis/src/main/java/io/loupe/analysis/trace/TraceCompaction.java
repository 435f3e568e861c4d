package io.loupe.analysis.trace;

import io.loupe.data.StatKeys;
import io.loupe.data.format.TraceWriter;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.trace.Grammar;
import io.loupe.data.trace.RePair;
import io.loupe.data.trace.ThreadTrace;
import io.loupe.data.trace.Trace;
import io.loupe.data.trace.TraceChunk;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code loupe trace compact}: a trace written again with each chunk's grammar made by the
 * enhanced Sequitur of Tallam and Gupta 2007 (§4.2, Fig. 14: the most frequent digram first), that
 * is Re-Pair ({@link RePair}), from the chunk's events instead of Sequitur's online grammar. The
 * events, threads, methods, stats and warnings stay as they were; a trace cut short stays so (no
 * end block). Chunks stay chunks: Re-Pair needs memory in proportion to what it compresses.
 */
public final class TraceCompaction {

    /** What compaction did to one thread: symbols and rules before and after, and Re-Pair's time. */
    public record ThreadResult(String name, long events, long onlineSymbols, long onlineRules, long symbols, long rules,
                               long millis) {
    }

    private TraceCompaction() {
    }

    /** Writes {@code trace} to {@code out} with Re-Pair grammars; {@code version} is Loupe's. */
    public static List<ThreadResult> compact(Trace trace, Path out, String version) throws IOException {
        List<ThreadResult> results = new ArrayList<>();
        try (TraceWriter w = TraceWriter.create(out, trace.options() == null ? "" : trace.options(), version,
                System.currentTimeMillis())) {
            List<MethodMeta> methods = new ArrayList<>();
            List<int[]> throwing = new ArrayList<>();
            List<io.loupe.data.trace.MethodOps> ops = new ArrayList<>();
            for (MethodMeta m : trace.methods()) {
                if (m != null) {
                    methods.add(m);
                    throwing.add(trace.throwingBlocks(m.id()));
                    ops.add(trace.ops(m.id()));
                }
            }
            w.methods(methods, throwing, ops);
            for (ThreadTrace t : trace.threads()) {
                w.thread(t.index(), t.name());
                long[] dictionary = new long[t.terminals()];
                for (int i = 0; i < dictionary.length; i++) {
                    dictionary[i] = t.event(i);
                }
                long symbols = 0;
                long rules = 0;
                long start = System.nanoTime();
                boolean first = true;
                for (TraceChunk c : t.chunks()) {
                    Grammar g = RePair.compress(c.grammar().expansion());
                    // the whole dictionary goes with the first chunk
                    w.chunk(t.index(), c.events(), dictionary, first ? dictionary.length : 0, g);
                    first = false;
                    symbols += g.symbols();
                    rules += g.rules();
                }
                long millis = (System.nanoTime() - start) / 1_000_000;
                results.add(new ThreadResult(t.name(), t.events(), t.symbols(), t.rules(), symbols, rules, millis));
            }
            if (trace.complete()) {
                Map<String, Long> stats = new LinkedHashMap<>(trace.stats());
                stats.put(StatKeys.TRACE_REPAIR, 1L);
                w.end(stats, trace.warnings());
            }
        }
        return results;
    }
}
