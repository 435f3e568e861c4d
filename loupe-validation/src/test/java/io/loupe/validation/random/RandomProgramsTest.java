package io.loupe.validation.random;

import io.loupe.analysis.kpaths.KPathForest;
import io.loupe.analysis.paths.PathDecoder;
import io.loupe.analysis.summary.MethodProfile;
import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.data.Profile;
import io.loupe.data.meta.MethodMeta;
import io.loupe.instrument.ClassInstrumenter;
import io.loupe.instrument.paths.PathSettings;
import io.loupe.runtime.dump.ProfileDumper;
import io.loupe.runtime.paths.PathThread;
import io.loupe.runtime.sink.RuntimeSink;
import io.loupe.runtime.trace.BlockTrace;
import io.loupe.validation.support.BlockTraceOracle;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Random methods with arbitrary control flow — loops entered anywhere, switches, exceptions caught
 * and uncaught — instrumented in-process and run: their path counts and k-paths must equal what
 * the naive block tracer saw on a second copy of the same class run on the same inputs. This
 * exercises every probe placement (inline, trampolines, switch cases, handler entries), run-length
 * encoding and its catch-all flush, far beyond what javac emits.
 */
class RandomProgramsTest {

    private static final AtomicInteger NAMES = new AtomicInteger();

    @Property(tries = 150)
    void randomMethodsProfileExactlyWhatTheBlockTracerSees(@ForAll long seed,
                                                          @ForAll @IntRange(min = 2, max = 16) int blocks,
                                                          @ForAll @IntRange(min = 1, max = 4) int k,
                                                          @ForAll boolean runLength) throws Exception {
        int n = NAMES.incrementAndGet();
        String profiled = "io/loupe/validation/random/gen/Profiled" + n;
        String traced = "io/loupe/validation/random/gen/Traced" + n;
        List<String> warnings = new ArrayList<>();
        byte[] a = new ClassInstrumenter(new PathSettings(k, 4096, true, false, runLength), warnings::add)
                .instrument(RandomPrograms.generate(profiled, seed, blocks), RuntimeSink.INSTANCE);
        byte[] b = new ClassInstrumenter(new PathSettings(1, 4096, true, true, false), warnings::add)
                .instrument(RandomPrograms.generate(traced, seed, blocks), RuntimeSink.INSTANCE);
        assertEquals(List.of(), warnings);
        assertNotNull(a);

        // A fresh thread: k is read when a thread's recorder is created.
        PathThread.configure(k, 1 << 20);
        Throwable[] failure = new Throwable[1];
        Thread runner = new Thread(() -> {
            try {
                Method pm = define(profiled, a).getMethod("run", int.class);
                Method tm = define(traced, b).getMethod("run", int.class);
                for (int input = 0; input < 40; input++) {
                    assertEquals(outcome(tm, input * 7919 + (int) seed), outcome(pm, input * 7919 + (int) seed));
                }
            } catch (Throwable t) {
                failure[0] = t;
            }
        });
        runner.start();
        runner.join();
        if (failure[0] != null) {
            throw new AssertionError(failure[0]);
        }

        Profile profile = new ProfileDumper(Path.of("unused"), "", "test").collect();
        Path trace = Files.createTempFile("loupe-random", ".blocks");
        try {
            BlockTrace.write(trace);
            BlockTraceOracle oracle = BlockTraceOracle.read(trace, profile);
            MethodMeta pmeta = method(profile, profiled);
            String tsig = BlockTraceOracle.signature(method(profile, traced));
            MethodProfile mp = ProfileSummary.of(profile).methods().stream()
                    .filter(x -> x.id() == pmeta.id()).findFirst().orElse(null);
            PathDecoder decoder = new PathDecoder(pmeta);
            Map<List<List<Integer>>, Long> expected = oracle.nGramCounts(tsig, k);
            assertFalse(expected.isEmpty(), "the block tracer saw no path of " + tsig);
            Map<List<List<Integer>>, Long> actual = new HashMap<>();
            if (mp != null) {
                KPathForest f = mp.kpaths();
                f.forEachPath(p -> {
                    List<List<Integer>> seq = new ArrayList<>();
                    for (long id : p.ids()) {
                        seq.add(Arrays.stream(decoder.decode(id).blocks()).boxed().toList());
                    }
                    actual.merge(seq, p.count(), Long::sum);
                });
            }
            if (!expected.equals(actual)) {
                fail("seed " + seed + ", " + blocks + " blocks, k " + k + ", run-length " + runLength
                        + ": expected " + expected + " but profiled " + actual);
            }
        } finally {
            Files.deleteIfExists(trace);
        }
    }

    private static String outcome(Method m, int input) throws IllegalAccessException {
        try {
            return "returned " + m.invoke(null, input);
        } catch (InvocationTargetException e) {
            return "threw " + e.getCause().getClass().getName();
        }
    }

    private static MethodMeta method(Profile p, String internalName) {
        String name = internalName.replace('/', '.');
        return p.methods().stream().filter(m -> m.className().equals(name) && m.name().equals("run"))
                .findFirst().orElseThrow();
    }

    private static Class<?> define(String internalName, byte[] bytes) throws ClassNotFoundException {
        String name = internalName.replace('/', '.');
        ClassLoader loader = new ClassLoader(RandomProgramsTest.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(String n) throws ClassNotFoundException {
                if (n.equals(name)) {
                    return defineClass(n, bytes, 0, bytes.length);
                }
                throw new ClassNotFoundException(n);
            }
        };
        return Class.forName(name, true, loader);
    }
}
