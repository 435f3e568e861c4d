package io.loupe.runtime.dump;

import io.loupe.data.Profile;
import io.loupe.data.ProfileHeader;
import io.loupe.data.StatKeys;
import io.loupe.data.deps.ContextNode;
import io.loupe.data.deps.DepMode;
import io.loupe.data.deps.Dependence;
import io.loupe.data.deps.AbsintProfile;
import io.loupe.data.deps.DepsProfile;
import io.loupe.data.deps.LoopRecord;
import io.loupe.data.format.ProfileWriter;
import io.loupe.data.meta.ClassSlotLayout;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.paths.PathCounts;
import io.loupe.data.paths.SlabForest;
import io.loupe.data.values.ValueSiteMeta;
import io.loupe.data.values.ValueSiteProfile;
import io.loupe.runtime.deps.DepProfiler;
import io.loupe.runtime.deps.DepRegistry;
import io.loupe.runtime.deps.Deps;
import io.loupe.runtime.deps.ShadowField;
import io.loupe.runtime.paths.KSlabForest;
import io.loupe.runtime.paths.PathTable;
import io.loupe.runtime.paths.PathThread;
import io.loupe.runtime.registry.ClassSlots;
import io.loupe.runtime.registry.InstrumentationClock;
import io.loupe.runtime.registry.MethodRegistry;
import io.loupe.runtime.trace.BlockTrace;
import io.loupe.runtime.trace.TraceOutput;
import io.loupe.runtime.values.ValueCollector;
import io.loupe.runtime.values.ValueSiteRegistry;

import java.io.IOException;
import java.nio.file.Path;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/**
 * Collects every thread's data and the registered metadata into a {@link Profile} and writes it
 * (to a temporary file, then renamed). Runs in a shutdown hook; threads still running at that
 * moment are read as they are.
 */
public final class ProfileDumper {

    private final Path out;
    private final String options;
    private final String version;
    private final List<Supplier<List<String>>> endChecks = new CopyOnWriteArrayList<>();
    /** What the profile held at the last reset of a live dump; null before the first ({@link #dumpLive}). */
    private Baseline baseline;
    /** True once the dump at exit has begun: a live dump after it would count again what it wrote. */
    private boolean exiting;

    public ProfileDumper(Path out, String options, String version) {
        this.out = out;
        this.options = options;
        this.version = version;
    }

    /**
     * Memory kept from agent start for the end of the run, in two halves. When the program's main
     * thread dies of {@code OutOfMemoryError} with its heap still full (data held in static
     * fields, other threads'), nothing is left for the JDK to print the error and run its
     * shutdown sequence, which then skips the shutdown hooks and so the dump: the first half is let
     * go then ({@link #releaseOnOutOfMemory}). The second is let go when the dump starts, for the
     * dump (docs/architecture.md, *The dump*).
     */
    private static volatile byte[] forShutdown;
    private static volatile byte[] forDump;

    /** Sets aside {@code bytes} of heap for the end of the run (the agent, at start). */
    public static void reserve(int bytes) {
        forShutdown = new byte[bytes / 2];
        forDump = new byte[bytes - bytes / 2];
    }

    /**
     * Makes the calling thread (the agent's: {@code main}'s) let go of half the reserve when it
     * dies of {@code OutOfMemoryError}, then handle the error as the JDK does for a thread without
     * a handler of its own: its thread group's {@code uncaughtException}, which hands it to the
     * default handler if the program set one and prints it otherwise. A program that sets the
     * thread's own handler replaces this one; the dump then still has the other half.
     */
    public static void releaseOnOutOfMemory() {
        Thread.currentThread().setUncaughtExceptionHandler((thread, e) -> {
            if (e instanceof OutOfMemoryError) {
                forShutdown = null;
            }
            thread.getThreadGroup().uncaughtException(thread, e);
        });
    }

    /**
     * The reserve for a heap of at most {@code maxHeap} bytes: 1/32 of it, at least 1 MiB, at most
     * 16 MiB. What the dump needs beyond the runtime's tables is bounded for dependences (streamed
     * a block of 1,024 at a time) and grows with the methods, value sites and forest nodes there
     * are, which a small heap has few of.
     */
    public static int reserveFor(long maxHeap) {
        return (int) Math.max(1 << 20, Math.min(16 << 20, maxHeap / 32));
    }

    /**
     * Registers a shutdown hook that dumps the profile at JVM exit. Its thread is made now, while
     * there is memory to make it.
     */
    public void installShutdownHook() {
        Thread hook = new Thread(this::dump, "loupe-dump");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /**
     * Adds a check run once when the program ends, before the profile is collected: each line it
     * returns becomes a warning (on stderr and in the profile), e.g. an include glob that matched
     * no class.
     */
    public void atEnd(Supplier<List<String>> check) {
        endChecks.add(check);
    }

    /**
     * The dump at exit. It never throws: a profile that cannot be written whole is written in part
     * (each part that could not be collected or written is named in a warning, and the stat
     * {@code dump.incomplete} counts them), and one that cannot be written at all is reported in
     * one line on stderr, whatever the reason, {@code OutOfMemoryError} included.
     */
    private synchronized void dump() {
        exiting = true;
        forShutdown = null;
        forDump = null;
        try {
            for (Supplier<List<String>> check : endChecks) {
                check.get().forEach(Warnings::warn);
            }
        } catch (Throwable t) {
            Warnings.warn("an end-of-run check failed: " + t);
        }
        if (TraceOutput.active()) {
            closeTrace();
            return;
        }
        Profile p = null;
        try {
            Collected c = collect(true, false, List.of());
            p = baseline == null ? c.profile() : baseline.since(c.profile(), c.forestThreads(), false);
            List<String> incomplete = ProfileWriter.writeSalvaging(p, out, ProfileDumper::lateWarnings);
            incomplete.forEach(Warnings::info);
            if (BlockTrace.used()) {
                Path trace = out.resolveSibling(out.getFileName() + ".blocks");
                BlockTrace.write(trace);
                Warnings.info("wrote block trace " + trace);
            }
            Warnings.info("wrote " + out + " (" + summary(p) + ")");
        } catch (Throwable t) {
            Warnings.info("could not write profile " + out + ": " + t);
            writeWhatIsLeft(p, t);
        }
    }

    /**
     * The end of a run with {@code profile=trace}: every thread's trace written and the end block
     * with the instrumenter's stats and the run's warnings; no profile (the trace file has all).
     */
    private static void closeTrace() {
        try {
            Map<String, Long> stats = new LinkedHashMap<>(InstrumentationClock.stats());
            Warnings.info(TraceOutput.close(stats, Warnings.all()));
        } catch (Throwable t) {
            Warnings.info("could not close the trace: " + t);
        }
    }

    /**
     * After a failed write: a profile of the header, stats and warnings alone, saying why the rest
     * is missing, so that the run leaves a readable file that says what happened.
     */
    private void writeWhatIsLeft(Profile failed, Throwable why) {
        try {
            List<String> warnings = new ArrayList<>(Warnings.all());
            warnings.add("profile incomplete: only the header, stats and warnings were written (" + why + ")");
            Map<String, Long> stats = failed != null ? failed.stats() : new LinkedHashMap<>();
            Profile left = new Profile(failed != null ? failed.header() : header(PathThread.k()), List.of(), List.of(),
                    List.of(), stats, warnings);
            ProfileWriter.writeSalvaging(left, out, List::of);
            Warnings.info("wrote " + out + " with its header, stats and warnings only");
        } catch (Throwable t) {
            Warnings.info("could not write even a partial profile " + out + ": " + t);
        }
    }

    /** The warnings known once the profile is written: the dependences' threads left out as they were read. */
    private static List<String> lateWarnings() {
        DepProfiler depProfiler = Deps.profiler();
        if (depProfiler == null) {
            return List.of();
        }
        List<String> late = depProfiler.warnings();
        late.forEach(Warnings::info);
        return late;
    }

    private static String summary(Profile p) {
        long instrumented = p.methods().stream().filter(m -> m.storage() != MethodMeta.Storage.NONE).count();
        List<String> parts = new ArrayList<>();
        if (!p.methods().isEmpty()) {
            parts.add(instrumented + " methods instrumented");
        }
        if (!p.valueSites().isEmpty()) {
            parts.add(p.valueSites().size() + " value sites");
        }
        if (p.deps().mode() != null) {
            parts.add(p.deps().sites().size() + " access sites, " + p.stats().getOrDefault(StatKeys.DEPS_DEPENDENCES, 0L)
                    + " dependences");
        }
        long threads = Math.max(Math.max(p.stats().getOrDefault(StatKeys.PATHS_THREADS, 0L),
                p.stats().getOrDefault(StatKeys.VALUES_THREADS, 0L)), p.stats().getOrDefault(StatKeys.DEPS_THREADS, 0L));
        parts.add(threads + (threads == 1 ? " thread" : " threads"));
        Long classes = p.stats().get(StatKeys.INSTRUMENT_CLASSES);
        if (classes != null) {
            parts.add("instrumenting " + classes + (classes == 1 ? " class" : " classes") + " took "
                    + p.stats().get(StatKeys.INSTRUMENT_MILLIS) + " ms");
        }
        return String.join(", ", parts);
    }

    /** A snapshot of everything recorded so far, read as at exit. */
    public Profile collect() {
        return collect(false, false, List.of()).profile();
    }

    /**
     * Copies of a recorder a live dump makes before it gives up on one whose thread keeps changing
     * it: a forest or a path table is copied whole each time.
     */
    private static final int LIVE_ATTEMPTS = 100;

    /**
     * Writes the profile of the running JVM to {@code file} (atomically: a temporary file renamed),
     * while its threads go on running; one live dump at a time, and none while the dump at exit
     * runs. The profile holds what was recorded since the last reset, or since the JVM started if
     * there was none; with {@code reset}, what it holds is then the new baseline, so that the next
     * profile (live or at exit) holds what happens after it (docs/live-dumps.md). Each thread's
     * recorders are copied in states they had ({@code Seqlock}); one that kept changing through
     * every copy is left out, named in a warning, and counted in the next profile. Returns a line
     * that says what was written.
     */
    public synchronized String dumpLive(Path file, boolean reset) throws IOException {
        if (exiting) {
            throw new IllegalStateException("the JVM is exiting: its profile is written at exit to " + out);
        }
        long start = System.nanoTime();
        List<String> leftOut = new ArrayList<>();
        Collected c = collect(false, true, leftOut);
        Profile now = c.profile();
        Profile out;
        if (baseline == null) {
            out = Baseline.tablesCut(now);
            if (reset) {
                baseline = new Baseline();
                baseline.since(now, c.forestThreads(), true);
            }
        } else {
            out = baseline.since(now, c.forestThreads(), reset);
        }
        ProfileWriter.write(out, file);
        long millis = (System.nanoTime() - start) / 1_000_000;
        return "wrote " + file + " in " + millis + " ms (" + summary(out) + (reset ? "; reset: the next profile starts here"
                : "") + ")";
    }

    /** A profile as collected, and the thread (its ordinal in {@link PathThread#all()}) of each of its forests. */
    private record Collected(Profile profile, int[] forestThreads) {
    }

    /** One part of the profile, collected. */
    private interface Part<T> {
        T collect();
    }

    /**
     * Collects a part; when salvaging, a part that fails ({@code OutOfMemoryError} among others) is
     * left empty and named in a warning, counted in the stat {@code dump.incomplete}, and the rest of the
     * profile is still collected.
     */
    private static <T> T part(boolean salvage, Map<String, Long> stats, String name, Part<T> part, T empty) {
        if (!salvage) {
            return part.collect();
        }
        try {
            return part.collect();
        } catch (Throwable t) {
            Warnings.warn("profile incomplete: " + name + " not collected (" + t + ")");
            stats.merge(StatKeys.DUMP_INCOMPLETE, 1L, Long::sum);
            return empty;
        }
    }

    /**
     * Everything recorded so far. At exit ({@code live} false) threads still running are read as
     * they are, and when {@code salvage} a part that fails is left out and named. A live dump
     * copies each thread's recorders in states they had, names in {@code leftOut} those it had to
     * leave out, and marks the profile ({@code dump.live}).
     */
    private Collected collect(boolean salvage, boolean live, List<String> leftOut) {
        int k = PathThread.k();
        List<PathThread> threads = PathThread.all();
        Map<String, Long> stats = new LinkedHashMap<>();
        List<String> liveWarnings = new ArrayList<>();
        List<PathCounts> counts = part(salvage, stats, "path counts", () -> pathCounts(threads, live, leftOut), List.of());
        Map<String, Long> forestStats = new LinkedHashMap<>();
        List<PathThread> withForest = part(salvage, stats, "k-path forests", () -> withForest(threads, k, forestStats),
                List.of());
        // The methods are read after the counts: a method registers before its code first runs, so
        // every method counted above is described (read first, a class that loaded in between had
        // counts without metadata, which the reader refuses).
        List<MethodMeta> methods = MethodRegistry.snapshot();
        List<SlabForest> forests;
        List<PathThread> forestOwners = withForest;
        if (live) {
            forests = new ArrayList<>();
            forestOwners = new ArrayList<>();
            for (PathThread t : withForest) {
                SlabForest f = t.forest().consistentSnapshot(t.name(), k, LIVE_ATTEMPTS);
                if (f == null) {
                    leftOut.add("the k-path forest of thread '" + t.name() + "'");
                } else {
                    forests.add(described(f, methods.size()));
                    forestOwners.add(t);
                }
            }
        } else {
            forests = forests(withForest, k, methods.size());
        }
        int[] forestThreads = new int[forestOwners.size()];
        for (int i = 0; i < forestThreads.length; i++) {
            forestThreads[i] = threads.indexOf(forestOwners.get(i));
        }
        if (!methods.isEmpty() || !threads.isEmpty()) {   // path profiling (or the tracer) ran
            stats.put(StatKeys.PATHS_THREADS, (long) threads.size());
            stats.put(StatKeys.PATHS_METHODS, (long) methods.size());
            long hashOps = 0;
            for (PathThread t : threads) {
                hashOps += t.hashOps();
            }
            stats.put(StatKeys.PATHS_HASH_OPS, hashOps);
            OpenActivations open = part(salvage, stats, "open activations", () -> OpenActivations.of(methods, live), null);
            if (open != null) {
                open.addTo(stats);
                if (salvage) {   // the dump's own collection: warn once, on stderr and in the profile
                    open.warnings().forEach(Warnings::warn);
                } else if (live) {   // in the profile only: a live dump prints nothing in the program's stderr
                    liveWarnings.addAll(open.warnings());
                }
            }
        }
        stats.putAll(forestStats);
        List<ValueSiteMeta> valueSites = ValueSiteRegistry.snapshot();
        List<ValueSiteProfile> values = List.of();
        if (!valueSites.isEmpty()) {
            List<String> sitesLeftOut = new ArrayList<>();
            values = part(salvage, stats, "value profiles", () -> ValueCollector.collect(valueSites, live, sitesLeftOut),
                    List.of());
            sitesLeftOut.forEach(site -> leftOut.add("value " + site));
            stats.putAll(ValueCollector.stats(valueSites, values));
        }
        stats.putAll(InstrumentationClock.stats());
        DepsProfile deps = DepsProfile.EMPTY;
        DepProfiler depProfiler = Deps.profiler();
        if (depProfiler != null) {
            deps = part(salvage, stats, "dependence profile", () -> collectDeps(depProfiler, stats, live, leftOut),
                    new DepsProfile(modeName(depProfiler.mode()), List.of(), List.of(),
                            List.of(), List.of(), List.of(), List.of()));
        }
        List<String> warnings = Warnings.all();
        if (live) {
            stats.put(StatKeys.DUMP_LIVE, 1L);
            stats.put(StatKeys.DUMP_LEFT_OUT, (long) leftOut.size());
            warnings = new ArrayList<>(warnings);
            warnings.addAll(liveWarnings);
            if (!leftOut.isEmpty()) {
                warnings.add("live dump: left out, as their threads kept changing them while they were copied (what they"
                        + " counted is in the next profile): " + String.join(", ", leftOut));
            }
        }
        return new Collected(new Profile(header(k), methods, counts, forests, stats, warnings, valueSites, values, deps),
                forestThreads);
    }

    private ProfileHeader header(int k) {
        return new ProfileHeader(version, System.currentTimeMillis(), options, k,
                System.getProperty("java.vm.name", "") + " " + System.getProperty("java.version", ""),
                System.getProperty("sun.java.command", ""));
    }

    /** Every thread's path counts, summed per method: counter arrays, class counter arrays, path tables. */
    private static List<PathCounts> pathCounts(List<PathThread> threads, boolean live, List<String> leftOut) {
        List<ClassSlotLayout> layouts = ClassSlots.snapshot();
        PathCountsMerger merged = new PathCountsMerger();
        for (PathThread t : threads) {
            long[][] arrays = t.counterArrays();
            for (int m = 0; m < arrays.length; m++) {
                long[] a = arrays[m];
                if (a != null) {
                    for (int id = 0; id < a.length; id++) {
                        merged.add(m, id, a[id]);
                    }
                }
            }
            long[][] byClass = t.classCounterArrays();
            for (int key = 0; key < byClass.length && key < layouts.size(); key++) {
                long[] a = byClass[key];
                if (a == null) {
                    continue;
                }
                ClassSlotLayout layout = layouts.get(key);
                for (int i = 0; i < layout.methods().length; i++) {
                    for (int id = 0; id < layout.sizes()[i]; id++) {
                        merged.add(layout.methods()[i], id, a[layout.offsets()[i] + id]);
                    }
                }
            }
            PathTable[] tables = t.tables();
            for (int m = 0; m < tables.length; m++) {
                if (tables[m] == null) {
                    continue;
                }
                if (!live) {
                    int method = m;
                    tables[m].forEach((id, count) -> merged.add(method, id, count));
                    continue;
                }
                long[][] entries = tables[m].copy(LIVE_ATTEMPTS);   // the owner may be growing it
                if (entries == null) {
                    leftOut.add("the path table of method " + m + " in thread '" + t.name() + "'");
                    continue;
                }
                for (int i = 0; i < entries[0].length; i++) {
                    merged.add(m, (int) entries[0][i], entries[1][i]);
                }
            }
        }
        return merged.counts();
    }

    /** The threads with a k-slab forest (k ≥ 2), and the forests' stats. */
    private static List<PathThread> withForest(List<PathThread> threads, int k, Map<String, Long> stats) {
        List<PathThread> withForest = new ArrayList<>();
        long streamItems = 0;
        long forestNodes = 0;
        long prunedNodes = 0;
        long prunes = 0;
        for (PathThread t : threads) {
            KSlabForest f = t.forest();
            if (f != null && f.size() > 0) {
                withForest.add(t);
                streamItems += f.items();
                forestNodes += f.size();
                prunedNodes += f.prunedNodes();
                prunes += f.prunes();
            }
        }
        if (k >= 2) {
            stats.put(StatKeys.PATHS_STREAM_ITEMS, streamItems);
            stats.put(StatKeys.PATHS_FOREST_NODES, forestNodes);
            stats.put(StatKeys.PATHS_PRUNED_NODES, prunedNodes);
            stats.put(StatKeys.PATHS_PRUNES, prunes);
        }
        return withForest;
    }

    /**
     * The threads' forests, each copied into the profile's form only when the list is read at its
     * position, by the writer, one at a time: the dump holds one copy (28 bytes a node) at a time,
     * not every thread's at once. Being copied after the method metadata was read, a copy drops
     * the trees of methods registered since ({@code described} methods were): they began to run
     * while the dump ran, and the metadata cannot describe them.
     */
    private static List<SlabForest> forests(List<PathThread> withForest, int k, int described) {
        return new AbstractList<>() {
            @Override
            public SlabForest get(int i) {
                PathThread t = withForest.get(i);
                return described(t.forest().snapshot(t.name(), k), described);
            }

            @Override
            public int size() {
                return withForest.size();
            }
        };
    }

    /** {@code f} without the nodes of methods {@code described} and above (a node's children share its method). */
    static SlabForest described(SlabForest f, int described) {
        int n = f.size();
        int kept = 0;
        for (int i = 0; i < n; i++) {
            kept += f.method()[i] < described ? 1 : 0;
        }
        if (kept == n) {
            return f;
        }
        int[] renumbered = new int[n];
        int[] parent = new int[kept];
        int[] method = new int[kept];
        int[] label = new int[kept];
        long[] count = new long[kept];
        for (int i = 0, j = 0; i < n; i++) {
            if (f.method()[i] >= described) {
                renumbered[i] = -1;
                continue;
            }
            renumbered[i] = j;
            parent[j] = f.parent()[i] < 0 ? -1 : renumbered[f.parent()[i]];
            method[j] = f.method()[i];
            label[j] = f.label()[i];
            count[j++] = f.count()[i];
        }
        return new SlabForest(f.thread(), f.k(), parent, method, label, count, f.pruned(), f.prunedCount());
    }

    /**
     * The dependence profile. The threads' data is read first: a recursion first seen while this
     * runs registers a pseudo-loop, which the registry's list read afterwards then has.
     */
    private static DepsProfile collectDeps(DepProfiler profiler, Map<String, Long> stats, boolean live,
                                           List<String> leftOut) {
        Set<Integer> threadsLeftOut = new TreeSet<>();
        // a live dump copies the dependences now: the profile is compared with a baseline before it is written
        List<Dependence> dependences = live ? new ArrayList<>(profiler.liveDependences(threadsLeftOut))
                : profiler.dependences();
        List<LoopRecord> loops = live ? profiler.loops(threadsLeftOut) : profiler.loops();
        // the carried registers of the loops that ran (analysed now: DepRegistry.deferRegisters)
        DepRegistry.resolveRegisters(loops.stream().map(LoopRecord::loop).distinct().toList(), Warnings::warn);
        List<ContextNode> contexts = profiler.contexts();
        stats.put(StatKeys.DEPS_THREADS, (long) profiler.threadCount());
        stats.put(StatKeys.DEPS_ACCESSES, profiler.accesses());
        stats.put(StatKeys.DEPS_CONTEXTS, (long) contexts.size());
        stats.put(StatKeys.DEPS_DEPENDENCES, (long) dependences.size());
        // objects and arrays given a shadow during the run, in the map or in synthetic fields
        stats.put(StatKeys.DEPS_OBJECTS, profiler.heap().created() + ShadowField.created());
        stats.put(StatKeys.DEPS_FIELD_SHADOWS, ShadowField.created());
        stats.put(StatKeys.DEPS_STATIC_FIELDS, (long) profiler.statics().size());
        stats.put(StatKeys.DEPS_DISTANCES, 1L);   // relations carry Dependence.NEAR
        AbsintProfile absint = live ? profiler.absint(threadsLeftOut) : profiler.absint();
        if (!threadsLeftOut.isEmpty()) {
            leftOut.add("dependences, loop records or nest counts of dependence threads " + threadsLeftOut);
        }
        return new DepsProfile(modeName(profiler.mode()), DepRegistry.sites(), DepRegistry.loops(), DepRegistry.calls(), contexts, loops,
                dependences, absint);
    }

    private static String modeName(DepMode mode) {
        return mode.id();
    }
}
