package io.loupe.agent;

import io.loupe.instrument.ClassInstrumenter;
import io.loupe.instrument.paths.PathSettings;
import io.loupe.runtime.dump.Warnings;
import io.loupe.runtime.registry.InstrumentationClock;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A class the instrumenter cannot even parse is loaded as it was, with one warning naming it; every
 * class handed to the instrumenter is counted, with its time, for the profile's stats.
 */
class LoupeTransformerTest {

    @Test
    void aClassThatCannotBeParsedIsLeftAsItWasWithOneWarning() {
        LoupeTransformer transformer = new LoupeTransformer(new ClassFilter(List.of(), List.of()),
                new ClassInstrumenter(new PathSettings(1, 4096, false, false, false), Warnings::warn), false);
        byte[] garbage = "\u00ca\u00fe\u00ba\u00be not really a class file".getBytes(StandardCharsets.ISO_8859_1);
        int before = Warnings.all().size();
        assertNull(transformer.transform(getClass().getClassLoader(), "com/example/Broken", null, null, garbage));
        List<String> added = Warnings.all().subList(before, Warnings.all().size());
        assertEquals(1, added.size(), added.toString());
        assertTrue(added.get(0).startsWith("left class com.example.Broken as it was: "), added.get(0));
    }

    @Test
    void everyClassHandedToTheInstrumenterIsCountedAndTimed() throws IOException {
        LoupeTransformer transformer = new LoupeTransformer(new ClassFilter(List.of(), List.of()),
                new ClassInstrumenter(new PathSettings(1, 4096, false, false, false), Warnings::warn), false);
        byte[] sample;
        try (InputStream in = getClass().getResourceAsStream("LoupeTransformerTest$Sample.class")) {
            sample = in.readAllBytes();
        }
        Map<String, Long> before = InstrumentationClock.stats();
        assertNotNull(transformer.transform(getClass().getClassLoader(), "com/example/Sample",   // Loupe's own are filtered out
                null, null, sample));
        assertNull(transformer.transform(getClass().getClassLoader(), "com/example/Broken", null, null, new byte[] {1, 2}));
        assertNull(transformer.transform(null, "java/lang/Boot", null, null, sample), "the JDK's own: not handed over");
        Map<String, Long> after = InstrumentationClock.stats();
        assertEquals(before.getOrDefault("instrument.classes", 0L) + 2, after.get("instrument.classes"));
        assertEquals(before.getOrDefault("instrument.rewritten", 0L) + 1, after.get("instrument.rewritten"));
        assertTrue(after.get("instrument.millis") >= before.getOrDefault("instrument.millis", 0L));
    }

    /** A method with two paths, which path profiling instruments. */
    static final class Sample {
        static int sign(int x) {
            return x < 0 ? -1 : 1;
        }
    }
}
