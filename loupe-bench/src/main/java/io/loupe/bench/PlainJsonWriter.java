package io.loupe.bench;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.OptionalDouble;

/**
 * Just enough of a JSON writer for the harness's report, so the benchmark module needs no JSON
 * library of its own (it measures one). Indented two spaces; NaN, infinities and absent values
 * are written as {@code null}. Calls must nest properly; that is the caller's job.
 */
final class PlainJsonWriter {
    private final StringBuilder out = new StringBuilder();
    /** For each open object or array: whether it has an item yet (a comma goes before the next). */
    private final Deque<Boolean> open = new ArrayDeque<>();
    private boolean afterName;

    PlainJsonWriter beginObject() {
        return begin('{');
    }

    PlainJsonWriter endObject() {
        return end('}');
    }

    PlainJsonWriter beginArray() {
        return begin('[');
    }

    PlainJsonWriter endArray() {
        return end(']');
    }

    PlainJsonWriter name(String name) {
        beforeValue();
        quote(name);
        out.append(": ");
        afterName = true;
        return this;
    }

    PlainJsonWriter value(String value) {
        beforeValue();
        if (value == null) {
            out.append("null");
        } else {
            quote(value);
        }
        return this;
    }

    PlainJsonWriter value(long value) {
        beforeValue();
        out.append(value);
        return this;
    }

    PlainJsonWriter value(double value) {
        beforeValue();
        out.append(Double.isFinite(value) ? Double.toString(value) : "null");
        return this;
    }

    PlainJsonWriter value(OptionalDouble value) {
        return value.isPresent() ? value(value.getAsDouble()) : value((String) null);
    }

    PlainJsonWriter value(boolean value) {
        beforeValue();
        out.append(value);
        return this;
    }

    /** The document written so far, with a final newline once every container is closed. */
    @Override
    public String toString() {
        return open.isEmpty() ? out + "\n" : out.toString();
    }

    private PlainJsonWriter begin(char bracket) {
        beforeValue();
        out.append(bracket);
        open.push(false);
        return this;
    }

    private PlainJsonWriter end(char bracket) {
        boolean hadItems = open.pop();
        if (hadItems) {
            newline();
        }
        out.append(bracket);
        return this;
    }

    private void beforeValue() {
        if (afterName) {
            afterName = false;
            return;
        }
        if (!open.isEmpty()) {
            if (open.pop()) {
                out.append(',');
            }
            open.push(true);
            newline();
        }
    }

    private void newline() {
        out.append('\n').append("  ".repeat(open.size()));
    }

    private void quote(String text) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
