package io.loupe.instrument.values;

import io.loupe.data.values.Formula;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Frame;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The producer category and the formula of the value a {@code local} site stores, from the
 * method's {@link ValueSources} (see docs/values.md, "Producer categories" and "Formulas").
 *
 * <p>Formulas refer to sites by their method-local number (the method's first profiled site is
 * 0); {@link ValueSite#meta} turns them into site ids. The recursion through operands stops at
 * depth {@value #MAX_DEPTH} and after {@value #MAX_LEAVES} leaves: what is left is {@code ?}.
 */
final class ValueFormulas {

    static final int MAX_DEPTH = 6;
    static final int MAX_LEAVES = 32;

    private final ValueSources sources;
    private final Map<AbstractInsnNode, Integer> siteOfInsn;
    private final Map<Integer, Integer> siteOfParamSlot;

    /**
     * @param siteOfInsn      profiled sites by instruction: {@code getfield}/{@code getstatic},
     *                        array loads, calls, stores and {@code iinc}s → method-local number
     * @param siteOfParamSlot profiled parameter sites by local variable slot → method-local number
     */
    ValueFormulas(ValueSources sources, Map<AbstractInsnNode, Integer> siteOfInsn, Map<Integer, Integer> siteOfParamSlot) {
        this.sources = sources;
        this.siteOfInsn = siteOfInsn;
        this.siteOfParamSlot = siteOfParamSlot;
    }

    /** The category of what produced the value stored by {@code insn} (an {@code xstore} or {@code iinc}). */
    Producer producer(AbstractInsnNode insn) {
        if (insn instanceof IincInsnNode) {
            return Producer.INT_ARITH;
        }
        List<AbstractInsnNode> producers = sources.producers(top(sources.frameBefore(insn)));
        if (producers.isEmpty()) {
            return Producer.EXCEPTION;
        }
        if (producers.size() > 1) {
            return Producer.MERGE;
        }
        return Producer.of(producers.get(0));
    }

    /** The formula of the value stored by {@code insn} (an {@code xstore} or {@code iinc}). */
    Formula formula(AbstractInsnNode insn) {
        Budget budget = new Budget();
        Frame<Producers> frame = sources.frameBefore(insn);
        if (insn instanceof IincInsnNode iinc) {
            return new Formula.Op(Producer.INT_ARITH.label(), List.of(definitions(iinc.var, frame, budget),
                    budget.leaf(Formula.CONST)));
        }
        return value(top(frame), 0, budget);
    }

    /** The formula of one value: its producer's, or any of its producers'. */
    private Formula value(Producers v, int depth, Budget budget) {
        List<AbstractInsnNode> producers = sources.producers(v);
        if (producers.isEmpty()) {
            return budget.leaf(Formula.UNKNOWN);   // the exception at a handler's entry
        }
        if (producers.size() == 1) {
            return produced(producers.get(0), depth, budget);
        }
        if (depth >= MAX_DEPTH) {
            return budget.leaf(Formula.UNKNOWN);
        }
        List<Formula> options = new ArrayList<>(producers.size());
        for (AbstractInsnNode p : producers) {
            options.add(produced(p, depth + 1, budget));
        }
        return anyOf(options);
    }

    /** The formula of the value instruction {@code insn} pushed. */
    private Formula produced(AbstractInsnNode insn, int depth, Budget budget) {
        if (budget.exhausted()) {
            return Formula.UNKNOWN;
        }
        Producer p = Producer.of(insn);
        switch (p) {
            case CONST, NEW:
                return budget.leaf(Formula.CONST);
            case FIELD, ARRAY, CALL:
                return site(insn, budget);
            case COPY:
                return definitions(((VarInsnNode) insn).var, sources.frameBefore(insn), budget);
            case CAST:
                if (depth >= MAX_DEPTH) {
                    return budget.leaf(Formula.UNKNOWN);
                }
                return value(top(sources.frameBefore(insn)), depth + 1, budget);
            case INT_ARITH, INT_MUL, INT_DIV, FP_ARITH, FP_MUL, FP_DIV, SHIFT, LOGIC, COMPARE, CONVERT, LENGTH: {
                if (depth >= MAX_DEPTH) {
                    return budget.leaf(Formula.UNKNOWN);
                }
                List<Formula> inputs = new ArrayList<>(2);
                for (Producers in : ValueSources.operands(sources.frameBefore(insn), Producer.operands(insn))) {
                    inputs.add(value(in, depth + 1, budget));
                }
                return new Formula.Op(p.label(), inputs);
            }
            default:
                return budget.leaf(Formula.UNKNOWN);
        }
    }

    /**
     * The definitions of local {@code var} that reach a frame: the sites of the stores and
     * {@code iinc}s that wrote it, and the parameter's site for its value at entry.
     */
    private Formula definitions(int var, Frame<Producers> frame, Budget budget) {
        List<AbstractInsnNode> defs = sources.producers(frame.getLocal(var));
        if (defs.isEmpty()) {
            return budget.leaf(Formula.UNKNOWN);
        }
        List<Formula> options = new ArrayList<>(defs.size());
        for (AbstractInsnNode d : defs) {
            if (budget.exhausted()) {
                options.add(Formula.UNKNOWN);
                break;
            }
            int slot = sources.entrySlot(d);
            if (slot >= 0) {
                Integer param = siteOfParamSlot.get(slot);
                options.add(budget.leaf(param == null ? Formula.UNKNOWN : new Formula.Site(param)));
            } else {
                options.add(site(d, budget));
            }
        }
        return anyOf(options);
    }

    private Formula site(AbstractInsnNode insn, Budget budget) {
        Integer site = siteOfInsn.get(insn);
        return budget.leaf(site == null ? Formula.UNKNOWN : new Formula.Site(site));
    }

    /**
     * One of several formulas, flattened. Equal options are merged unless they hold a constant:
     * two constants, even in equal places, may be different values.
     */
    static Formula anyOf(List<Formula> options) {
        Set<Formula> distinct = new LinkedHashSet<>();
        List<Formula> out = new ArrayList<>();
        for (Formula o : options) {
            List<Formula> flat = o instanceof Formula.AnyOf a ? a.options() : List.of(o);
            for (Formula f : flat) {
                if (hasConst(f) || distinct.add(f)) {
                    out.add(f);
                }
            }
        }
        return out.size() == 1 ? out.get(0) : new Formula.AnyOf(out);
    }

    private static boolean hasConst(Formula f) {
        if (f instanceof Formula.Const) {
            return true;
        }
        if (f instanceof Formula.AnyOf a) {
            return a.options().stream().anyMatch(ValueFormulas::hasConst);
        }
        if (f instanceof Formula.Op o) {
            return o.inputs().stream().anyMatch(ValueFormulas::hasConst);
        }
        return false;
    }

    private static Producers top(Frame<Producers> frame) {
        return frame.getStack(frame.getStackSize() - 1);
    }

    /** Counts the leaves of one formula. */
    private static final class Budget {
        private int leaves;

        Formula leaf(Formula f) {
            leaves++;
            return f;
        }

        boolean exhausted() {
            return leaves >= MAX_LEAVES;
        }
    }
}
