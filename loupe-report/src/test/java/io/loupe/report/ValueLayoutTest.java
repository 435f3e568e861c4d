package io.loupe.report;

import io.loupe.data.values.SiteKind;
import io.loupe.data.values.ValueSiteMeta;
import io.loupe.data.values.ValueType;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ValueLayoutTest {

    private static ValueSiteMeta site(String cls, String method, int line) {
        return new ValueSiteMeta(0, cls, method, "()V", null, line, SiteKind.FIELD, ValueType.INT, 0, "x", null, null);
    }

    @Test
    void aPlaceThatFitsIsShownWhole() {
        assertEquals("a.B.m:7", ValueLayout.where(site("a.B", "m", 7), 40));
    }

    @Test
    void packagesAreAbbreviatedFirst() {
        assertEquals("c.f.j.Parser.next:12", ValueLayout.where(site("com.fasterxml.jackson.Parser", "next", 12), 24));
    }

    @Test
    void whenTheMethodMustBeCutTheLineStays() {
        String where = ValueLayout.where(site("com.fasterxml.jackson.core.json.UTF8StreamJsonParser",
                "_finishAndReturnString", 2761), 40);
        assertEquals(40, where.length());
        assertTrue(where.endsWith("…:2761"), where);
        assertTrue(where.startsWith("c.f.j.c.j.UTF8StreamJsonParser._fi"), where);
    }

    @Test
    void aSiteWithoutALineIsCutAtTheEnd() {
        String where = ValueLayout.where(site("org.luaj.vm2.LuaClosureWithAVeryLongName", "executeSomething", -1), 30);
        assertEquals(30, where.length());
        assertTrue(where.endsWith("…"), where);
    }
}
