package io.loupe.data.deps;

import java.util.Arrays;
import java.util.List;

/**
 * A loop nest that abstract interpretation at loop entry may decide (docs/absint.md, "Nest
 * model"): what the instrumenter found in its bytecode, in the form the runtime evaluates from the
 * concrete state the nest starts in.
 *
 * <p>Values are affine forms over <em>variables</em>: variable {@code k < inputs.size()} is the
 * {@code k}-th input, a local live at the nest's entry whose value the entry probe passes; variable
 * {@code inputs.size() + l} is the induction variable of loop {@code l} of the nest, at the
 * current iteration. Coefficients and constants are {@code int}s, multiplied and added as Java's
 * {@code int} arithmetic does (modulo 2<sup>32</sup>): the form is exact for the bytecode's value
 * whatever wraps in between, and the runtime proves that no evaluation leaves {@code int}.
 *
 * @param id     the nest's dense id
 * @param inputs the nest's inputs, in the order the entry probe passes them
 * @param loops  the nest's loops, outermost first (loop 0 is the root; a parent comes before its children)
 * @param sites  the nest's access sites, in bytecode order
 * @param divisors the divisors of the nest's {@code int} divisions and remainders that are not
 *                 constants: the runtime decides an invocation only if none can be 0 (else the
 *                 division could throw midway)
 */
public record NestModel(int id, List<Input> inputs, List<Loop> loops, List<Site> sites, List<Affine> divisors) {

    public NestModel {
        inputs = List.copyOf(inputs);
        loops = List.copyOf(loops);
        sites = List.copyOf(sites);
        divisors = List.copyOf(divisors);
    }

    /** A nest without divisions by a variable. */
    public NestModel(int id, List<Input> inputs, List<Loop> loops, List<Site> sites) {
        this(id, inputs, loops, sites, List.of());
    }

    /** The variable of loop {@code loop}'s induction variable. */
    public int ivVariable(int loop) {
        return inputs.size() + loop;
    }

    /**
     * Kinds of input: an {@code int}, a reference, or the length of the array a reference local
     * holds (the probe passes the reference; the runtime reads its length).
     */
    public enum InputKind { INT, REFERENCE, LENGTH }

    /**
     * A local the entry probe passes.
     *
     * @param slot the local's slot in the method
     * @param kind its type
     * @param name its name in the local variable table, or {@code "#slot"}
     */
    public record Input(int slot, InputKind kind, String name) {
    }

    /**
     * {@code constant + Σ coefficients[i] · variables[i]}, variables distinct and in increasing order,
     * no coefficient 0.
     */
    public record Affine(int[] variables, int[] coefficients, int constant) {

        public static final Affine ZERO = new Affine(new int[0], new int[0], 0);

        /** The coefficient of variable {@code v}, 0 if it does not occur. */
        public int coefficient(int v) {
            int i = Arrays.binarySearch(variables, v);
            return i >= 0 ? coefficients[i] : 0;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Affine a && constant == a.constant && Arrays.equals(variables, a.variables)
                    && Arrays.equals(coefficients, a.coefficients);
        }

        @Override
        public int hashCode() {
            return 31 * (31 * Arrays.hashCode(variables) + Arrays.hashCode(coefficients)) + constant;
        }

        @Override
        public String toString() {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < variables.length; i++) {
                b.append(coefficients[i] < 0 ? " - " : b.length() == 0 ? "" : " + ");
                int c = Math.abs(coefficients[i]);
                b.append(c == 1 ? "" : c + "·").append('v').append(variables[i]);
            }
            if (constant != 0 || b.length() == 0) {
                b.append(b.length() == 0 ? "" : constant < 0 ? " - " : " + ");
                b.append(b.length() == 0 ? constant : Math.abs((long) constant));
            }
            return b.toString();
        }
    }

    /** How a loop's exit test compares its induction variable with its bound: the loop runs while it holds. */
    public enum Stay { LT, LE, GT, GE, NE }

    /**
     * A counted loop of the nest: {@code for (iv = init; iv STAY bound; iv += step)}, tested at its
     * header before each iteration.
     *
     * @param loopId the loop's id ({@link DepLoopMeta#id()})
     * @param parent the index in the nest of its enclosing loop, -1 for the root
     * @param slot   the induction variable's local slot
     * @param init   its value on entry, over the inputs and the enclosing loops' induction variables
     * @param step   the constant added per iteration, not 0
     * @param stay   the test that keeps the loop running
     * @param bound  what the induction variable is compared with, over the inputs and the enclosing
     *               loops' induction variables
     * @param body   what one iteration runs, in order: {@code s ≥ 0} the nest's site {@code s},
     *               {@code -1 - l} one invocation of the nest's loop {@code l}
     */
    public record Loop(int loopId, int parent, int slot, Affine init, int step, Stay stay, Affine bound, int[] body) {
    }

    /** Where an access's array comes from. */
    public enum RefKind {
        /** An input, not assigned in the nest. */
        INPUT,
        /** The element the nest's site {@code ref} loaded last (an {@code aaload} of a row, a spine never stored into). */
        LOADED
    }

    /**
     * An array access of the nest.
     *
     * @param siteId  its access site id ({@link AccessSiteMeta#id()})
     * @param store   true for a store, false for a load
     * @param refKind where its array comes from
     * @param ref     the input's index, or the index in the nest of the site that loaded it
     * @param index   the element's index, over the inputs and the enclosing loops' induction variables
     * @param rows    true for an {@code aaload} whose element other sites index (a row of a jagged array)
     */
    public record Site(int siteId, boolean store, RefKind refKind, int ref, Affine index, boolean rows) {
    }
}
