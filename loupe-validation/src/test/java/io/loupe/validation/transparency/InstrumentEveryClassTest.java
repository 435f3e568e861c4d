package io.loupe.validation.transparency;

import io.loupe.data.Profile;
import io.loupe.data.deps.DepMode;
import io.loupe.data.trace.HeapEvents;
import io.loupe.data.paths.PathCounts;
import io.loupe.data.paths.SlabForest;
import io.loupe.instrument.ClassInstrumenter;
import io.loupe.instrument.InstrumentSettings;
import io.loupe.instrument.paths.PathSettings;
import io.loupe.instrument.values.ValueSettings;
import io.loupe.runtime.deps.Deps;
import io.loupe.runtime.dump.ProfileDumper;
import io.loupe.runtime.paths.PathThread;
import io.loupe.runtime.registry.MethodRegistry;
import io.loupe.runtime.sink.RuntimeSink;
import io.loupe.runtime.trace.TraceOutput;
import io.loupe.runtime.values.ValueCollector;
import io.loupe.runtime.values.ValueSiteRegistry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Transparency at the class-file level: every class of eleven real jars (commons-lang3, -math3,
 * -compress, -io, -codec, jackson-core and -databind, H2, LuaJ, XZ and ASM itself; class file
 * versions 47 to 55) is instrumented in-process, defined in a fresh class loader, verified and
 * initialized, and must fare exactly as its original did in the same loader setting.
 *
 * <p>Verification: the JVM verifies every class that a class loader other than the boot loader
 * defines (the default {@code -Xverify:remote}), so for these classes it is as strict as
 * {@code -Xverify:all}. Versions 51 and up are checked against their stack map frames with no
 * fall-back; the older ones (math3 and ASM are 49, LuaJ 47) by the type-inferring verifier.
 *
 * <p>Initialization runs the instrumented static initializers, so they call Loupe's runtime for
 * real. A static initializer may fail for reasons of its own (a missing optional dependency, no
 * native library): those outcomes are allowed, but only where the original class had the same.
 */
class InstrumentEveryClassTest {

    private static final AtomicInteger PASSES = new AtomicInteger();

    private static SortedMap<String, byte[]> subjects;
    private static Map<String, byte[]> support;
    private static URL[] jars;
    private static Map<String, LinkOutcome> originals;

    @BeforeAll
    static void readTheJarsAndLinkEveryOriginalClass() throws Exception {
        List<Path> subjectJars = TransparencyJars.in("subjects");
        List<Path> supportJars = TransparencyJars.in("support");
        subjects = JarClasses.read(subjectJars);
        support = JarClasses.read(supportJars);
        List<URL> urls = new ArrayList<>();
        for (Path jar : subjectJars) {
            urls.add(url(jar));
        }
        for (Path jar : supportJars) {
            urls.add(url(jar));
        }
        jars = urls.toArray(URL[]::new);
        originals = linkAll(subjects, 1).outcomes();
    }

    /**
     * The agent's defaults at k = 1 and k = 4, k = 1 with every emitter of Ball–Larus counting in
     * use, value profiling of every site kind alone, value profiling with k = 2 paths, dependence
     * profiling (alone, and with abstract interpretation's decisions and untraced copies), and the
     * whole-program trace with checks and with addresses.
     */
    static Stream<Named<InstrumentSettings>> settings() {
        return Stream.of(Named.of("k = 1", InstrumentSettings.paths(new PathSettings(1, 4096, false, false, false))),
                Named.of("k = 4", InstrumentSettings.paths(new PathSettings(4, 4096, false, false, true))),
                Named.of("k = 1, hash tables for all methods of two paths or more, single-path methods too",
                        InstrumentSettings.paths(new PathSettings(1, 1, true, false, true))),
                Named.of("values, every kind", InstrumentSettings.values(ValueSettings.all())),
                Named.of("k = 2 and values", new InstrumentSettings(new PathSettings(2, 4096, false, false, true),
                        ValueSettings.all())),
                Named.of("dependences", InstrumentSettings.depsAlone()),
                Named.of("dependences with abstract interpretation at loop entry", InstrumentSettings.depsWithAbsint()),
                Named.of("whole-program trace with checks", InstrumentSettings.paths(PathSettings.wholeProgramTrace(HeapEvents.CHECKS))),
                Named.of("whole-program trace with addresses", InstrumentSettings.paths(PathSettings.wholeProgramTrace(HeapEvents.ADDRESSES))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("settings")
    void everyInstrumentedClassPassesTheVerifierAndInitializesAsItsOriginalDid(InstrumentSettings settings) throws Exception {
        if (settings.deps() && Deps.profiler() == null) {
            Deps.configure(DepMode.CAMP);   // static initializers of instrumented classes record accesses
        }
        List<String> warnings = new ArrayList<>();
        List<String> crashes = new ArrayList<>();
        ClassInstrumenter instrumenter = new ClassInstrumenter(settings, warnings::add);
        SortedMap<String, byte[]> classes = new TreeMap<>();
        int firstId = MethodRegistry.snapshot().size();
        int firstSite = ValueSiteRegistry.size();
        long accessesBefore = settings.deps() ? Deps.profiler().accesses() : 0;
        boolean trace = settings.paths() != null && settings.paths().trace();
        long eventsBefore = TraceOutput.appended();
        int instrumented = 0;
        for (var e : subjects.entrySet()) {
            byte[] out = null;
            try {
                out = instrumenter.instrument(e.getValue(), RuntimeSink.INSTANCE);
            } catch (RuntimeException ex) {
                crashes.add(e.getKey() + ": " + ex);
            }
            instrumented += out != null ? 1 : 0;
            classes.put(e.getKey(), out != null ? out : e.getValue());
        }
        int endId = MethodRegistry.snapshot().size();
        int endSite = ValueSiteRegistry.size();
        int k = settings.paths() != null ? settings.paths().k() : 1;
        Pass pass = linkAll(classes, k);
        long ran = trace ? TraceOutput.appended() - eventsBefore
                : settings.paths() != null ? methodsWithRecordedPaths(firstId, endId, pass.thread())
                : settings.deps() ? Deps.profiler().accesses() - accessesBefore : sitesThatRan(firstSite, endSite);
        Map<String, LinkOutcome> linked = pass.outcomes();

        List<String> rejected = new ArrayList<>();
        List<String> changed = new ArrayList<>();
        Map<LinkOutcome.Kind, Integer> kinds = new EnumMap<>(LinkOutcome.Kind.class);
        for (var e : linked.entrySet()) {
            LinkOutcome now = e.getValue();
            LinkOutcome before = originals.get(e.getKey());
            kinds.merge(now.kind(), 1, Integer::sum);
            if (now.kind() == LinkOutcome.Kind.REJECTED) {
                rejected.add(e.getKey() + ": " + now.detail());
            } else if (now.kind() != before.kind()) {
                changed.add(e.getKey() + ": " + before.kind() + " " + before.detail() + " → " + now.kind() + " " + now.detail());
            }
        }
        long verified = linked.values().stream().filter(LinkOutcome::verified).count();
        String report = settings + ": " + subjects.size() + " classes, " + instrumented + " instrumented, "
                + verified + " verified; outcomes " + kinds + "; " + ran
                + (trace ? " trace events" : settings.paths() != null ? " methods with paths" : settings.deps() ? " heap accesses" : " value sites")
                + " recorded while initializing; "
                + warnings.size() + " warnings"
                + (warnings.isEmpty() ? "" : ":\n  " + String.join("\n  ", warnings));
        System.out.println(report);

        assertEquals(List.of(), crashes, "the instrumenter threw\n" + report);
        assertEquals(List.of(), rejected, "the JVM rejected instrumented classes\n" + report);
        assertEquals(List.of(), changed, "instrumented classes fared differently from their originals\n" + report);
        assertEquals(List.of(), warnings.stream().filter(w -> !KnownWarnings.isKnown(w)).toList(),
                "warnings of an unknown kind (a method left uninstrumented?)\n" + report);
        assertTrue(instrumented >= 3_000, report);
        assertTrue(verified >= 4_000, report);
        assertTrue(ran >= 300, "the instrumented static initializers hardly ran\n" + report);
    }

    /** Value sites with ids in [from, to) that recorded a value. */
    private static long sitesThatRan(int from, int to) {
        return ValueCollector.collect(ValueSiteRegistry.snapshot()).stream()
                .filter(p -> p.siteId() >= from && p.siteId() < to).count();
    }

    /** What linking every class did, on which thread. */
    private record Pass(Map<String, LinkOutcome> outcomes, String thread) {
    }

    /**
     * Loads, links and initializes every class in name order, in a fresh loader and on a fresh
     * thread: the thread's path recorder is created after {@link PathThread#configure}, so it
     * has a k-slab forest when {@code k >= 2}.
     */
    private static Pass linkAll(SortedMap<String, byte[]> classes, int k) throws Exception {
        Map<String, byte[]> all = new HashMap<>(support);
        all.putAll(classes);
        Set<String> names = classes.keySet();
        PathThread.configure(k, 4_000_000);
        ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "link-" + PASSES.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        try (ChildFirstClassLoader loader = new ChildFirstClassLoader(all, jars, InstrumentEveryClassTest.class.getClassLoader())) {
            return thread.submit(() -> {
                Map<String, LinkOutcome> outcomes = new TreeMap<>();
                for (String name : names) {
                    outcomes.put(name, LinkOutcome.link(name, loader));
                }
                return new Pass(outcomes, Thread.currentThread().getName());
            }).get(5, TimeUnit.MINUTES);
        } finally {
            thread.shutdownNow();
            PathThread.configure(1, 4_000_000);
        }
    }

    /**
     * How many of the methods with ids in {@code [from, to)} have paths recorded: Ball–Larus counts
     * from any thread, or k-slab forest nodes of the thread named {@code thread}.
     */
    private static long methodsWithRecordedPaths(int from, int to, String thread) {
        Profile recorded = new ProfileDumper(Path.of("unused"), "", "test").collect();
        Set<Integer> methods = new HashSet<>();
        for (PathCounts c : recorded.counts()) {
            methods.add(c.methodId());
        }
        for (SlabForest f : recorded.forests()) {
            if (f.thread().equals(thread)) {
                IntStream.of(f.method()).forEach(methods::add);
            }
        }
        return methods.stream().filter(id -> id >= from && id < to).count();
    }

    private static URL url(Path jar) throws MalformedURLException {
        return jar.toUri().toURL();
    }
}
