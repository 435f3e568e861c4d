package io.loupe.data.values;

/**
 * Where a value profiling site sits (Calder et al., §4): the kinds of the JSON contract.
 */
public enum SiteKind {
    /** A declared parameter of a method, at its entry (the receiver is not one). */
    PARAM,
    /** The value a {@code getfield} or {@code getstatic} read. */
    FIELD,
    /** The element an array load ({@code iaload} … {@code aaload}) read. */
    ARRAY,
    /** The value a call returned, at the call site. */
    RETURN,
    /** The value an {@code xstore} (or {@code iinc}) wrote to a local variable. */
    LOCAL;

    /** The name reports and options use: {@code param}, {@code field}, … */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The kind named {@code label}, or null. */
    public static SiteKind ofLabel(String label) {
        for (SiteKind k : values()) {
            if (k.label().equals(label)) {
                return k;
            }
        }
        return null;
    }
}
