package io.loupe.agent;

import io.loupe.data.Profiler;
import io.loupe.data.deps.DepMode;
import io.loupe.data.trace.HeapEvents;
import io.loupe.data.values.SiteKind;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The agent checks its options before loupe-data is on the class path, so it spells out
 * loupe-data's vocabulary; these are the same lists, in the same order (the CLI builds its
 * options from loupe-data's).
 */
class AgentVocabularyTest {

    @Test
    void theAgentsListsAreLoupeDatas() {
        assertEquals(Profiler.ids(), AgentOptions.PROFILERS);
        assertEquals(Arrays.stream(SiteKind.values()).map(SiteKind::label).toList(), AgentOptions.VALUE_KINDS);
        assertEquals(DepMode.ids(), AgentOptions.DEP_MODES);
        assertEquals(DepMode.CAMP.id(), AgentOptions.parse("profile=deps").depsMode(), "the default mode");
        assertEquals(Arrays.stream(HeapEvents.values()).map(HeapEvents::label).toList(), AgentOptions.HEAP_EVENTS);
        assertEquals(HeapEvents.CHECKS.label(), AgentOptions.parse("profile=trace").heap(), "the default heap events");
    }
}
