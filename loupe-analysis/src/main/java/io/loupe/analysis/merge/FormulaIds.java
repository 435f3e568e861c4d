package io.loupe.analysis.merge;

import io.loupe.data.values.Formula;

import java.util.function.IntUnaryOperator;

/**
 * A {@code local} value site's formula with the site ids it names renumbered: formulas refer to
 * other sites of the same profile by id ({@code s12}), and ids differ between runs. A site the
 * merge left out becomes an unknown operand ({@code ?}), as the instrumenter writes a source it does
 * not profile.
 */
final class FormulaIds {

    private FormulaIds() {
    }

    /** {@code text} with every site id renumbered through {@code ids}; text that does not parse as it was. */
    static String renumber(String text, IntUnaryOperator ids) {
        if (text == null) {
            return null;
        }
        Formula f;
        try {
            f = Formula.parse(text);
        } catch (IllegalArgumentException e) {
            return text;   // compared and kept as written: nothing in it can be renumbered
        }
        return renumber(f, ids).toString();
    }

    private static Formula renumber(Formula f, IntUnaryOperator ids) {
        if (f instanceof Formula.Site s) {
            int id = ids.applyAsInt(s.id());
            return id < 0 ? Formula.UNKNOWN : new Formula.Site(id);
        }
        if (f instanceof Formula.AnyOf any) {
            return new Formula.AnyOf(any.options().stream().map(o -> renumber(o, ids)).toList());
        }
        if (f instanceof Formula.Op op) {
            return new Formula.Op(op.op(), op.inputs().stream().map(o -> renumber(o, ids)).toList());
        }
        return f;
    }
}
