package io.loupe.agent;

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
