package io.loupe.agent;

import io.loupe.instrument.instr.ClassInstrumenter;
import io.loupe.instrument.instr.PathSettings;
import io.loupe.runtime.dump.Warnings;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A class the instrumenter cannot even parse is loaded as it was, with one warning naming it. */
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
}
