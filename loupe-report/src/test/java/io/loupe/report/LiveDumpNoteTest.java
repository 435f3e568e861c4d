package io.loupe.report;

import io.loupe.data.StatKeys;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** What the reports say of a live dump's profile, from its stats. */
class LiveDumpNoteTest {

    @Test
    void aProfileWrittenAtExitSinceTheStartSaysNothing() {
        assertNull(LiveDumpNote.of(Map.of(StatKeys.PATHS_METHODS, 4L)));
    }

    @Test
    void aLiveDumpSaysItsThreadsRanAndSinceWhen() {
        assertEquals("from the running JVM, its threads running; each count as read during the dump, holding what was"
                + " recorded since the JVM started", LiveDumpNote.of(Map.of(StatKeys.DUMP_LIVE, 1L, StatKeys.DUMP_LEFT_OUT, 0L)));
        assertEquals("from the running JVM, its threads running; each count as read during the dump, holding what was"
                + " recorded since the last reset (value counts are lower bounds); 2 parts left out, counted in the next"
                + " profile (see warnings)", LiveDumpNote.of(Map.of(StatKeys.DUMP_LIVE, 1L, StatKeys.DUMP_SINCE_RESET, 1L,
                StatKeys.VALUES_SITES, 9L, StatKeys.DUMP_LEFT_OUT, 2L)));
    }

    @Test
    void theProfileAtExitAfterAResetSaysSo() {
        assertEquals("at exit, holding what was recorded since the last reset",
                LiveDumpNote.of(Map.of(StatKeys.DUMP_SINCE_RESET, 1L)));
    }
}
