package io.loupe.analysis.advice;

import io.loupe.data.deps.AccessSiteMeta;

/**
 * How advice names the location an access site touches: a field as {@code Owner.field}, an array's
 * elements as the array's name with {@code []} ({@code tmp[]}, {@code Owner.buf[]}), or as the
 * array's type ({@code int[]}) when the instrumenter could not name it. {@link #full} keeps the
 * package, for machines; {@link #brief} leaves it out, for sentences.
 */
final class Locations {

    private Locations() {
    }

    /** {@code com.example.Acc.total}, {@code tmp[]}, {@code com.example.Acc.buf[]}, {@code int[]}. */
    static String full(AccessSiteMeta s) {
        if (!isArray(s)) {
            return s.target();
        }
        return s.arrayName() != null ? s.arrayName() + "[]" : s.target();
    }

    /** {@code Acc.total}, {@code tmp[]}, {@code Acc.buf[]}, {@code String[]}. */
    static String brief(AccessSiteMeta s) {
        if (!isArray(s)) {
            return lastTwo(s.target());
        }
        if (s.arrayName() != null) {
            return lastTwo(s.arrayName()) + "[]";
        }
        return s.target().substring(s.target().lastIndexOf('.', s.target().indexOf('[') < 0 ? s.target().length()
                : s.target().indexOf('[')) + 1);
    }

    /** True for an array element access or a bulk array operation; false for a field. */
    static boolean isArray(AccessSiteMeta s) {
        return !s.access().endsWith("field") && !s.access().endsWith("static");
    }

    /**
     * The last two parts of {@code Owner.field} names: the class's simple name and the member; a
     * nested class's name ({@code Outer$Acc}) counts as parts too, as the source writes it.
     */
    static String lastTwo(String dotted) {
        String name = dotted.replace('$', '.');
        int member = name.lastIndexOf('.');
        if (member < 0) {
            return name;
        }
        int owner = name.lastIndexOf('.', member - 1);
        return name.substring(owner + 1);
    }
}
