package io.loupe.agent;

import io.loupe.instrument.InstrumentSettings;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AgentOptionsTest {

    @Test
    void noOptionsMeanPlainBallLarusIntoLoupeProf() {
        AgentOptions o = AgentOptions.parse(null);
        assertEquals(List.of("paths"), o.profilers());
        assertEquals(1, o.k());
        assertEquals(Path.of("loupe.prof"), o.out());
        assertFalse(o.help());
    }

    @Test
    void everyKeyIsParsedAndListsUseSemicolons() {
        AgentOptions o = AgentOptions.parse("profile=paths,k=4,out=/tmp/a.prof,include=com.a.*;com.b.*,exclude=com.a.Gen*,"
                + "paths.arrayLimit=16,paths.trivial=true,verbose=true");
        assertEquals(4, o.k());
        assertEquals(Path.of("/tmp/a.prof"), o.out());
        assertEquals(List.of("com.a.*", "com.b.*"), o.include());
        assertEquals(List.of("com.a.Gen*"), o.exclude());
        assertEquals(16, o.arrayLimit());
        assertTrue(o.trivial());
        assertTrue(o.verbose());
    }

    @Test
    void instrumentedCodeIsCheckedUnlessVerifyIsFalse() {
        assertTrue(AgentOptions.parse("k=2").verify());
        AgentOptions off = AgentOptions.parse("k=2,verify=false");
        assertFalse(off.verify());
        assertFalse(AgentOptions.parse(off.toString()).verify());
        var e = assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("verify=maybe"));
        assertTrue(e.getMessage().contains("verify"), e.getMessage());
    }

    @Test
    void periodicDumpsTakeADurationOfAtLeast100Milliseconds() {
        assertEquals(0, AgentOptions.parse("k=2").dumpIntervalMillis());
        assertEquals(500, AgentOptions.parse("dumpInterval=500ms").dumpIntervalMillis());
        assertEquals(30_000, AgentOptions.parse("dumpInterval=30s").dumpIntervalMillis());
        assertEquals(300_000, AgentOptions.parse("dumpInterval=5m").dumpIntervalMillis());
        assertEquals(7_200_000, AgentOptions.parse("dumpInterval=2h").dumpIntervalMillis());
        AgentOptions o = AgentOptions.parse("profile=values,dumpInterval=45s");
        assertEquals(45_000, AgentOptions.parse(o.toString()).dumpIntervalMillis());
        for (String bad : List.of("dumpInterval=30", "dumpInterval=1.5s", "dumpInterval=-1s", "dumpInterval=s",
                "dumpInterval=3 s", "dumpInterval=2d")) {
            var e = assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse(bad), bad);
            assertTrue(e.getMessage().contains("needs a duration such as 500ms, 30s, 5m or 1h"), e.getMessage());
        }
        var tooShort = assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("dumpInterval=99ms"));
        assertEquals("option 'dumpInterval' must be at least 100ms, got '99ms'", tooShort.getMessage());
        var trace = assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("profile=trace,dumpInterval=1s"));
        assertTrue(trace.getMessage().contains("profile=trace writes its trace as the program runs"), trace.getMessage());
    }

    @Test
    void theMBeanIsRegisteredUnlessJmxIsFalse() {
        assertTrue(AgentOptions.parse("k=2").jmx());
        AgentOptions off = AgentOptions.parse("jmx=false");
        assertFalse(off.jmx());
        assertFalse(AgentOptions.parse(off.toString()).jmx());
        assertFalse(AgentOptions.parse("k=2").toString().contains("jmx"));
    }

    @Test
    void c2LeavesTheInstrumenterAloneUnlessAskedTo() {
        assertFalse(AgentOptions.parse("k=2").instrumenterC2());
        AgentOptions on = AgentOptions.parse("k=2,instrumenter.c2=true");
        assertTrue(on.instrumenterC2());
        assertTrue(AgentOptions.parse(on.toString()).instrumenterC2());
        assertFalse(AgentOptions.parse("k=2").toString().contains("instrumenter.c2"));
        var e = assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("instrumenter.c2=yes"));
        assertTrue(e.getMessage().contains("instrumenter.c2"), e.getMessage());
    }

    /** The directive parses and HotSpot takes it (the test JVM's C2 then leaves those packages alone too). */
    @Test
    void hotSpotTakesTheCompilerDirective() {
        assertTrue(InstrumenterCompilation.addDirective());
    }

    @Test
    void optionsRoundTripThroughTheirString() {
        AgentOptions o = AgentOptions.parse("k=8,include=x.*;y.?,paths.trivial=true");
        assertEquals(o.toString(), AgentOptions.parse(o.toString()).toString());
    }

    @Test
    void anUnknownKeyIsNamedInOneLine() {
        var e = assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("k=2,colour=blue"));
        assertTrue(e.getMessage().startsWith("unknown option 'colour'"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void anUnknownProfilerIsNamed() {
        var e = assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("profile=paths;heap"));
        assertTrue(e.getMessage().startsWith("unknown profiler 'heap'"), e.getMessage());
    }

    @Test
    void badValuesAreNamed() {
        assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("k=0"));
        assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("k=many"));
        assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("paths.trivial=yes"));
        assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("out="));
        assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("k"));
        assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("profile=blocktrace;paths"));
    }

    @Test
    void valueProfilingDefaults() {
        AgentOptions o = AgentOptions.parse("profile=values");
        assertTrue(o.values());
        assertFalse(o.paths());
        assertEquals(List.of("param", "field", "array", "return", "local"), o.valueKinds());
        assertEquals(8, o.tableSize());
        assertEquals(4, o.topN());
        assertEquals(2000, o.clearInterval());
        assertFalse(o.convergent());
        assertEquals("bounds", o.criterion());
        assertEquals(1000, o.interval());
        assertEquals(0.02, o.increaseBound());
        assertEquals(0.02, o.decreaseBound());
        assertEquals(0.25, o.backoff());
        assertEquals(250, o.recheck());
        assertTrue(o.quiet());
        assertFalse(AgentOptions.parse(null).values());
    }

    @Test
    void everyValueKeyIsParsed() {
        AgentOptions o = AgentOptions.parse("profile=paths;values,values.kinds=local;param,values.tableSize=16,values.topN=16,"
                + "values.clearInterval=500,convergent=true,values.criterion=increase,values.interval=64,"
                + "values.recheck=32,values.increaseBound=0.1,values.decreaseBound=0,values.backoff=2.5,values.quiet=false,"
                + "values.seed=-7");
        assertTrue(o.paths());
        assertTrue(o.values());
        assertEquals(List.of("param", "local"), o.valueKinds(), "canonical order");
        assertEquals(16, o.tableSize());
        assertEquals(16, o.topN());
        assertEquals(500, o.clearInterval());
        assertTrue(o.convergent());
        assertEquals("increase", o.criterion());
        assertEquals(64, o.interval());
        assertEquals(32, o.recheck());
        assertEquals(0.1, o.increaseBound());
        assertEquals(0.0, o.decreaseBound());
        assertEquals(2.5, o.backoff());
        assertEquals(-7, o.seed());
        assertFalse(o.quiet());
    }

    @Test
    void frozenQuietPeriodsAreOffByDefaultAndNeedQuietMethods() {
        assertFalse(AgentOptions.parse("profile=values,convergent=true").freeze());
        AgentOptions o = AgentOptions.parse("profile=values,convergent=true,values.freeze=true");
        assertTrue(o.freeze());
        assertEquals(1000, o.thawAfter());
        for (String text : List.of("profile=values,values.freeze=true",
                "profile=values,convergent=true,values.quiet=false,values.freeze=true")) {
            var e = assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse(text));
            assertTrue(e.getMessage().contains("values.freeze"), e.getMessage());
        }
        var e = assertThrows(IllegalArgumentException.class,
                () -> AgentOptions.parse("profile=values,convergent=true,values.freeze=true,values.thawAfter=0"));
        assertTrue(e.getMessage().contains("values.thawAfter"), e.getMessage());
    }

    @Test
    void valueOptionsRoundTripThroughTheirString() {
        for (String text : List.of("profile=values", "profile=paths;values,convergent=true,values.kinds=array",
                "profile=values,values.tableSize=2", "profile=values,values.backoff=0.125,values.increaseBound=1", "profile=paths",
                "profile=values,convergent=true,values.quiet=false",
                "profile=values,convergent=true,values.freeze=true,values.thawAfter=250",
                "profile=values,convergent=true,values.seed=42")) {
            AgentOptions o = AgentOptions.parse(text);
            AgentOptions again = AgentOptions.parse(o.toString());
            assertEquals(o.toString(), again.toString(), text);
            assertEquals(o.valueKinds(), again.valueKinds());
            assertEquals(o.topN(), again.topN());
            assertEquals(o.backoff(), again.backoff());
            assertEquals(o.quiet(), again.quiet());
            assertEquals(o.freeze(), again.freeze());
            assertEquals(o.thawAfter(), again.thawAfter());
        }
        assertFalse(AgentOptions.parse("profile=paths").toString().contains("values."), "no value keys when values are off");
        assertFalse(AgentOptions.parse("profile=values").toString().contains("paths."), "no path keys when paths are off");
        assertFalse(AgentOptions.parse("profile=deps").toString().contains("values."), "none under deps either");
        assertTrue(AgentOptions.parse("profile=blocktrace,k=3").toString().contains("k=3"), "the tracer takes the path options");
        assertTrue(AgentOptions.parse("profile=values").toString().contains("values.kinds=param;field;array;return;local"));
        assertEquals(2, AgentOptions.parse("profile=values,values.tableSize=2").topN(), "the default N is capped at the table size");
    }

    @Test
    void badValueOptionsAreNamedInOneLine() {
        assertMessage("unknown value site kind 'heap' (known: param, field, array, return, local)", "values.kinds=local;heap");
        assertMessage("option 'values.kinds' needs at least one kind (known: param, field, array, return, local)",
                "values.kinds=;");
        assertMessage("option 'values.tableSize' must be between 2 and 64, got '65'", "values.tableSize=65");
        assertMessage("option 'values.tableSize' must be between 2 and 64, got '1'", "values.tableSize=1");
        assertMessage("option 'values.topN' must be between 1 and values.tableSize (8), got '9'", "values.topN=9");
        assertMessage("option 'values.topN' must be between 1 and values.tableSize (4), got '5'",
                "values.topN=5,values.tableSize=4");
        assertMessage("option 'values.topN' must be between 1 and 64, got '0'", "values.topN=0");
        assertMessage("option 'values.clearInterval' must be between 16 and 2147483647, got '15'", "values.clearInterval=15");
        assertMessage("option 'convergent' needs true or false, got 'yes'", "convergent=yes");
        assertMessage("option 'values.criterion' needs increase or bounds, got 'steady'", "values.criterion=steady");
        assertMessage("option 'values.interval' must be between 16 and 2147483647, got '8'", "values.interval=8");
        assertMessage("option 'values.recheck' must be between 16 and 2147483647, got '0'", "values.recheck=0");
        assertMessage("option 'values.increaseBound' must be between 0 and 1, got '1.5'", "values.increaseBound=1.5");
        assertMessage("option 'values.decreaseBound' must be between 0 and 1, got '-0.1'", "values.decreaseBound=-0.1");
        assertMessage("option 'values.decreaseBound' needs a number, got 'NaN'", "values.decreaseBound=NaN");
        assertMessage("option 'values.backoff' must be greater than 0, got '0'", "values.backoff=0");
        assertMessage("option 'values.backoff' needs a number, got 'lots'", "values.backoff=lots");
        assertMessage("option 'values.seed' needs a whole number, got '1.5'", "values.seed=1.5");
        assertMessage("profiler 'blocktrace' cannot be combined with others", "profile=blocktrace;values");
    }

    @Test
    void aKeyGivenTwiceIsRefused() {
        assertMessage("option 'k' given twice", "k=4,k=5");
        assertMessage("option 'k' given twice", "k=4,k=4");
        assertMessage("option 'out' given twice", "out=a.prof,profile=paths,out=b.prof");
    }

    @Test
    void optionsOfAProfilerThatIsOffAreRefused() {
        assertMessage("option 'k' is for the paths profiler, which is off (profile=values)", "profile=values,k=4");
        assertMessage("option 'paths.trivial' is for the paths profiler, which is off (profile=deps)",
                "profile=deps,paths.trivial=true");
        assertMessage("option 'values.tableSize' is for the values profiler, which is off (profile=paths)", "values.tableSize=4");
        assertMessage("option 'convergent' is for the values profiler, which is off (profile=deps)", "profile=deps,convergent=true");
        assertMessage("option 'deps.mode' is for the deps profiler, which is off (profile=paths;values)",
                "profile=paths;values,deps.mode=lamp");
        // a bad value is named before the profiler it belongs to
        assertMessage("option 'values.tableSize' must be between 2 and 64, got '65'", "values.tableSize=65");
        // options of the agent as a whole go with every profiler
        for (String profile : List.of("paths", "values", "deps", "blocktrace")) {
            AgentOptions.parse("profile=" + profile + ",out=x.prof,include=a.*,exclude=b.*,verify=false,verbose=true,instrumenter.c2=true");
        }
        assertEquals(3, AgentOptions.parse("profile=blocktrace,k=3,paths.trivial=true").k());
    }

    @Test
    void abstractInterpretationIsOffTrueOrAlways() {
        AgentOptions off = AgentOptions.parse("profile=deps");
        assertEquals(false, off.absint());
        AgentOptions on = AgentOptions.parse("profile=deps,deps.absint=true");
        assertEquals(true, on.absint());
        assertEquals(false, on.absintAlways());
        AgentOptions always = AgentOptions.parse("profile=deps,deps.absint=always");
        assertEquals(true, always.absint());
        assertEquals(true, always.absintAlways());
        assertEquals(always.absintAlways(), AgentOptions.parse(always.toString()).absintAlways(), "round trip");
        assertEquals(true, AgentOptions.parse(on.toString()).absint(), "round trip");
        assertMessage("option 'deps.absint' is for the deps profiler, which is off (profile=paths)",
                "profile=paths,deps.absint=true");
        assertEquals(InstrumentSettings.depsWithAbsint(), AgentStart.settings(on));
    }

    @Test
    void valueKindsAreTheDataModelsLabels() {
        assertEquals(java.util.Arrays.stream(io.loupe.data.values.SiteKind.values()).map(io.loupe.data.values.SiteKind::label).toList(),
                AgentOptions.VALUE_KINDS);
    }

    @Test
    void theInstrumenterGetsPathsValuesOrBoth() {
        var values = AgentStart.settings(AgentOptions.parse("profile=values,values.kinds=return"));
        assertEquals(null, values.paths());
        assertEquals(java.util.Set.of(io.loupe.data.values.SiteKind.RETURN), values.values().kinds());
        var both = AgentStart.settings(AgentOptions.parse("profile=paths;values,k=3"));
        assertEquals(3, both.paths().k());
        assertEquals(5, both.values().kinds().size());
        var paths = AgentStart.settings(AgentOptions.parse("profile=paths"));
        assertEquals(null, paths.values());
        assertTrue(AgentStart.settings(AgentOptions.parse("profile=blocktrace")).paths().blockTrace());
        var config = AgentStart.valueConfig(AgentOptions.parse("profile=values,convergent=true,values.topN=2,values.backoff=1.5"));
        assertTrue(config.convergent());
        assertEquals(2, config.topN());
        assertEquals(1.5, config.backoff());
        assertEquals(0, config.seed());
        assertEquals(42, AgentStart.valueConfig(AgentOptions.parse("profile=values,convergent=true,values.seed=42")).seed());
        assertFalse(AgentOptions.parse("profile=paths").toString().contains("values."), "defaults, seed included, stay unsaid");
        assertEquals("bounds", config.criterion());
    }

    private static void assertMessage(String expected, String options) {
        var e = assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse(options));
        assertEquals(expected, e.getMessage());
    }

    @Test
    void helpListsEveryKey() {
        String help = AgentOptions.helpText();
        for (String key : AgentOptions.KEYS.keySet()) {
            assertTrue(help.contains(key), key);
        }
        assertTrue(AgentOptions.parse("help").help());
    }

    @Test
    void jdkAndLoupeClassesAreNeverInstrumentedButExamplesAre() {
        ClassFilter f = new ClassFilter(List.of(), List.of());
        assertFalse(f.accepts("java.lang.String"));
        assertFalse(f.accepts("jdk.internal.misc.Unsafe"));
        assertFalse(f.accepts("io.loupe.runtime.Loupe"));
        assertFalse(f.accepts("io.loupe.internal.asm.ClassReader"));
        assertTrue(f.accepts("io.loupe.examples.Tokenizer"));
        assertTrue(f.accepts("com.example.Main"));
    }

    @Test
    void includeAndExcludeGlobsMatchWholeBinaryNames() {
        ClassFilter f = new ClassFilter(List.of("com.example.*"), List.of("*Test", "com.example.gen.?"));
        assertTrue(f.accepts("com.example.Main"));
        assertTrue(f.accepts("com.example.deep.Inner$1"));
        assertFalse(f.accepts("org.other.Main"));
        assertFalse(f.accepts("com.example.MainTest"));
        assertFalse(f.accepts("com.example.gen.A"));
        assertTrue(f.accepts("com.example.gen.AB"));
    }
}
