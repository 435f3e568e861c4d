package io.loupe.instrument.absint;

import org.objectweb.asm.tree.analysis.Value;

/**
 * What the nest finder knows of a value on the stack or in a local: an {@code int} as a linear form
 * ({@link Lin}), an array reference (an input, or the element an {@code aaload} site loaded), or
 * nothing (a float, a long, a value read from memory that may change in the nest…).
 */
final class Sym implements Value {

    static final Sym UNKNOWN = new Sym(1, null, -1, -1);
    static final Sym UNKNOWN_WIDE = new Sym(2, null, -1, -1);

    private final int size;
    /** The value of an {@code int}, or null. */
    final Lin lin;
    /** A reference's input slot, or -1. */
    final int inputSlot;
    /** The site (ordinal in the method) whose loaded element a reference is, or -1. */
    final int loadedBy;

    private Sym(int size, Lin lin, int inputSlot, int loadedBy) {
        this.size = size;
        this.lin = lin;
        this.inputSlot = inputSlot;
        this.loadedBy = loadedBy;
    }

    static Sym of(Lin lin) {
        return new Sym(1, lin, -1, -1);
    }

    static Sym inputReference(int slot) {
        return new Sym(1, null, slot, -1);
    }

    static Sym loaded(int siteOrdinal) {
        return new Sym(1, null, -1, siteOrdinal);
    }

    static Sym unknown(int size) {
        return size == 2 ? UNKNOWN_WIDE : UNKNOWN;
    }

    boolean isReference() {
        return inputSlot >= 0 || loadedBy >= 0;
    }

    @Override
    public int getSize() {
        return size;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Sym s && size == s.size && inputSlot == s.inputSlot && loadedBy == s.loadedBy
                && java.util.Objects.equals(lin, s.lin);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(size, lin, inputSlot, loadedBy);
    }

    @Override
    public String toString() {
        return lin != null ? lin.toString() : inputSlot >= 0 ? "ref#" + inputSlot : loadedBy >= 0 ? "loaded@" + loadedBy : "?";
    }
}
