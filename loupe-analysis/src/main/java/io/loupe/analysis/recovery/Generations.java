package io.loupe.analysis.recovery;

import io.loupe.data.deps.DepType;
import io.loupe.data.trace.TraceEvent;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The generations of heap locations as the recovery replays the checks of a trace
 * ({@code trace.heap=checks}; docs/trace.md, <i>Checks</i>). A generation is named by a key, its
 * thread's number, the heap access site that began it and that site's instance on the thread
 * ({@link #key}); it knows the store
 * that began it (none if a load of a location nothing had stored began it), the distinct ops that
 * loaded in it and the stores that ended it. From these the dependences come out as the dependence
 * profiler counts them, without a location: a load has a RAW from its generation's store; a store
 * a WAW from the store that began the generation it ends and a WAR from each distinct op that
 * loaded in it, once per execution of the store.
 *
 * <p>Threads are replayed one after another, and a thread's trace has no order with another's:
 * a reference to another thread's generation not replayed yet waits until every thread has been
 * ({@link #finish}), and is then applied with the others' loads first — every load of a generation
 * came before the store that ended it. A load applied after a store ended its generation gets
 * that store's WAR then. With one thread, an ended generation is dropped at once (no reference can
 * reach it any more); with several, every generation is kept until the end.
 */
final class Generations {

    /** One generation: its beginning, its loaders, its enders; instructions packed {@code method << 32 | op}. */
    private static final class Generation {
        final long begin;   // the store that began it, or -1
        long loader;        // the first loader, when loaderCount > 0
        long[] more;        // the loaders after it
        int loaderCount;
        long[] enders;
        int enderCount;

        Generation(long begin) {
            this.begin = begin;
        }

        long loader(int i) {
            return i == 0 ? loader : more[i - 1];
        }

        boolean addLoader(long insn) {
            for (int i = 0; i < loaderCount; i++) {
                if (loader(i) == insn) {
                    return false;
                }
            }
            if (loaderCount == 0) {
                loader = insn;
            } else {
                if (more == null) {
                    more = new long[2];
                } else if (loaderCount - 1 == more.length) {
                    more = Arrays.copyOf(more, more.length * 2);
                }
                more[loaderCount - 1] = insn;
            }
            loaderCount++;
            return true;
        }

        void addEnder(long insn) {
            if (enders == null) {
                enders = new long[1];
            } else if (enderCount == enders.length) {
                enders = Arrays.copyOf(enders, enderCount * 2);
            }
            enders[enderCount++] = insn;
        }
    }

    /** A reference that waits for its generation's thread to be replayed. */
    private record Waiting(long key, long insn, boolean store, int thread, RecoveredDependence.RecoveredBy by) {
    }

    private final LongMap<Generation> generations = new LongMap<>();
    private final List<Waiting> waiting = new ArrayList<>();
    private final DependenceTable table;
    private final boolean keepAll;
    long unresolved;   // references to a generation the trace never began (a cut prefix, a race)
    long crossThread;  // references to another thread's generation

    Generations(DependenceTable table, boolean keepAll) {
        this.table = table;
        this.keepAll = keepAll;
    }

    /** The key of the generation site {@code site} began on thread {@code thread}, its {@code instance}-th there. */
    static long key(int thread, int site, int instance) {
        return TraceEvent.generation(thread, site, instance);
    }

    static int thread(long key) {
        return TraceEvent.generationThread(key);
    }

    /** The key {@code step} instances of its site after {@code key}'s, on its thread. */
    static long step(long key, int step) {
        return key(thread(key), TraceEvent.generationSite(key), TraceEvent.generationInstance(key) + step);
    }

    /** A load of {@code insn} on thread {@code thread} began generation {@code key}: its location had none. */
    void begunByLoad(long key, long insn) {
        Generation g = new Generation(-1);
        g.addLoader(insn);
        generations.put(key, g);
    }

    /** A store of {@code insn} began generation {@code key}. */
    void begunByStore(long key, long insn) {
        generations.put(key, new Generation(insn));
    }

    /** A load of {@code insn}, on thread {@code thread}, in generation {@code key}. */
    void load(long key, long insn, int thread, RecoveredDependence.RecoveredBy by) {
        Generation g = find(key, insn, false, thread, by);
        if (g != null) {
            load(g, insn, thread, by);
        }
    }

    private void load(Generation g, long insn, int thread, RecoveredDependence.RecoveredBy by) {
        if (g.begin >= 0) {
            table.add(DepType.RAW, RecoveredDependence.Memory.HEAP, g.begin, insn, by, thread);
        }
        if (g.addLoader(insn)) {
            for (int i = 0; i < g.enderCount; i++) {
                table.add(DepType.WAR, RecoveredDependence.Memory.HEAP, insn, g.enders[i], by, thread);
            }
        }
    }

    /** A store of {@code insn}, on thread {@code thread}, ends generation {@code key}. */
    void end(long key, long insn, int thread, RecoveredDependence.RecoveredBy by) {
        Generation g = find(key, insn, true, thread, by);
        if (g != null) {
            end(g, insn, thread, by);
            if (!keepAll) {
                generations.remove(key);
            }
        }
    }

    private void end(Generation g, long insn, int thread, RecoveredDependence.RecoveredBy by) {
        for (int i = 0; i < g.loaderCount; i++) {
            table.add(DepType.WAR, RecoveredDependence.Memory.HEAP, g.loader(i), insn, by, thread);
        }
        if (g.begin >= 0) {
            table.add(DepType.WAW, RecoveredDependence.Memory.HEAP, g.begin, insn, by, thread);
        }
        g.addEnder(insn);
    }

    private Generation find(long key, long insn, boolean store, int thread, RecoveredDependence.RecoveredBy by) {
        Generation g = generations.get(key);
        if (thread(key) != TraceEvent.generationThreadOf(thread)) {
            crossThread++;
            if (g == null) {
                waiting.add(new Waiting(key, insn, store, thread, by));
            }
        } else if (g == null) {
            unresolved++;
        }
        return g;
    }

    /** Once every thread is replayed: the references that waited for theirs, loads first. */
    void finish() {
        for (boolean stores : new boolean[] {false, true}) {
            for (Waiting w : waiting) {
                if (w.store != stores) {
                    continue;
                }
                Generation g = generations.get(w.key);
                if (g == null) {
                    unresolved++;
                } else if (stores) {
                    end(g, w.insn, w.thread, w.by);
                } else {
                    load(g, w.insn, w.thread, w.by);
                }
            }
        }
        waiting.clear();
    }

    /** Generations held. */
    int size() {
        return generations.size();
    }
}
