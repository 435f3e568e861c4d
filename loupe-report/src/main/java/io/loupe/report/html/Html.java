package io.loupe.report.html;

/**
 * A page being written: a string builder with HTML escaping. Attributes are given as name, value
 * pairs; a null value leaves the attribute out.
 */
final class Html {

    private final StringBuilder out = new StringBuilder(8192);

    /** {@code s} with the characters HTML gives meaning to escaped (for text and attribute values). */
    static String esc(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            String r = switch (c) {
                case '<' -> "&lt;";
                case '>' -> "&gt;";
                case '&' -> "&amp;";
                case '"' -> "&quot;";
                case '\'' -> "&#39;";
                default -> null;
            };
            if (r != null && b == null) {
                b = new StringBuilder(s.length() + 16).append(s, 0, i);
            }
            if (b != null) {
                if (r != null) {
                    b.append(r);
                } else {
                    b.append(c);
                }
            }
        }
        return b == null ? s : b.toString();
    }

    Html open(String tag, String... attrs) {
        out.append('<').append(tag);
        attrs(attrs);
        out.append('>');
        return this;
    }

    /** An element without content ({@code <input …>}, {@code <br>}). */
    Html empty(String tag, String... attrs) {
        return open(tag, attrs);
    }

    Html close(String tag) {
        out.append("</").append(tag).append('>');
        return this;
    }

    /** {@code <tag attrs>text</tag>}, the text escaped. */
    Html el(String tag, String text, String... attrs) {
        return open(tag, attrs).text(text).close(tag);
    }

    Html text(String s) {
        out.append(esc(s));
        return this;
    }

    /** Markup written as it is: only for markup this package built. */
    Html raw(String s) {
        out.append(s);
        return this;
    }

    Html nl() {
        out.append('\n');
        return this;
    }

    private void attrs(String[] attrs) {
        if (attrs.length % 2 != 0) {
            throw new IllegalArgumentException("attributes come in name, value pairs");
        }
        for (int i = 0; i < attrs.length; i += 2) {
            if (attrs[i + 1] != null) {
                out.append(' ').append(attrs[i]).append("=\"").append(esc(attrs[i + 1])).append('"');
            }
        }
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
