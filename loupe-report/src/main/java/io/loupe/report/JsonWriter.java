package io.loupe.report;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A small streaming JSON writer: output goes straight to an {@link Appendable}, so a report of
 * millions of k-IPF nodes never sits in memory as a string. Containers are laid out one member
 * per line, except those opened "inline", which stay on one line ({@code {"ids": [3, 3], "count": 9}}):
 * big arrays of small records stay readable and diffable line by line.
 *
 * <p>Strings are escaped per RFC 8259: quote, backslash and control characters always; U+2028 and
 * U+2029 too (JavaScript line terminators); unpaired surrogates as {@code \\uXXXX} so the output
 * stays valid UTF-8.
 */
public final class JsonWriter {

    private static final String INDENT = "  ";

    private final Appendable out;
    private final Deque<Container> stack = new ArrayDeque<>();
    private boolean afterName;

    private static final class Container {
        final boolean object;
        final boolean inline;
        int members;

        Container(boolean object, boolean inline) {
            this.object = object;
            this.inline = inline;
        }
    }

    public JsonWriter(Appendable out) {
        this.out = out;
    }

    public JsonWriter beginObject() throws IOException {
        return open(true, false);
    }

    /** An object written on one line. */
    public JsonWriter beginInlineObject() throws IOException {
        return open(true, true);
    }

    public JsonWriter endObject() throws IOException {
        return close(true);
    }

    public JsonWriter beginArray() throws IOException {
        return open(false, false);
    }

    /** An array written on one line. */
    public JsonWriter beginInlineArray() throws IOException {
        return open(false, true);
    }

    public JsonWriter endArray() throws IOException {
        return close(false);
    }

    /** The name of the next member of the current object. */
    public JsonWriter name(String name) throws IOException {
        Container c = stack.peek();
        if (c == null || !c.object || afterName) {
            throw new IllegalStateException("a name belongs directly inside an object");
        }
        separate(c);
        string(name);
        out.append(": ");
        afterName = true;
        return this;
    }

    public JsonWriter value(String value) throws IOException {
        beforeValue();
        if (value == null) {
            out.append("null");
        } else {
            string(value);
        }
        return this;
    }

    public JsonWriter value(long value) throws IOException {
        beforeValue();
        out.append(Long.toString(value));
        return this;
    }

    public JsonWriter value(boolean value) throws IOException {
        beforeValue();
        out.append(value ? "true" : "false");
        return this;
    }

    /** A number rounded to {@code decimals} places, without exponent or trailing zeros; NaN and infinities become null. */
    public JsonWriter value(double value, int decimals) throws IOException {
        beforeValue();
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            out.append("null");
        } else {
            BigDecimal d = BigDecimal.valueOf(value).setScale(decimals, RoundingMode.HALF_EVEN).stripTrailingZeros();
            out.append(d.signum() == 0 ? "0" : d.toPlainString());
        }
        return this;
    }

    /** An inline array of ints. */
    public JsonWriter value(int[] values) throws IOException {
        beginInlineArray();
        for (int v : values) {
            value(v);
        }
        return endArray();
    }

    /** An inline array of longs. */
    public JsonWriter value(long[] values) throws IOException {
        beginInlineArray();
        for (long v : values) {
            value(v);
        }
        return endArray();
    }

    /** Ends the document with a newline; every container must be closed. */
    public void finish() throws IOException {
        if (!stack.isEmpty()) {
            throw new IllegalStateException(stack.size() + " containers left open");
        }
        out.append('\n');
    }

    private JsonWriter open(boolean object, boolean inline) throws IOException {
        beforeValue();
        Container parent = stack.peek();
        out.append(object ? '{' : '[');
        stack.push(new Container(object, inline || parent != null && parent.inline));
        return this;
    }

    private JsonWriter close(boolean object) throws IOException {
        Container c = stack.peek();
        if (c == null || c.object != object || afterName) {
            throw new IllegalStateException("no open " + (object ? "object" : "array") + " to close here");
        }
        stack.pop();
        if (c.members > 0 && !c.inline) {
            newline();
        }
        out.append(object ? '}' : ']');
        return this;
    }

    /** Separators and indentation before a value: after a name, or as an array element. */
    private void beforeValue() throws IOException {
        Container c = stack.peek();
        if (c == null) {
            return;   // the top-level value
        }
        if (c.object) {
            if (!afterName) {
                throw new IllegalStateException("an object member needs a name first");
            }
            afterName = false;
        } else {
            separate(c);
        }
    }

    private void separate(Container c) throws IOException {
        if (c.members++ > 0) {
            out.append(c.inline ? ", " : ",");
        }
        if (!c.inline) {
            newline();
        }
    }

    private void newline() throws IOException {
        out.append('\n');
        for (int i = 0; i < stack.size(); i++) {
            out.append(INDENT);
        }
    }

    private void string(String s) throws IOException {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> {
                    if (ch < 0x20 || ch == '\u2028' || ch == '\u2029' || unpairedSurrogate(s, i)) {
                        out.append(String.format("\\u%04x", (int) ch));
                    } else {
                        out.append(ch);
                    }
                }
            }
        }
        out.append('"');
    }

    private static boolean unpairedSurrogate(String s, int i) {
        char ch = s.charAt(i);
        if (Character.isHighSurrogate(ch)) {
            return i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1));
        }
        if (Character.isLowSurrogate(ch)) {
            return i == 0 || !Character.isHighSurrogate(s.charAt(i - 1));
        }
        return false;
    }
}
