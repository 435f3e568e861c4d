package io.loupe.bench;

import io.loupe.analysis.recovery.DependenceRecovery;
import io.loupe.analysis.trace.DataQueue;
import io.loupe.analysis.trace.ReplayListener;
import io.loupe.data.format.TraceReader;
import io.loupe.data.trace.HeapEvents;
import io.loupe.data.trace.Sequitur;
import io.loupe.data.trace.Trace;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/**
 * How well two encodings of the eWPP's checks compress, measured offline on a trace with checks
 * (docs/trace.md, <i>With checks</i>): the checked accesses' outcomes are replayed (with the
 * dependence recovery, which tells each op's generations) and written again as two symbol
 * streams, each compressed with Sequitur as the runtime compresses a chunk:
 * <ul>
 * <li>{@code thread}: the first encoding (trace formats 3 and 4), a generation named by how many
 *     generations its thread began since;</li>
 * <li>{@code site}: the runtime's since format 5, a generation named by the access that began it and
 *     that access's instance:
 *     {@code latest(S)} when it is the latest, {@code delta(d)} when the checking access saw the
 *     same beginner last time, {@code d} instances on, else {@code site(S, back)}.</li>
 * </ul>
 * Only the checks' symbols: the control flow is the same under both. One line per trace:
 * checks, distinct symbols and the grammar's symbols under each encoding.
 *
 * <p>Run: {@code java -cp loupe-bench/target/classes:$(cat loupe-bench/target/bench.classpath)
 * io.loupe.bench.CheckEncodings FILE...}
 */
public final class CheckEncodings {

    private CheckEncodings() {
    }

    public static void main(String[] args) throws Exception {
        for (String a : args) {
            Trace trace = TraceReader.read(Path.of(a));
            if (trace.heapEvents() != HeapEvents.CHECKS) {
                System.out.println(a + ": not a trace with checks");
                continue;
            }
            Streams streams = new Streams();
            DependenceRecovery.recover(trace, trace.threads(), (t, r) -> new Observer(trace, r, streams));
            System.out.printf("%s: %,d checks; thread: %,d distinct, %,d grammar symbols; site: %,d distinct,"
                            + " %,d grammar symbols (%.2fx)%n", a, streams.checks,
                    streams.threadTerminals.size(), streams.thread.symbols(),
                    streams.siteTerminals.size(), streams.site.symbols(),
                    (double) streams.site.symbols() / streams.thread.symbols());
        }
    }

    /** The two symbol streams, over every thread one after the other. */
    private static final class Streams {
        final Sequitur thread = new Sequitur();
        final Sequitur site = new Sequitur();
        final Map<Long, Integer> threadTerminals = new HashMap<>();
        final Map<Long, Integer> siteTerminals = new HashMap<>();
        long checks;

        void add(long threadPayload, long sitePayload) {
            checks++;
            thread.append(threadTerminals.computeIfAbsent(threadPayload, k -> threadTerminals.size()));
            site.append(siteTerminals.computeIfAbsent(sitePayload, k -> siteTerminals.size()));
        }
    }

    /** One thread's replay: which op runs, in which method, and the generations it touches. */
    private static final class Observer implements DependenceRecovery.Observer {
        private final Trace trace;
        private final ReplayListener recovery;
        private final Streams out;
        private final Deque<Integer> methods = new ArrayDeque<>();
        private final Map<Long, Integer> sites = new HashMap<>();
        /** Per generation: the site that began it and its instance, site << 32 | instance. */
        private final Map<Long, Long> begun = new HashMap<>();
        /** Per generation: the thread's count of generations when it began. */
        private final Map<Long, Long> order = new HashMap<>();
        private final Map<Integer, Integer> instances = new HashMap<>();
        private final Map<Integer, Long> lastSeen = new HashMap<>();
        private long generations;
        private int op = -1;
        private boolean checked;

        Observer(Trace trace, ReplayListener recovery, Streams out) {
            this.trace = trace;
            this.recovery = recovery;
            this.out = out;
        }

        @Override
        public void enter(int method, int site) {
            enter(method, site, null);
        }

        @Override
        public void enter(int method, int site, DataQueue data) {
            recovery.enter(method, site, data);
            methods.push(method);
        }

        @Override
        public void block(int block) {
            recovery.block(block);
        }

        @Override
        public void leave() {
            recovery.leave();
        }

        @Override
        public void cut() {
            recovery.cut();
        }

        @Override
        public void end(boolean returned) {
            recovery.end(returned);
            methods.poll();
        }

        @Override
        public void closed() {
            methods.poll();
        }

        @Override
        public void op(int i) {
            Integer m = methods.peek();
            if (m == null) {
                op = -1;
                return;
            }
            checked = trace.checked(m, i);
            op = sites.computeIfAbsent((long) m << 32 | i, x -> sites.size());
        }

        @Override
        public void read(long a, long b) {
            if (!checked || op < 0) {
                return;
            }
            if (!begun.containsKey(a)) {   // the load begins the generation: NEW under both
                begin(a);
                out.add(0, 0);
                return;
            }
            check(a);
        }

        @Override
        public void write(long ended, long a, long b) {
            if (!checked || op < 0) {
                return;
            }
            if (ended < 0 || !begun.containsKey(ended)) {
                out.add(0, 0);
            } else {
                check(ended);
                begun.remove(ended);
                order.remove(ended);
            }
            begin(a);
        }

        @Override
        public void done(boolean ran) {
        }

        private void begin(long generation) {
            int n = instances.merge(op, 1, Integer::sum) - 1;
            begun.put(generation, (long) op << 32 | n);
            order.put(generation, generations++);
        }

        /** The check of a generation that exists, under both encodings. */
        private void check(long generation) {
            long thread = 1 + generations - order.get(generation);   // genOwn: how many began since, plus one
            long b = begun.get(generation);
            int site = (int) (b >>> 32);
            int k = (int) b;
            int back = instances.get(site) - 1 - k;
            Long last = lastSeen.put(op, b);
            long sitePayload;
            if (back == 0) {
                sitePayload = 1L << 56 | site;                                  // latest(S)
            } else if (last != null && (int) (last >>> 32) == site) {
                sitePayload = 2L << 56 | (k - (int) (long) last) & 0xffffffffL;  // delta(d)
            } else {
                sitePayload = 3L << 56 | (long) site << 28 | back;               // site(S, back)
            }
            out.add(thread, sitePayload);
        }
    }
}
