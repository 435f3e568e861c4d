package io.loupe.instrument.values;

import io.loupe.data.meta.LoopMeta;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.values.SiteKind;
import io.loupe.data.values.ValueSiteMeta;
import io.loupe.data.values.ValueSiteProfile;
import io.loupe.instrument.ClassInstrumenter;
import io.loupe.instrument.DefiningLoader;
import io.loupe.instrument.InstrumentSettings;
import io.loupe.instrument.emit.CodeSizes;
import io.loupe.instrument.flow.ControlFlowGraph;
import io.loupe.instrument.flow.Dominators;
import io.loupe.instrument.flow.LoopForest;
import io.loupe.instrument.paths.PathSettings;
import io.loupe.instrument.values.samples.Kinds;
import io.loupe.instrument.values.samples.LateBranches;
import io.loupe.instrument.values.samples.Locked;
import io.loupe.instrument.values.samples.LongLoops;
import io.loupe.instrument.values.samples.Shapes;
import io.loupe.runtime.registry.MethodRegistry;
import io.loupe.runtime.sink.RuntimeSink;
import io.loupe.runtime.values.ValueCollector;
import io.loupe.runtime.values.ValueConfig;
import io.loupe.runtime.values.ValueProfiler;
import io.loupe.runtime.values.ValueSiteRegistry;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.util.CheckClassAdapter;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Instrumented classes pass ASM's verifier and the JVM's, run as before, and the runtime records
 * at each site the values the program saw.
 */
class ValueInstrumentationTest {

    private static final InstrumentSettings VALUES = InstrumentSettings.values(ValueSettings.all());
    /** All kinds of site, convergent profiling. */
    private static final InstrumentSettings CONVERGENT =
            InstrumentSettings.values(new ValueSettings(EnumSet.allOf(SiteKind.class), true));
    private static final InstrumentSettings PATHS_AND_VALUES =
            new InstrumentSettings(new PathSettings(1, 4096, true, false, false), ValueSettings.all());

    @Test
    void everyPrimitiveTypeAndNullAreRecordedAtParametersAndLocals() throws Exception {
        Instrumented k = Instrumented.of(Kinds.class, VALUES);
        Object[] args = {5, 6L, 1.5f, 2.5d, 'x', true, (byte) 7, (short) 8, null};
        assertEquals(Kinds.primitives(5, 6L, 1.5f, 2.5d, 'x', true, (byte) 7, (short) 8, null),
                k.call("primitives", null, args));
        List<String> expected = List.of("5", "6", "1.5", "2.5", "'x'", "true", "7", "8", "null",
                "6", "12", "0.75", "1.5", "'x'", "true", "7", "8", "null");
        List<ValueSiteMeta> sites = k.sites("primitives");
        assertEquals(18, sites.size());
        for (int i = 0; i < sites.size(); i++) {
            assertEquals(List.of(expected.get(i)), k.values(sites.get(i)), sites.get(i).toString());
        }
    }

    @Test
    void fieldsArrayElementsAndReturnedValuesAreRecorded() throws Exception {
        Instrumented k = Instrumented.of(Kinds.class, VALUES);
        Object kinds = k.type.getConstructor(int.class, double.class).newInstance(4, 2.0);
        assertEquals(3 + 4 + 2 + 5, k.call("fields", kinds));
        assertEquals(List.of("3"), k.values(k.site("fields", SiteKind.FIELD, 0)));
        assertEquals(List.of("2.0"), k.values(k.site("fields", SiteKind.FIELD, 1)));
        assertEquals(List.of("java.lang.String"), k.values(k.site("fields", SiteKind.FIELD, 2)));
        assertEquals(List.of("java.lang.String"), k.values(k.site("fields", SiteKind.LOCAL, 2)));
        assertEquals(List.of("5"), k.values(k.site("fields", SiteKind.RETURN, 0)));

        k.call("arrays", null, new int[] {1}, new long[] {2}, new float[] {3.5f}, new double[] {4.5}, new byte[] {-5},
                new char[] {'c'}, new short[] {6}, new boolean[] {true}, new String[] {"abc"});
        List<String> elements = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            elements.addAll(k.values(k.site("arrays", SiteKind.ARRAY, i)));
        }
        assertEquals(List.of("1", "2", "3.5", "4.5", "-5", "'c'", "6", "1", "java.lang.String"), elements,
                "a boolean[] element is loaded by baload: a byte");

        assertEquals(6 + 7, k.call("calls", kinds, "abcdef", new StringBuilder("xy")));
        assertEquals(List.of("6"), k.values(k.site("calls", SiteKind.RETURN, 2)), "Math.max");
        assertEquals(List.of("12"), k.values(k.site("calls", SiteKind.RETURN, 3)), "the private twice");
    }

    @Test
    void iincSitesRecordTheValueAfterTheIncrement() throws Exception {
        Instrumented k = Instrumented.of(Kinds.class, VALUES);
        assertEquals(6, k.call("loop", null, 4));
        List<ValueSiteMeta> locals = k.sites("loop").stream().filter(s -> s.kind() == SiteKind.LOCAL).toList();
        assertEquals(List.of("0"), k.values(locals.get(1)), "i = 0");
        assertEquals(List.of("1", "2", "3", "4"), sorted(k.values(locals.get(3))), "i++");
        assertEquals(4, k.profile(locals.get(3)).executed());
        assertEquals(List.of("0", "1", "3", "6"), sorted(k.values(locals.get(2))), "sum += i");
    }

    @Test
    void ternariesNullsAndCaughtExceptionsRun() throws Exception {
        Instrumented k = Instrumented.of(Kinds.class, VALUES);
        assertEquals(1 + 10, k.call("ternary", null, true, 10, 20));
        assertEquals(2 + 20, k.call("ternary", null, false, 10, 20));
        assertEquals(List.of("1", "2"), sorted(k.values(k.site("ternary", SiteKind.LOCAL, 0))));
        assertNull(k.call("nulls", null, (Object) null));
        assertEquals(List.of("null"), k.values(k.site("nulls", SiteKind.PARAM, 0)));
        assertEquals(List.of("null"), k.values(k.site("nulls", SiteKind.LOCAL, 0)));
        assertEquals(-2, k.call("parse", null, "x"));
        assertEquals(12, k.call("parse", null, "12"));
        assertEquals(List.of("java.lang.NumberFormatException"), k.values(k.site("parse", SiteKind.LOCAL, 0)));
        assertEquals("exception", k.site("parse", SiteKind.LOCAL, 0).producer());
    }

    @Test
    void constructorsAndStaticInitializersRun() throws Exception {
        Instrumented s = Instrumented.of(Shapes.class, VALUES);
        assertArrayEquals(new int[] {0, 1, 4, 9, 16}, (int[]) s.type.getField("SQUARES").get(null));
        assertEquals(List.of("[I"), s.values(s.site("<clinit>", SiteKind.LOCAL, 0)));
        Constructor<?> c = s.type.getConstructor(int.class);
        Object shape = c.newInstance(3);
        assertEquals(6, s.type.getField("x").get(shape));
        List<ValueSiteMeta> byPoint = s.sites("<init>");
        assertEquals("(II)V", byPoint.get(0).desc());
        assertEquals(List.of("6"), s.values(byPoint.get(0)));
        assertEquals(List.of("3"), s.values(byPoint.get(1)));
        assertEquals(List.of("3"), s.values(byPoint.get(2)), "side, before this(…)");
        assertEquals(List.of("6"), s.values(byPoint.get(3)), "twice(side), before this(…)");
        assertTrue(s.call("producers", null, "str", new int[] {9, 8}, 4L, 0.5) instanceof Long);
        List<ValueSiteMeta> locals = s.sites("producers").stream().filter(x -> x.kind() == SiteKind.LOCAL).toList();
        assertEquals(List.of("java.lang.String"), s.values(locals.get(1)), "the cast");
        assertEquals(List.of("9"), s.values(locals.get(4)), "widened");
        assertEquals(List.of("2"), s.values(locals.get(5)), "length");
    }

    @Test
    void pathsAndValuesTogetherVerifyRunAndRecordBoth() throws Exception {
        int methodsBefore = MethodRegistry.snapshot().size();
        Instrumented k = Instrumented.of(Kinds.class, PATHS_AND_VALUES);
        List<MethodMeta> methods = MethodRegistry.snapshot().subList(methodsBefore, MethodRegistry.snapshot().size());
        assertEquals(Arrays.stream(Kinds.class.getDeclaredMethods()).count() + Kinds.class.getDeclaredConstructors().length + 1,
                methods.size(), "every method with code, <clinit> included");
        assertTrue(methods.stream().anyMatch(m -> m.name().equals("loop") && m.storage() != MethodMeta.Storage.NONE));
        assertEquals(6, k.call("loop", null, 4));
        assertEquals(-2, k.call("parse", null, "x"));
        assertEquals(11, k.call("ternary", null, true, 10, 20));
        assertEquals(List.of("1", "2", "3", "4"),
                sorted(k.values(k.sites("loop").stream().filter(s -> s.kind() == SiteKind.LOCAL).toList().get(3))));
        Instrumented s = Instrumented.of(Shapes.class, PATHS_AND_VALUES);
        s.type.getConstructor(int.class).newInstance(3);
        assertEquals(List.of("[I"), s.values(s.site("<clinit>", SiteKind.LOCAL, 0)));
        Instrumented u = Instrumented.of(Uninitialized.NAME.replace('/', '.'), Uninitialized.classBytes(), PATHS_AND_VALUES);
        assertNotNull(u.call("make", null));
    }

    @Test
    void valuesAloneReserveNoMethodIdsAndAddNoMembers() throws Exception {
        int methodsBefore = MethodRegistry.snapshot().size();
        Instrumented k = Instrumented.of(Kinds.class, VALUES);
        assertEquals(methodsBefore, MethodRegistry.snapshot().size());
        ClassNode cn = Bytecode.classNode(k.bytes);
        assertTrue(cn.fields.stream().noneMatch(f -> f.name.startsWith("$loupe$")));
        assertTrue(cn.methods.stream().noneMatch(m -> m.name.startsWith("$loupe$")));
        assertEquals(List.of(), k.warnings);
    }

    /** Full profiling counts runs (Values.fullX); convergent profiling goes through the gate (onX). */
    @Test
    void theProbesCallWhatTheModeNeeds() throws Exception {
        Instrumented full = Instrumented.of(Kinds.class, VALUES);
        Instrumented convergent = Instrumented.of(Kinds.class, CONVERGENT);
        assertEquals(List.of("fullDouble", "fullFloat", "fullInt", "fullLong", "fullRef"), recordingCalls(full.bytes));
        // quiet methods call the gates; the constructor and twice (one probe, no loop) are guarded
        // a loop with sites switches through atLoopOf (a loop not yet run wakes its quiet method)
        // blocks of sites past the first branch check that they have run their probes (quietBlock)
        assertEquals(List.of("atLoopOf", "guarded", "guardedDouble", "guardedInt", "onDouble", "onFloat", "onInt", "onLong",
                "onRef", "probed", "quiet", "quietBlock", "quietEntry", "quietLap"), recordingCalls(convergent.bytes));
        assertEquals(Kinds.primitives(1, 2L, 3f, 4d, 'c', false, (byte) 5, (short) 6, "s"),
                convergent.call("primitives", null, 1, 2L, 3f, 4d, 'c', false, (byte) 5, (short) 6, "s"));
        assertEquals(List.of("1"), convergent.values(convergent.site("primitives", SiteKind.PARAM, 0)));
    }

    /**
     * Quiet methods (convergent profiling): methods with more than one probe, or a loop, carry a
     * copy of their original code, entered by a check at the very start. Handlers, a loop at offset
     * 0 and uninitialized objects verify and run; once the sites converge the copy
     * runs and computes what the original code computes, and sites run a fixed number of times per
     * activation are still counted exactly.
     */
    @Test
    void quietMethodsVerifyRunAndComputeWhatTheOriginalComputes() throws Exception {
        withFastConvergence(() -> {
            Instrumented k = Instrumented.of(Kinds.class, CONVERGENT);
            Instrumented s = Instrumented.of(Shapes.class, CONVERGENT);
            Instrumented c = Instrumented.of("io.loupe.instrument.values.generated.Countdown", countdown(), CONVERGENT);
            Instrumented u = Instrumented.of(Uninitialized.NAME.replace('/', '.'), Uninitialized.classBytes(), CONVERGENT);
            // all but twice (one probe, no loop), nothing and <clinit> (no sites), and the constructor;
            // in Shapes not the static initializer either, nor twice
            assertEquals(List.of("arrays", "calls", "fields", "loop", "nulls", "parse", "primitives", "ternary"),
                    quietMethods(k));
            assertEquals(List.of("deep", "producers", "reassigned"), quietMethods(s));
            assertEquals(List.of("countdown"), quietMethods(c));
            for (MethodNode m : Bytecode.classNode(k.bytes).methods) {
                AbstractInsnNode first = m.instructions.getFirst();
                while (first.getOpcode() < 0) {
                    first = first.getNext();
                }
                boolean quiet = recordingCalls(m).stream().anyMatch(n -> n.startsWith("quiet"));
                // the check comes first, before the thread's recorders are fetched (only the probed code needs them)
                assertEquals(quiet, first.getNext() instanceof MethodInsnNode call && call.name.startsWith("quiet"),
                        m.name);
                assertEquals(quiet, recordingCalls(m).contains("probed"), m.name);
            }
            long quietBefore = quietActivations();
            int calls = 20_000;
            Object kinds = k.type.getConstructor(int.class, double.class).newInstance(4, 2.5);
            for (int i = 0; i < calls; i++) {
                assertEquals(Kinds.loop(i % 7), k.call("loop", null, i % 7));
                assertEquals(Kinds.primitives(i, 2L, 3f, 4d, 'c', i % 2 == 0, (byte) 5, (short) 6, null),
                        k.call("primitives", null, i, 2L, 3f, 4d, 'c', i % 2 == 0, (byte) 5, (short) 6, null));
                assertEquals(Kinds.parse(i % 3 == 0 ? "x" : "12"), k.call("parse", null, i % 3 == 0 ? "x" : "12"));
                assertEquals(new Kinds(4, 2.5).calls("ab", "c"), k.call("calls", kinds, "ab", "c"));
                assertEquals(6, s.type.getField("x").get(s.type.getConstructor(int.class).newInstance(3)));
                assertEquals(0, c.call("countdown", null, 5));
                assertNotNull(u.call("make", null));
            }
            assertTrue(quietActivations() - quietBefore > calls, "the quiet copies ran");
            assertEquals(calls, k.profile(k.site("loop", SiteKind.PARAM, 0)).executed());
            assertEquals(5L * calls, c.profile(c.site("countdown", SiteKind.LOCAL, 0)).executed());
            assertEquals(calls, k.profile(k.site("primitives", SiteKind.PARAM, 8)).executed());
            assertEquals(List.of("null"), k.values(k.site("primitives", SiteKind.PARAM, 8)));
        });
    }

    /**
     * Quiet methods switch versions at the headers of their outermost loops too: an activation that
     * runs long in a loop goes quiet when its sites converge and back to its probes when the quiet
     * period ends, so back-off still catches a value that changes phase half-way through one
     * activation. Quiet iterations are credited to the sites in the loop at their executions per
     * iteration (a site run once per iteration is counted to within rounding), quiet activations to
     * the others at theirs (a parameter stays exact). Inner loops do not switch; a constructor with
     * a loop gets a copy; every loop of the instrumented code, one at offset 0 included, stays
     * reducible (C2 gives up on irreducible ones).
     */
    @Test
    void longLoopsSwitchBetweenTheProbesAndTheQuietCopy() throws Exception {
        withFastConvergence(() -> {
            Instrumented l = Instrumented.of(LongLoops.class, CONVERGENT);
            assertEquals(List.of("<init>", "nested", "phases"), quietMethods(l));
            for (MethodNode m : Bytecode.classNode(l.bytes).methods) {
                if (!m.name.equals("<clinit>")) {
                    assertEquals(List.of("atLoop", "atLoopOf", "onInt", "onLong", "onRef", "probed", "quiet", "quietBlock", "quietEntry",
                                    "quietLap").stream()
                            .filter(recordingCalls(m)::contains).toList(), recordingCalls(m), m.name);
                    assertEquals(1, Arrays.stream(m.instructions.toArray())
                            .filter(i -> i instanceof MethodInsnNode c && c.name.startsWith("atLoop")).count(),
                            m.name + ": outermost loops only");
                }
            }
            // the probed header is the one way into both versions of each loop: every loop stays reducible
            Instrumented c = Instrumented.of("io.loupe.instrument.values.generated.Countdown", countdown(), CONVERGENT);
            for (Instrumented i : List.of(l, c)) {
                for (MethodNode m : Bytecode.classNode(i.bytes).methods) {
                    ControlFlowGraph g = ControlFlowGraph.build(m);
                    for (LoopMeta loop : LoopForest.of(g, Dominators.of(g)).loops()) {
                        assertTrue(loop.reducible(), m.name + ": a loop at block " + loop.header() + " is irreducible");
                    }
                }
            }
            long quietBefore = stat("values.quietIterations");
            int n = 2_000_000;
            assertEquals(LongLoops.phases(n), l.call("phases", null, n));
            assertTrue(stat("values.quietIterations") - quietBefore > n / 2, "most iterations ran quiet");
            assertEquals(1, l.profile(l.site("phases", SiteKind.PARAM, 0)).executed());
            ValueSiteProfile phase = l.profile(l.site("phases", SiteKind.LOCAL, 2));
            assertEquals(List.of("11", "22"), sorted(List.of(phase.values()).subList(0, 2)));
            assertEquals(n, phase.executed(), n / 1000.0, "the phase site runs once per iteration");
            for (int i = 0; i < 2; i++) {
                assertEquals(0.5, (double) phase.counts()[i] / phase.executed(), 0.1, "each phase has half the weight");
            }
            assertEquals(LongLoops.nested(3000, 300), l.call("nested", null, 3000, 300));
            Object built = l.type.getConstructor(int.class).newInstance(300_000);
            assertArrayEquals(new LongLoops(300_000).squares, (int[]) l.type.getField("squares").get(built));
        });
    }

    /**
     * Guarded methods (convergent profiling): a method with no loop that a quiet copy does not pay
     * for — one probe, or a constructor — fetches its recorders with {@code Values.guarded}, null
     * while the method is quiet, and each probe tests them ({@code guardedX}). They verify, compute
     * what the original computes, go quiet once their sites converge, and a site run once per
     * activation is still counted exactly.
     */
    @Test
    void guardedMethodsVerifyRunAndGoQuietWithoutACopy() throws Exception {
        withFastConvergence(() -> {
            Instrumented k = Instrumented.of(Kinds.class, CONVERGENT);
            Instrumented s = Instrumented.of(Shapes.class, CONVERGENT);
            assertEquals(List.of("<init>", "twice"), guardedMethods(k));
            // both constructors; not the static initializer, which runs once (and has a loop)
            assertEquals(List.of("<init>", "twice"), guardedMethods(s));
            for (Instrumented c : List.of(k, s)) {
                for (MethodNode m : Bytecode.classNode(c.bytes).methods) {
                    List<String> calls = recordingCalls(m);
                    if (calls.contains("guarded")) {
                        assertTrue(calls.stream().noneMatch(n -> n.startsWith("on") || n.equals("quiet")), m.name + calls);
                        assertEquals(Bytecode.classNode(c.bytes).methods.stream()
                                .filter(o -> o.name.equals(m.name) && o.desc.equals(m.desc)).count(), 1);
                    }
                }
            }
            long quietBefore = quietActivations();
            int calls = 20_000;
            for (int i = 0; i < calls; i++) {
                Object kinds = k.type.getConstructor(int.class, double.class).newInstance(i % 3, 2.5);
                assertEquals(new Kinds(i % 3, 2.5).calls("ab", "c"), k.call("calls", kinds, "ab", "c"));
                assertEquals(Shapes.twice(i % 5), s.call("twice", null, i % 5));
                assertEquals(6, s.type.getField("x").get(s.type.getConstructor(int.class).newInstance(3)));
            }
            assertTrue(quietActivations() - quietBefore > calls, "guarded methods went quiet");
            // Shapes.twice runs in the loop and in Shapes(int)'s this(twice(side), side)
            assertEquals(2L * calls, s.profile(s.site("twice", SiteKind.PARAM, 0)).executed());
            assertEquals(calls, k.profile(k.site("twice", SiteKind.PARAM, 0)).executed());
            assertEquals(List.of("2"), k.values(k.site("twice", SiteKind.PARAM, 0)));
            assertEquals(calls, k.profile(k.site("<init>", SiteKind.PARAM, 0)).executed());
            assertEquals(List.of("0", "1", "2"), k.values(k.site("<init>", SiteKind.PARAM, 0)).stream().sorted().toList());
        });
    }

    /**
     * A branch first taken after its method went quiet is profiled: each straight run of sites past
     * the method's first branch has one check in the quiet copy ({@code quietBlock}), or, in a
     * guarded method, in front of its probe ({@code guardedBlock}), which ends the quiet period
     * while the run's first site has never run its probes. Sites every activation runs before any
     * branch get none.
     */
    @Test
    void aBranchFirstTakenWhileQuietEndsTheQuietPeriod() throws Exception {
        withFastConvergence(() -> {
            Instrumented l = Instrumented.of(LateBranches.class, CONVERGENT);
            Instrumented locals = Instrumented.of(LateBranches.class,
                    InstrumentSettings.values(new ValueSettings(EnumSet.of(SiteKind.LOCAL), true)));
            assertEquals(1, calls(l, "quietLate", "quietBlock"), "one for the branch's run of sites");
            assertEquals(0, calls(l, "straight", "quietBlock"), "no branch before the sites");
            assertEquals(List.of("guardedLate"), guardedMethods(locals));
            assertEquals(1, calls(locals, "guardedLate", "guardedBlock"));
            int calls = 20_000;
            for (Instrumented c : List.of(l, locals)) {
                String method = c == l ? "quietLate" : "guardedLate";
                long quietBefore = quietActivations();
                for (int i = 0; i < calls; i++) {
                    assertEquals(i, c.call(method, null, i, false));
                }
                assertTrue(quietActivations() - quietBefore > calls / 2, method + " went quiet");
                ValueSiteMeta branch = c.site(method, SiteKind.LOCAL, 0);
                assertNull(c.profileOrNull(branch), "not taken yet");
                for (int i = 0; i < calls; i++) {
                    assertEquals(c == l ? LateBranches.quietLate(i, true) : LateBranches.guardedLate(i, true),
                            c.call(method, null, i, true));
                }
                ValueSiteProfile p = c.profile(branch);
                assertTrue(p.profiled() > 0, method + ": the branch was profiled");
                assertEquals(List.of("0", "1", "2", "3"), sorted(List.of(p.values())), method + ": v & 3");
            }
        });
    }

    /** How many calls of {@code Values.name} the methods named {@code method} of a class make. */
    private static long calls(Instrumented c, String method, String name) {
        return Bytecode.classNode(c.bytes).methods.stream().filter(m -> m.name.equals(method))
                .flatMap(m -> Arrays.stream(m.instructions.toArray()))
                .filter(i -> i instanceof MethodInsnNode call && call.owner.equals(ValueProbeInserter.VALUES)
                        && call.name.equals(name))
                .count();
    }

    /** A test of convergent profiling, with settings under which sites converge within a few thousand executions. */
    private static void withFastConvergence(ThrowingRunnable test) throws Exception {
        ValueConfig config = ValueProfiler.config();
        ValueProfiler.configure(new ValueConfig(8, 4, 2000, true, "bounds", 16, 16, 0.02, 0.02, 0.25));
        try {
            test.run();
        } finally {
            ValueProfiler.configure(config);
        }
    }

    private interface ThrowingRunnable {
        void run() throws Exception;
    }

    /** The methods of a class that are guarded: they fetch their recorders with {@code Values.guarded}. */
    private static List<String> guardedMethods(Instrumented c) {
        return Bytecode.classNode(c.bytes).methods.stream().filter(m -> recordingCalls(m).contains("guarded"))
                .map(m -> m.name).distinct().sorted().toList();
    }

    /** The methods of a class that are quiet methods: they check whether to run their quiet copy. */
    private static List<String> quietMethods(Instrumented c) {
        return Bytecode.classNode(c.bytes).methods.stream()
                .filter(m -> recordingCalls(m).stream().anyMatch(n -> n.startsWith("quiet")))
                .map(m -> m.name).distinct().sorted().toList();
    }

    /** The distinct Values methods one method calls, other than the one fetching the recorders. */
    private static List<String> recordingCalls(MethodNode m) {
        return Arrays.stream(m.instructions.toArray())
                .filter(i -> i instanceof MethodInsnNode call && call.owner.equals(ValueProbeInserter.VALUES))
                .map(i -> ((MethodInsnNode) i).name)
                .filter(n -> !n.equals("recorders"))
                .distinct().sorted().toList();
    }

    private static long quietActivations() {
        return stat("values.quietActivations");
    }

    private static long stat(String name) {
        return ValueCollector.stats(ValueSiteRegistry.snapshot(), List.of()).get(name);
    }

    /** The distinct Values methods the class calls, other than the one fetching the recorders. */
    private static List<String> recordingCalls(byte[] bytes) {
        return Bytecode.classNode(bytes).methods.stream()
                .flatMap(m -> Arrays.stream(m.instructions.toArray()))
                .filter(i -> i instanceof MethodInsnNode call && call.owner.equals(ValueProbeInserter.VALUES))
                .map(i -> ((MethodInsnNode) i).name)
                .filter(n -> !n.equals("recorders"))
                .distinct().sorted().toList();
    }

    @Test
    void onlyTheKindsAskedForAreInstrumented() throws Exception {
        Instrumented k = Instrumented.of(Kinds.class, InstrumentSettings.values(new ValueSettings(EnumSet.of(SiteKind.PARAM))));
        assertTrue(k.sites.stream().allMatch(s -> s.kind() == SiteKind.PARAM));
        assertEquals(6, k.call("loop", null, 4));
        assertEquals(List.of("4"), k.values(k.site("loop", SiteKind.PARAM, 0)));
    }

    @Test
    void uninitializedObjectsAreNeverPassedToTheRuntime() throws Exception {
        Instrumented u = Instrumented.of(Uninitialized.NAME.replace('/', '.'), Uninitialized.classBytes(), VALUES);
        assertEquals(List.of(SiteKind.PARAM, SiteKind.LOCAL, SiteKind.LOCAL), u.sites.stream().map(ValueSiteMeta::kind).toList());
        Object made = u.call("make", null);
        assertEquals(Object.class, made.getClass());
        assertEquals(List.of("java.lang.Object"), u.values(u.site("make", SiteKind.LOCAL, 0)));
        Object o = u.type.getConstructor(int.class).newInstance(42);
        assertEquals(List.of(u.type.getName()), u.values(u.site("<init>", SiteKind.LOCAL, 0)));
        assertEquals(List.of("42"), u.values(u.site("<init>", SiteKind.PARAM, 0)));
        assertNotNull(o);
    }

    @Test
    void parameterProbesGoInFrontOfAJumpTargetAtOffsetZero() throws Exception {
        for (InstrumentSettings settings : List.of(VALUES, PATHS_AND_VALUES)) {
            Instrumented c = Instrumented.of("io.loupe.instrument.values.generated.Countdown", countdown(), settings);
            assertEquals(0, c.call("countdown", null, 5));
            ValueSiteMeta n = c.site("countdown", SiteKind.PARAM, 0);
            assertEquals(List.of("5"), c.values(n));
            assertEquals(1, c.profile(n).executed(), "once per call, not once per iteration");
            assertEquals(5, c.profile(c.site("countdown", SiteKind.LOCAL, 0)).executed());
        }
    }

    @Test
    void aMethodThatWouldGrowTooLargeIsLeftAsItWasAndItsSitesAreStillRegistered() throws Exception {
        for (InstrumentSettings settings : List.of(VALUES, PATHS_AND_VALUES)) {
            Instrumented b = Instrumented.of("io.loupe.instrument.values.generated.Big", big(), settings);
            assertEquals(1, b.warnings.size(), b.warnings.toString());
            assertTrue(b.warnings.get(0).endsWith("its code would exceed 64 KiB"), b.warnings.get(0));
            List<ValueSiteMeta> bigSites = b.sites("big");
            assertEquals(9000, bigSites.size());
            assertTrue(b.sites.stream().allMatch(s -> ValueSiteRegistry.get(s.id()) == s));
            b.call("big", null);
            assertEquals(1, b.call("small", null, 1));
            assertNull(b.profileOrNull(bigSites.get(0)), "left as it was: never recorded");
            assertEquals(List.of("1"), b.values(b.site("small", SiteKind.PARAM, 0)));
        }
    }

    /**
     * A method that fits HotSpot's limit for compiling (8,000 bytes) with its probes but not with
     * a quiet copy as well keeps its probes and gets no copy; the class's other methods keep theirs.
     */
    @Test
    void noQuietCopyPushesAMethodPastTheLimitForCompiling() throws Exception {
        Instrumented w = Instrumented.of("io.loupe.instrument.values.generated.Wide", wide(), CONVERGENT);
        Map<String, Integer> sizes = io.loupe.instrument.emit.CodeSizes.of(w.bytes);
        int wide = sizes.get("wide()I");
        assertTrue(wide > 5000 && wide <= io.loupe.instrument.emit.CodeSizes.HUGE, "probes, no copy: " + wide);
        assertEquals(List.of("twice"), quietMethods(w));
        assertEquals(550 * Integer.MAX_VALUE, w.call("wide", null));
        assertEquals(List.of(String.valueOf(Integer.MAX_VALUE)), w.values(w.site("wide", SiteKind.FIELD, 549)));
        assertEquals(List.of(), w.warnings);
    }

    /**
     * Where the JVM compiles huge methods ({@code InstrumentSettings.hugeMethodsCompiled}), the same
     * method gets its copy: past the limit, but quiet in its quiet periods instead of running its
     * gates; and no warning says it went past.
     */
    @Test
    void aQuietCopyMayPassTheLimitWhereHugeMethodsAreCompiled() throws Exception {
        Instrumented w = Instrumented.of("io.loupe.instrument.values.generated.Wide", wide(),
                CONVERGENT.hugeMethodsCompiled(true));
        int wide = io.loupe.instrument.emit.CodeSizes.of(w.bytes).get("wide()I");
        assertTrue(wide > io.loupe.instrument.emit.CodeSizes.HUGE, "probes and a copy: " + wide);
        assertEquals(List.of("twice", "wide"), quietMethods(w));
        assertEquals(550 * Integer.MAX_VALUE, w.call("wide", null));
        assertEquals(List.of(String.valueOf(Integer.MAX_VALUE)), w.values(w.site("wide", SiteKind.FIELD, 549)));
        assertEquals(List.of(), w.warnings);
    }

    /**
     * A method that takes a monitor is a quiet method without loop switches: a switch inside a
     * {@code synchronized} block would pass from one version's monitor region into the other's,
     * and HotSpot, unable to prove the monitors balanced, would compile the method at neither
     * tier ({@link QuietLoops}). It still computes what it did.
     */
    @Test
    void aMethodThatTakesAMonitorHasNoLoopSwitch() throws Exception {
        Instrumented l = Instrumented.of(Locked.class, CONVERGENT);
        MethodNode sum = Bytecode.classNode(l.bytes).methods.stream().filter(m -> m.name.equals("sum")).findFirst().orElseThrow();
        assertTrue(recordingCalls(sum).contains("quiet"), recordingCalls(sum).toString());
        assertFalse(recordingCalls(sum).contains("atLoop"), recordingCalls(sum).toString());
        Object lock = new Object();
        assertEquals(Locked.sum(lock, 10_000), l.call("sum", null, lock, 10_000));
    }

    /**
     * Past {@link ValueProbeInserter#INLINE_GATES} probes a method's convergent gates are calls
     * ({@code Values.callX}), which keep a method of hundreds of sites compilable; up to it they are
     * forced inline ({@code Values.onX}). Either way the sites record what the program saw.
     */
    @Test
    void aMethodWithHundredsOfProbesCallsItsGatesOutOfLine() throws Exception {
        int limit = ValueProbeInserter.INLINE_GATES;
        for (int n : new int[] {limit, limit + 1, 550}) {
            Instrumented r = Instrumented.of("io.loupe.instrument.values.generated.Reads" + n,
                    reads("io/loupe/instrument/values/generated/Reads" + n, n), CONVERGENT);
            ClassNode cn = Bytecode.classNode(r.bytes);
            MethodNode wide = cn.methods.stream().filter(m -> m.name.equals("wide")).findFirst().orElseThrow();
            MethodNode twice = cn.methods.stream().filter(m -> m.name.equals("twice")).findFirst().orElseThrow();
            List<String> gates = recordingCalls(wide).stream()
                    .filter(c -> c.startsWith("on") || c.startsWith("call")).toList();
            assertEquals(List.of(n > limit ? "callInt" : "onInt"), gates, n + " probes");
            assertTrue(recordingCalls(twice).stream().noneMatch(c -> c.startsWith("call")), "twice: " + recordingCalls(twice));
            assertEquals(n * Integer.MAX_VALUE, r.call("wide", null));
            assertEquals(List.of(String.valueOf(Integer.MAX_VALUE)), r.values(r.site("wide", SiteKind.FIELD, n - 1)));
        }
    }

    /**
     * {@code static int wide()}: 550 reads of a static field added up (2.2 KB of bytecode; about
     * 6.6 KB with probes, 8.8 KB with a quiet copy too); {@code static int twice(int)}, a countdown loop.
     */
    private static byte[] wide() {
        return reads("io/loupe/instrument/values/generated/Wide", 550);
    }

    /** A class {@code name} with {@code static int wide()} of {@code n} static field reads, and {@code twice}. */
    private static byte[] reads(String name, int n) {
        ClassNode cn = generatedClass(name);
        MethodNode m = new MethodNode(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "wide", "()I", null, null);
        m.instructions.add(new InsnNode(Opcodes.ICONST_0));
        for (int i = 0; i < n; i++) {
            m.instructions.add(new FieldInsnNode(Opcodes.GETSTATIC, "java/lang/Integer", "MAX_VALUE", "I"));
            m.instructions.add(new InsnNode(Opcodes.IADD));
        }
        m.instructions.add(new InsnNode(Opcodes.IRETURN));
        m.maxStack = 2;
        cn.methods.add(m);
        cn.methods.add(countdown("twice"));
        return write(cn);
    }

    /** {@code static int countdown(int n) { L: n--; if (n > 0) goto L; return n; }}: a frame at offset 0. */
    private static byte[] countdown() {
        ClassNode cn = generatedClass("io/loupe/instrument/values/generated/Countdown");
        cn.methods.add(countdown("countdown"));
        return write(cn);
    }

    /** The method of {@link #countdown()}, named {@code name}. */
    private static MethodNode countdown(String name) {
        MethodNode m = new MethodNode(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, name, "(I)I", null, null);
        LabelNode top = new LabelNode(new Label());
        m.instructions.add(top);
        m.instructions.add(new FrameNode(Opcodes.F_NEW, 1, new Object[] {Opcodes.INTEGER}, 0, new Object[0]));
        m.instructions.add(new IincInsnNode(0, -1));
        m.instructions.add(new VarInsnNode(Opcodes.ILOAD, 0));
        m.instructions.add(new JumpInsnNode(Opcodes.IFGT, top));
        m.instructions.add(new VarInsnNode(Opcodes.ILOAD, 0));
        m.instructions.add(new InsnNode(Opcodes.IRETURN));
        m.maxStack = 1;
        m.maxLocals = 1;
        return m;
    }

    /** {@code static void big()} of 9000 static field reads (36 KB; 99 KB with probes) and {@code static int small(int)}. */
    private static byte[] big() {
        ClassNode cn = generatedClass("io/loupe/instrument/values/generated/Big");
        MethodNode m = new MethodNode(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "big", "()V", null, null);
        for (int i = 0; i < 9000; i++) {
            m.instructions.add(new FieldInsnNode(Opcodes.GETSTATIC, "java/lang/Integer", "MAX_VALUE", "I"));
            m.instructions.add(new InsnNode(Opcodes.POP));
        }
        m.instructions.add(new InsnNode(Opcodes.RETURN));
        m.maxStack = 1;
        cn.methods.add(m);
        MethodNode small = new MethodNode(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "small", "(I)I", null, null);
        small.instructions.add(new VarInsnNode(Opcodes.ILOAD, 0));
        small.instructions.add(new InsnNode(Opcodes.IRETURN));
        small.maxStack = 1;
        small.maxLocals = 1;
        cn.methods.add(small);
        return write(cn);
    }

    private static ClassNode generatedClass(String name) {
        ClassNode cn = new ClassNode();
        cn.version = Opcodes.V17;
        cn.access = Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER;
        cn.name = name;
        cn.superName = "java/lang/Object";
        return cn;
    }

    private static byte[] write(ClassNode cn) {
        ClassWriter cw = new ClassWriter(0);
        cn.accept(cw);
        return cw.toByteArray();
    }

    private static List<String> sorted(List<String> values) {
        return values.stream().sorted().toList();
    }

    /** An instrumented class, loaded in a class loader of its own, with the value sites it registered. */
    private static final class Instrumented {
        final Class<?> type;
        final byte[] bytes;
        final List<ValueSiteMeta> sites;
        final List<String> warnings;

        private Instrumented(Class<?> type, byte[] bytes, List<ValueSiteMeta> sites, List<String> warnings) {
            this.type = type;
            this.bytes = bytes;
            this.sites = sites;
            this.warnings = warnings;
        }

        static Instrumented of(Class<?> c, InstrumentSettings settings) throws Exception {
            return of(c.getName(), Bytecode.bytes(c), settings);
        }

        static Instrumented of(String name, byte[] original, InstrumentSettings settings) throws Exception {
            List<String> warnings = new ArrayList<>();
            int from = ValueSiteRegistry.size();
            byte[] out = new ClassInstrumenter(settings, warnings::add).instrument(original, RuntimeSink.INSTANCE);
            List<ValueSiteMeta> sites = ValueSiteRegistry.snapshot().subList(from, ValueSiteRegistry.size());
            assertNotNull(out);
            for (ValueSiteMeta s : sites) {
                assertEquals(s, ValueSiteRegistry.get(s.id()), "every reserved id is registered");
            }
            DefiningLoader loader = new DefiningLoader(Map.of(name, out));
            StringWriter errors = new StringWriter();
            CheckClassAdapter.verify(new ClassReader(out), loader, false, new PrintWriter(errors));
            assertEquals("", errors.toString(), "ASM's verifier");
            Class<?> type = Class.forName(name, true, loader);
            return new Instrumented(type, out, List.copyOf(sites), warnings);
        }

        Object call(String method, Object receiver, Object... args) throws Exception {
            Method m = Arrays.stream(type.getMethods()).filter(x -> x.getName().equals(method)).findFirst().orElseThrow();
            try {
                return m.invoke(receiver, args);
            } catch (InvocationTargetException e) {
                throw (Exception) e.getCause();
            }
        }

        List<ValueSiteMeta> sites(String method) {
            return sites.stream().filter(s -> s.method().equals(method)).toList();
        }

        /** The {@code n}th site of {@code kind} in {@code method}. */
        ValueSiteMeta site(String method, SiteKind kind, int n) {
            return sites(method).stream().filter(s -> s.kind() == kind).toList().get(n);
        }

        ValueSiteProfile profileOrNull(ValueSiteMeta site) {
            return ValueCollector.collect(ValueSiteRegistry.snapshot()).stream().filter(p -> p.siteId() == site.id())
                    .findFirst().orElse(null);
        }

        ValueSiteProfile profile(ValueSiteMeta site) {
            ValueSiteProfile p = profileOrNull(site);
            assertNotNull(p, "site " + site + " never ran");
            return p;
        }

        /** The values recorded at a site, best first. */
        List<String> values(ValueSiteMeta site) {
            return List.of(profile(site).values());
        }
    }

    @Test
    void theLoaderReallyDefinesAFreshClass() throws Exception {
        Instrumented k = Instrumented.of(Kinds.class, VALUES);
        assertFalse(k.type == Kinds.class);
        assertTrue(k.type.getClassLoader() instanceof DefiningLoader);
    }
}
