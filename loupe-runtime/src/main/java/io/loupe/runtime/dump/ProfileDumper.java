package io.loupe.runtime.dump;

import io.loupe.data.Profile;
import io.loupe.data.ProfileHeader;
import io.loupe.data.deps.ContextNode;
import io.loupe.data.deps.Dependence;
import io.loupe.data.deps.DepsProfile;
import io.loupe.data.deps.LoopRecord;
import io.loupe.data.format.ProfileWriter;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.paths.PathCounts;
import io.loupe.data.paths.SlabForest;
import io.loupe.data.values.ValueSiteMeta;
import io.loupe.data.values.ValueSiteProfile;
import io.loupe.runtime.deps.DepMode;
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
import io.loupe.runtime.values.ValueCollector;
import io.loupe.runtime.values.ValueSiteRegistry;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Collects every thread's data and the registered metadata into a {@link Profile} and writes it
 * (to a temporary file, then renamed). Runs in a shutdown hook; threads still running at that
 * moment are read as they are.
 */
public final class ProfileDumper {

    private final Path out;
    private final String options;
    private final String version;

    public ProfileDumper(Path out, String options, String version) {
        this.out = out;
        this.options = options;
        this.version = version;
    }

    /** Registers a shutdown hook that dumps the profile at JVM exit. */
    public void installShutdownHook() {
        Thread hook = new Thread(this::dumpQuietly, "loupe-dump");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    private void dumpQuietly() {
        try {
            Profile p = collect();
            ProfileWriter.write(p, out);
            if (BlockTrace.used()) {
                Path trace = out.resolveSibling(out.getFileName() + ".blocks");
                BlockTrace.write(trace);
                Warnings.info("wrote block trace " + trace);
            }
            long instrumented = p.methods().stream().filter(m -> m.storage() != MethodMeta.Storage.NONE).count();
            List<String> parts = new ArrayList<>();
            if (!p.methods().isEmpty()) {
                parts.add(instrumented + " methods instrumented");
            }
            if (!p.valueSites().isEmpty()) {
                parts.add(p.valueSites().size() + " value sites");
            }
            if (p.deps().mode() != null) {
                parts.add(p.deps().sites().size() + " access sites, " + p.deps().dependences().size() + " dependences");
            }
            long threads = Math.max(Math.max(p.stats().getOrDefault("paths.threads", 0L),
                    p.stats().getOrDefault("values.threads", 0L)), p.stats().getOrDefault("deps.threads", 0L));
            parts.add(threads + (threads == 1 ? " thread" : " threads"));
            Long classes = p.stats().get("instrument.classes");
            if (classes != null) {
                parts.add("instrumenting " + classes + (classes == 1 ? " class" : " classes") + " took "
                        + p.stats().get("instrument.millis") + " ms");
            }
            Warnings.info("wrote " + out + " (" + String.join(", ", parts) + ")");
        } catch (IOException | RuntimeException e) {
            Warnings.info("could not write profile " + out + ": " + e);
        }
    }

    /** A snapshot of everything recorded so far. */
    public Profile collect() {
        int k = PathThread.k();
        List<PathThread> threads = PathThread.all();
        List<ClassSlots.Layout> layouts = ClassSlots.snapshot();
        Map<Integer, TreeMap<Long, Long>> merged = new TreeMap<>();
        List<SlabForest> forests = new ArrayList<>();
        long hashOps = 0;
        long streamItems = 0;
        long forestNodes = 0;
        long prunedNodes = 0;
        long prunes = 0;
        for (PathThread t : threads) {
            hashOps += t.hashOps();
            long[][] arrays = t.counterArrays();
            for (int m = 0; m < arrays.length; m++) {
                long[] a = arrays[m];
                if (a != null) {
                    for (int id = 0; id < a.length; id++) {
                        if (a[id] != 0) {
                            merged.computeIfAbsent(m, x -> new TreeMap<>()).merge((long) id, a[id], Long::sum);
                        }
                    }
                }
            }
            long[][] byClass = t.classCounterArrays();
            for (int key = 0; key < byClass.length && key < layouts.size(); key++) {
                long[] a = byClass[key];
                if (a == null) {
                    continue;
                }
                ClassSlots.Layout layout = layouts.get(key);
                for (int i = 0; i < layout.methods().length; i++) {
                    for (int id = 0; id < layout.sizes()[i]; id++) {
                        long c = a[layout.offsets()[i] + id];
                        if (c != 0) {
                            merged.computeIfAbsent(layout.methods()[i], x -> new TreeMap<>()).merge((long) id, c, Long::sum);
                        }
                    }
                }
            }
            PathTable[] tables = t.tables();
            for (int m = 0; m < tables.length; m++) {
                if (tables[m] != null) {
                    TreeMap<Long, Long> byId = merged.computeIfAbsent(m, x -> new TreeMap<>());
                    tables[m].forEach((id, count) -> byId.merge((long) id, count, Long::sum));
                }
            }
            KSlabForest f = t.forest();
            if (f != null && f.size() > 0) {
                streamItems += f.items();
                forestNodes += f.size();
                prunedNodes += f.prunedNodes();
                prunes += f.prunes();
                forests.add(f.snapshot(t.name(), k));
            }
        }
        // The methods are read after the counts: a method registers before its code first runs, so
        // every method counted above is described (read first, a class that loaded in between had
        // counts without metadata, which the reader refuses).
        List<MethodMeta> methods = MethodRegistry.snapshot();
        List<PathCounts> counts = new ArrayList<>();
        merged.forEach((m, byId) -> {
            long[] ids = new long[byId.size()];
            long[] cs = new long[byId.size()];
            int i = 0;
            for (Map.Entry<Long, Long> e : byId.entrySet()) {
                ids[i] = e.getKey();
                cs[i++] = e.getValue();
            }
            counts.add(new PathCounts(m, ids, cs));
        });
        Map<String, Long> stats = new LinkedHashMap<>();
        if (!methods.isEmpty() || !threads.isEmpty()) {   // path profiling (or the tracer) ran
            stats.put("paths.threads", (long) threads.size());
            stats.put("paths.methods", (long) methods.size());
            stats.put("paths.hashOps", hashOps);
        }
        if (k >= 2) {
            stats.put("paths.streamItems", streamItems);
            stats.put("paths.forestNodes", forestNodes);
            stats.put("paths.prunedNodes", prunedNodes);
            stats.put("paths.prunes", prunes);
        }
        List<ValueSiteMeta> valueSites = ValueSiteRegistry.snapshot();
        List<ValueSiteProfile> values = List.of();
        if (!valueSites.isEmpty()) {
            values = ValueCollector.collect(valueSites);
            stats.putAll(ValueCollector.stats(valueSites, values));
        }
        stats.putAll(InstrumentationClock.stats());
        DepsProfile deps = DepsProfile.EMPTY;
        DepProfiler depProfiler = Deps.profiler();
        if (depProfiler != null) {
            deps = collectDeps(depProfiler, stats);
        }
        ProfileHeader header = new ProfileHeader(version, System.currentTimeMillis(), options, k,
                System.getProperty("java.vm.name", "") + " " + System.getProperty("java.version", ""),
                System.getProperty("sun.java.command", ""));
        return new Profile(header, methods, counts, forests, stats, Warnings.all(), valueSites, values, deps);
    }

    /**
     * The dependence profile. The threads' data is read first: a recursion first seen while this
     * runs registers a pseudo-loop, which the registry's list read afterwards then has.
     */
    private static DepsProfile collectDeps(DepProfiler profiler, Map<String, Long> stats) {
        List<Dependence> dependences = profiler.dependences();
        List<LoopRecord> loops = profiler.loops();
        // the carried registers of the loops that ran (analysed now: DepRegistry.deferRegisters)
        DepRegistry.resolveRegisters(loops.stream().map(LoopRecord::loop).distinct().toList(), Warnings::warn);
        List<ContextNode> contexts = profiler.contexts();
        stats.put("deps.threads", (long) profiler.threadCount());
        stats.put("deps.accesses", profiler.accesses());
        stats.put("deps.contexts", (long) contexts.size());
        stats.put("deps.dependences", (long) dependences.size());
        // objects and arrays given a shadow during the run, in the map or in synthetic fields
        stats.put("deps.objects", profiler.heap().created() + ShadowField.created());
        stats.put("deps.fieldShadows", ShadowField.created());
        stats.put("deps.staticFields", (long) profiler.statics().size());
        profiler.warnings().forEach(Warnings::warn);
        String mode = profiler.mode() == DepMode.CAMP ? DepsProfile.CAMP : DepsProfile.LAMP;
        return new DepsProfile(mode, DepRegistry.sites(), DepRegistry.loops(), DepRegistry.calls(), contexts, loops,
                dependences);
    }
}
