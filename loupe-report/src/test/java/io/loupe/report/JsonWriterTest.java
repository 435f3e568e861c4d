package io.loupe.report;

import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class JsonWriterTest {

    private static String string(String value) throws IOException {
        StringBuilder out = new StringBuilder();
        new JsonWriter(out).value(value);
        return out.toString();
    }

    @Test
    void quotes_backslashes_and_control_characters_are_escaped() throws IOException {
        assertEquals("\"a\\\"b\\\\c\\n\\t\\r\\b\\f\\u0001\"", string("a\"b\\c\n\t\r\b\f\u0001"));
    }

    @Test
    void javascript_line_separators_and_lone_surrogates_are_escaped_but_pairs_kept() throws IOException {
        assertEquals("\"\\u2028\\u2029\"", string("\u2028\u2029"));
        assertEquals("\"x\\ud800y\"", string("x\ud800y"));
        assertEquals("\"\\udc00\"", string("\udc00"));
        assertEquals("\"\ud83d\ude00 ⟲ é\"", string("\ud83d\ude00 ⟲ é"));
    }

    @Test
    void numbers_are_plain_and_rounded_without_trailing_zeros() throws IOException {
        StringBuilder out = new StringBuilder();
        new JsonWriter(out).beginInlineArray().value(0.5, 4).value(1.0, 4).value(2.0 / 3, 4).value(1e-7, 4)
                .value(0.00012, 6).value(Double.NaN, 2).value(-3).endArray();
        assertEquals("[0.5, 1, 0.6667, 0, 0.00012, null, -3]", out.toString());
    }

    @Test
    void nested_containers_are_indented_and_inline_ones_stay_on_one_line() throws IOException {
        StringBuilder out = new StringBuilder();
        JsonWriter w = new JsonWriter(out);
        w.beginObject().name("a").beginArray().beginInlineObject().name("ids").value(new long[] {1, 2})
                .name("count").value(3).endObject().endArray().name("empty").beginObject().endObject().endObject();
        w.finish();
        assertEquals("{\n  \"a\": [\n    {\"ids\": [1, 2], \"count\": 3}\n  ],\n  \"empty\": {}\n}\n", out.toString());
    }

    @Test
    void misuse_fails_loudly() {
        assertThrows(IllegalStateException.class, () -> new JsonWriter(new StringBuilder()).beginObject().value(1));
        assertThrows(IllegalStateException.class, () -> new JsonWriter(new StringBuilder()).beginArray().name("x"));
        assertThrows(IllegalStateException.class, () -> new JsonWriter(new StringBuilder()).beginArray().endObject());
        assertThrows(IllegalStateException.class, () -> new JsonWriter(new StringBuilder()).beginArray().finish());
    }
}
