package io.loupe.analysis.merge;

import java.util.function.IntUnaryOperator;

/**
 * What {@link MetadataIndex} needs to know of one kind of metadata (methods, value sites, access
 * sites, loops, call sites): its class, whether the instrumenter gave it an id in its class's
 * block, how to describe it for comparison, and how to renumber it.
 *
 * @param <T> the metadata record
 */
interface MetadataKind<T> {

    /** The kind as conflicts name it: {@code methods}, {@code value sites}, … */
    String label();

    String className(T item);

    /**
     * Null for an item of its class's block of ids (named by its rank in the block), else the
     * name that identifies it within its class (a recursion's pseudo-loop, created at run time).
     */
    default String ownName(T item) {
        return null;
    }

    /**
     * Everything that must agree between two profiles for their items to be one: every field but
     * the id, and ids of the same kind the item refers to through {@code ref} (a profile's id to an
     * index that names the same item in every profile). Two items are the same when their
     * descriptions are equal.
     */
    String describe(T item, IntUnaryOperator ref);

    /**
     * The item with id {@code id}, the ids of the same kind it refers to renumbered through
     * {@code ref} (-1 for an item the merge left out).
     */
    T renumber(T item, int id, IntUnaryOperator ref);

    /**
     * Of two versions of an item that describe it alike, the one to keep: they may still differ in
     * what {@link #describe} leaves out (a loop's carried registers, analysed only in a run where
     * the loop ran). Must be commutative and associative: a choice by a total order, not by which
     * profile came first.
     */
    default T prefer(T a, T b) {
        return a;
    }
}
