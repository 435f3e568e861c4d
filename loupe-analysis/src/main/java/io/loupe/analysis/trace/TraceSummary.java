package io.loupe.analysis.trace;

import io.loupe.analysis.paths.PathDecoder;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.trace.Grammar;
import io.loupe.data.trace.SubpathCounts;
import io.loupe.data.trace.ThreadTrace;
import io.loupe.data.trace.MethodOps;
import io.loupe.data.trace.Trace;
import io.loupe.data.trace.TraceChunk;
import io.loupe.data.trace.TraceEvent;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code loupe report} says of a whole-program trace, computed on its grammars without
 * expanding them: per thread its events, chunks, rules, symbols and bytes; the events by kind; and
 * the hot subpaths (Larus 1999, §4): the most frequent sequences of {@code length} consecutive
 * events of a thread, counted exactly within each chunk ({@link SubpathCounts}); an occurrence that
 * straddles two chunks is not counted.
 */
public final class TraceSummary {

    /** One thread's figures. */
    public record ThreadFigures(String name, long events, int chunks, long rules, long symbols, long compressedBytes,
                                Map<String, Long> byKind) {
    }

    /** A sequence of events and how often it occurs, over every thread. */
    public record HotSubpath(long[] events, long count) {
    }

    /**
     * The ops of the trace's methods by how their dependences are recovered (docs/trace.md,
     * <i>Checks</i>): counted once per op, statically.
     *
     * @param checked field, element and bulk ops that get a check (an address event with
     *                {@code trace.heap=addresses}, nothing with {@code none}); static field ops
     *                too in a trace that checks them ({@link Trace#staticsChecked})
     * @param free    field and element loads that need none: an earlier access of their block reached the
     *                same location, nothing between may write it
     * @param statics static field ops left to the control flow: one location each, free (none in a
     *                trace that checks them)
     * @param locals  local variable ops, free
     * @param unseen  stores into an object before its constructor's {@code super(…)}: no probe may see them
     */
    public record OpClasses(long checked, long free, long statics, long locals, long unseen) {
    }

    /** Subpath length reported when none is asked for. */
    public static final int DEFAULT_LENGTH = 4;

    private final Trace trace;
    private final List<ThreadFigures> threads = new ArrayList<>();
    private final Map<String, Long> byKind = new LinkedHashMap<>();
    private final List<HotSubpath> hot;
    private final int length;
    private final Map<Integer, PathDecoder> decoders = new HashMap<>();
    private final OpClasses ops;

    private TraceSummary(Trace trace, int length, int top) {
        this.trace = trace;
        this.length = length;
        for (String kind : kindNames()) {
            byKind.put(kind, 0L);
        }
        Map<Key, Long> subpaths = new HashMap<>();
        for (ThreadTrace t : trace.threads()) {
            Map<String, Long> kinds = new LinkedHashMap<>();
            for (String kind : kindNames()) {
                kinds.put(kind, 0L);
            }
            for (TraceChunk c : t.chunks()) {
                Grammar g = c.grammar();
                long[] uses = g.uses();
                for (int r = 0; r < g.rules(); r++) {
                    for (int s : g.body(r)) {
                        if (!Grammar.isRule(s)) {
                            kinds.merge(kindName(TraceEvent.kind(t.event(s))), uses[r], Long::sum);
                        }
                    }
                }
                SubpathCounts.counts(g, length).forEach((w, n) -> {
                    int[] symbols = w.symbols();
                    long[] events = new long[symbols.length];
                    for (int i = 0; i < symbols.length; i++) {
                        events[i] = t.event(symbols[i]);
                    }
                    subpaths.merge(new Key(events), n, Long::sum);
                });
            }
            kinds.forEach((k, n) -> byKind.merge(k, n, Long::sum));
            threads.add(new ThreadFigures(t.name(), t.events(), t.chunks().size(), t.rules(), t.symbols(),
                    t.compressedBytes(), kinds));
        }
        List<HotSubpath> all = new ArrayList<>();
        subpaths.forEach((k, n) -> all.add(new HotSubpath(k.events, n)));
        all.sort(Comparator.comparingLong(HotSubpath::count).reversed()
                .thenComparing(HotSubpath::events, Arrays::compare));
        hot = List.copyOf(all.subList(0, Math.min(top, all.size())));
        ops = classify(trace);
    }

    private static OpClasses classify(Trace trace) {
        long checked = 0;
        long free = 0;
        long statics = 0;
        long locals = 0;
        long unseen = 0;
        for (MethodMeta m : trace.methods()) {
            if (m == null) {
                continue;
            }
            MethodOps ops = trace.ops(m.id());
            for (int i = 0; i < ops.size(); i++) {
                byte k = ops.kinds()[i];
                if (MethodOps.local(k)) {
                    locals++;
                } else if ((k == MethodOps.STATIC_LOAD || k == MethodOps.STATIC_STORE) && !trace.staticsChecked()) {
                    statics++;
                } else if (k == MethodOps.UNSEEN_FIELD_STORE) {
                    unseen++;
                } else if (trace.checked(m.id(), i)) {
                    checked++;
                } else {
                    free++;
                }
            }
        }
        return new OpClasses(checked, free, statics, locals, unseen);
    }

    /** The summary of {@code trace}, with the {@code top} hottest subpaths of {@code length} events. */
    public static TraceSummary of(Trace trace, int length, int top) {
        if (length < 1) {
            throw new IllegalArgumentException("subpath length must be at least 1, got " + length);
        }
        return new TraceSummary(trace, length, top);
    }

    public Trace trace() {
        return trace;
    }

    public List<ThreadFigures> threads() {
        return threads;
    }

    /** Events by kind over every thread: enter, path, throw, catch, unwind, at, object, index. */
    public Map<String, Long> byKind() {
        return byKind;
    }

    /** The trace's ops by how their dependences are recovered. */
    public OpClasses ops() {
        return ops;
    }

    /** Checks the threads executed: their GEN and RUN events. */
    public long checksExecuted() {
        return byKind.getOrDefault(kindName(TraceEvent.GEN), 0L) + byKind.getOrDefault(kindName(TraceEvent.RUN), 0L);
    }

    public List<HotSubpath> hotSubpaths() {
        return hot;
    }

    /** Events per hot subpath. */
    public int subpathLength() {
        return length;
    }

    /** The method an event names, or null if the trace does not describe it. */
    public MethodMeta method(long event) {
        return trace.method(TraceEvent.method(event));
    }

    /** The source lines of the path a path or throw event ends (empty if unknown). */
    public int[] lines(long event) {
        int kind = TraceEvent.kind(event);
        MethodMeta m = method(event);
        if (m == null || m.edges().isEmpty() || kind != TraceEvent.PATH && kind != TraceEvent.THROW) {
            return new int[0];
        }
        PathDecoder d = decoders.computeIfAbsent(m.id(), x -> new PathDecoder(m));
        try {
            return d.decode(TraceEvent.value(event) & 0xffffffffL).lines();
        } catch (IllegalArgumentException e) {
            return new int[0];
        }
    }

    static List<String> kindNames() {
        return List.of("enter", "path", "throw", "catch", "unwind", "at", "object", "index", "gen", "run");
    }

    /** The name of an event kind, as reports write it. */
    public static String kindName(int kind) {
        return switch (kind) {
            case TraceEvent.ENTER -> "enter";
            case TraceEvent.PATH -> "path";
            case TraceEvent.THROW -> "throw";
            case TraceEvent.CATCH -> "catch";
            case TraceEvent.UNWIND -> "unwind";
            case TraceEvent.AT -> "at";
            case TraceEvent.OBJECT -> "object";
            case TraceEvent.INDEX -> "index";
            case TraceEvent.GEN -> "gen";
            case TraceEvent.RUN -> "run";
            default -> throw new IllegalArgumentException("event kind " + kind);
        };
    }

    private record Key(long[] events) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(events, k.events);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(events);
        }
    }
}
