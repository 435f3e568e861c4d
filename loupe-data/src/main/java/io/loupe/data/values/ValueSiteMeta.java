package io.loupe.data.values;

/**
 * The static description of one value profiling site.
 *
 * @param id         dense site id, handed out per class in load order
 * @param className  binary class name with dots
 * @param method     method name
 * @param desc       method descriptor
 * @param sourceFile source file name from the class file, or null
 * @param line       source line of the site, or -1 when the class has no line table
 * @param kind       what the site profiles
 * @param type       the static type of its values
 * @param index      the site's ordinal among the sites of its method, in bytecode order: with
 *                   class, method, desc and kind it names the site across runs (ids do not:
 *                   they depend on the order classes load)
 * @param detail     what the value is, for people: {@code param}: the parameter ({@code #0} or its
 *                   name); {@code field}: {@code Owner.name}; {@code array}: the array's static
 *                   element type; {@code return}: {@code Owner.name(desc)}; {@code local}: the
 *                   variable's name or {@code #slot}
 * @param producer   {@code local} sites only: the category of the instruction that produced the
 *                   stored value (see docs/values.md), else null
 * @param formula    {@code local} sites only: how the stored value was computed from other sites,
 *                   in the grammar of {@link Formula}, for the invariance propagation estimate;
 *                   else null
 */
public record ValueSiteMeta(int id, String className, String method, String desc, String sourceFile, int line,
                            SiteKind kind, ValueType type, int index, String detail, String producer,
                            String formula) {

    /** {@code name + desc}, as the JSON report names a method. */
    public String signature() {
        return method + desc;
    }

    /** A key naming the site across runs of the same program (see {@code index}). */
    public String stableKey() {
        return className + '.' + method + desc + '#' + kind.label() + '#' + index;
    }
}
