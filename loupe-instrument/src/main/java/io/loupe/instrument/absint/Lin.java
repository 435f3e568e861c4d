package io.loupe.instrument.absint;

import io.loupe.data.deps.NestModel;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntUnaryOperator;

/**
 * A linear form over symbolic variables with {@code int} coefficients, as Java's {@code int}
 * arithmetic computes it: sums and products by constants wrap modulo 2<sup>32</sup>, so the form
 * equals the bytecode's value whatever overflows on the way ({@link NestModel.Affine}).
 */
final class Lin {

    private final TreeMap<Integer, Integer> terms;
    private final int constant;

    private Lin(TreeMap<Integer, Integer> terms, int constant) {
        this.terms = terms;
        this.constant = constant;
    }

    static Lin constant(int c) {
        return new Lin(new TreeMap<>(), c);
    }

    static Lin variable(int v) {
        TreeMap<Integer, Integer> t = new TreeMap<>();
        t.put(v, 1);
        return new Lin(t, 0);
    }

    boolean isConstant() {
        return terms.isEmpty();
    }

    int constantTerm() {
        return constant;
    }

    int coefficient(int v) {
        return terms.getOrDefault(v, 0);
    }

    Iterable<Integer> variables() {
        return terms.keySet();
    }

    Lin plus(Lin o) {
        TreeMap<Integer, Integer> t = new TreeMap<>(terms);
        for (Map.Entry<Integer, Integer> e : o.terms.entrySet()) {
            int c = t.getOrDefault(e.getKey(), 0) + e.getValue();
            if (c == 0) {
                t.remove(e.getKey());
            } else {
                t.put(e.getKey(), c);
            }
        }
        return new Lin(t, constant + o.constant);
    }

    Lin times(int k) {
        TreeMap<Integer, Integer> t = new TreeMap<>();
        if (k != 0) {
            for (Map.Entry<Integer, Integer> e : terms.entrySet()) {
                int c = e.getValue() * k;
                if (c != 0) {
                    t.put(e.getKey(), c);
                }
            }
        }
        return new Lin(t, constant * k);
    }

    Lin minus(Lin o) {
        return plus(o.times(-1));
    }

    /** This form with variable {@code v} taken out (its coefficient dropped). */
    Lin without(int v) {
        TreeMap<Integer, Integer> t = new TreeMap<>(terms);
        t.remove(v);
        return new Lin(t, constant);
    }

    /** The model's form, each variable renamed by {@code rename}. */
    NestModel.Affine affine(IntUnaryOperator rename) {
        TreeMap<Integer, Integer> t = new TreeMap<>();
        for (Map.Entry<Integer, Integer> e : terms.entrySet()) {
            t.merge(rename.applyAsInt(e.getKey()), e.getValue(), Integer::sum);
        }
        t.values().removeIf(c -> c == 0);
        int[] vars = new int[t.size()];
        int[] coefs = new int[t.size()];
        int i = 0;
        for (Map.Entry<Integer, Integer> e : t.entrySet()) {
            vars[i] = e.getKey();
            coefs[i++] = e.getValue();
        }
        return new NestModel.Affine(vars, coefs, constant);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Lin l && constant == l.constant && terms.equals(l.terms);
    }

    @Override
    public int hashCode() {
        return terms.hashCode() * 31 + constant;
    }

    @Override
    public String toString() {
        return terms + "+" + constant;
    }
}
