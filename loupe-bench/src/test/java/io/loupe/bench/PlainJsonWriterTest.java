package io.loupe.bench;

import org.junit.jupiter.api.Test;

import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PlainJsonWriterTest {

    @Test
    void objectsAndArraysNestWithTwoSpaceIndentation() {
        String json = new PlainJsonWriter().beginObject()
                .name("a").value(1)
                .name("b").beginArray().value("x").value(true).endArray()
                .name("c").beginObject().endObject()
                .endObject().toString();
        assertEquals("""
                {
                  "a": 1,
                  "b": [
                    "x",
                    true
                  ],
                  "c": {}
                }
                """, json);
    }

    @Test
    void quotesBackslashesAndControlCharactersAreEscaped() {
        String json = new PlainJsonWriter().beginArray().value("say \"hi\"\\\n\t\u0001").endArray().toString();
        assertEquals("[\n  \"say \\\"hi\\\"\\\\\\n\\t\\u0001\"\n]\n", json);
    }

    @Test
    void numbersThatJsonCannotHoldAndAbsentValuesAreNull() {
        String json = new PlainJsonWriter().beginArray()
                .value(Double.NaN).value(Double.POSITIVE_INFINITY).value(OptionalDouble.empty())
                .value((String) null).value(1.5).value(OptionalDouble.of(2.0))
                .endArray().toString();
        assertEquals("[\n  null,\n  null,\n  null,\n  null,\n  1.5,\n  2.0\n]\n", json);
    }
}
