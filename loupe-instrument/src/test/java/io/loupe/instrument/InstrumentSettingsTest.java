package io.loupe.instrument;

import io.loupe.instrument.paths.PathSettings;
import io.loupe.instrument.values.ValueSettings;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class InstrumentSettingsTest {

    private static final PathSettings PATHS = new PathSettings(1, 4096, false, false, false);
    private static final PathSettings BLOCK_TRACE = new PathSettings(1, 4096, false, true, false);

    @Test
    void pathsValuesOrBoth() {
        assertNull(InstrumentSettings.paths(PATHS).values());
        assertNull(InstrumentSettings.values(ValueSettings.all()).paths());
        InstrumentSettings both = new InstrumentSettings(PATHS, ValueSettings.all());
        assertEquals(PATHS, both.paths());
        assertEquals(ValueSettings.all(), both.values());
    }

    @Test
    void nothingAtAllAndTheBlockTracerWithValuesAreRefused() {
        assertEquals("nothing to instrument: no profiler",
                assertThrows(IllegalArgumentException.class, () -> new InstrumentSettings(null, null)).getMessage());
        assertEquals("the block tracer cannot be combined with value profiling",
                assertThrows(IllegalArgumentException.class, () -> new InstrumentSettings(BLOCK_TRACE, ValueSettings.all()))
                        .getMessage());
        assertThrows(IllegalArgumentException.class, () -> new ValueSettings(java.util.Set.of()));
    }
}
