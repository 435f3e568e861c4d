package io.loupe.instrument.values;

import io.loupe.data.values.Formula;
import io.loupe.data.values.SiteKind;
import io.loupe.data.values.ValueSiteMeta;
import io.loupe.data.values.ValueType;

import java.util.ArrayList;
import java.util.List;

/**
 * One value profiling site of a method, as found in the method's original bytecode.
 *
 * @param kind      what the site profiles
 * @param type      the static type of its values
 * @param position  where it is: the position in the method's instruction list of the
 *                  instruction it follows ({@code field}, {@code array}, {@code return},
 *                  {@code iinc}) or precedes ({@code xstore}); -1 for a parameter (method entry).
 *                  A class read again with the same flags has the same positions.
 * @param var       the local variable slot of a {@code param} or {@code local} site, else -1
 * @param ordinal   the site's ordinal among all sites of its method, of every kind, in bytecode
 *                  order (parameters first): the {@code index} of the metadata
 * @param line      its source line, or -1
 * @param detail    what the value is, for people (see {@link ValueSiteMeta#detail()})
 * @param producer  {@code local} sites: what produced the stored value; else null
 * @param formula   {@code local} sites: how it was computed, with site references numbered
 *                  within the method (0 = the method's first profiled site); else null
 */
public record ValueSite(SiteKind kind, ValueType type, int position, int var, int ordinal, int line, String detail,
                        Producer producer, Formula formula) {

    /** This site with the producer and formula of its stored value. */
    ValueSite withSource(Producer p, Formula f) {
        return new ValueSite(kind, type, position, var, ordinal, line, detail, p, f);
    }

    /**
     * The metadata of this site as site {@code id}, where the method's first profiled site is
     * {@code firstId}: the formula's method-local references become site ids.
     */
    public ValueSiteMeta meta(int id, int firstId, String className, String method, String desc, String sourceFile) {
        return new ValueSiteMeta(id, className, method, desc, sourceFile, line, kind, type, ordinal, detail,
                producer == null ? null : producer.label(), formula == null ? null : shift(formula, firstId).toString());
    }

    static Formula shift(Formula f, int firstId) {
        if (f instanceof Formula.Site s) {
            return new Formula.Site(firstId + s.id());
        }
        if (f instanceof Formula.AnyOf a) {
            List<Formula> options = new ArrayList<>(a.options().size());
            for (Formula o : a.options()) {
                options.add(shift(o, firstId));
            }
            return new Formula.AnyOf(options);
        }
        if (f instanceof Formula.Op o) {
            List<Formula> inputs = new ArrayList<>(o.inputs().size());
            for (Formula in : o.inputs()) {
                inputs.add(shift(in, firstId));
            }
            return new Formula.Op(o.op(), inputs);
        }
        return f;
    }
}
