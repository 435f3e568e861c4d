package io.loupe.data.trace;

import java.util.Arrays;
import java.util.List;

/**
 * What a method's instructions do to local variables and to the heap, in instruction order: what
 * the recovery of dependences from a whole-program trace replays over every block the trace says
 * ran (docs/trace.md, <i>Recovery</i>). Instructions are numbered as the method's blocks number
 * them ({@link io.loupe.data.meta.BlockMeta#firstInsn()}), so a block's ops are those whose
 * instruction lies in its range.
 *
 * <p>Heap ops name a variable: {@code Owner.name:desc} for a field (static or not), the array's
 * type ({@code int[]}) for an element or a bulk operation. A local op names its slot in
 * {@link #operands()} and, in {@link #names()}, its name in the method's local variable table
 * (an index into {@link #variables()}, or -1 when the class has none).
 *
 * @param insns     each op's instruction, in increasing order (an {@code iinc} is one op)
 * @param kinds     each op's kind ({@link #LOCAL_LOAD} …)
 * @param operands  a local op's slot; a heap op's variable (index into {@code variables})
 * @param names     a local op's name (index into {@code variables}, or -1); a heap op's variable again
 * @param lines     each op's source line, or -1
 * @param variables the strings the ops name
 * @param anchors   per op, -1, or for a <i>free</i> load of a trace with checks the earlier op of the
 *                  same block that accessed the same location, with nothing between that may write
 *                  it: the load sees the generation that op saw or began, and has no check event
 *                  (docs/trace.md, <i>Checks</i>)
 * @param flow      how values flow through all the method's instructions and which branches decide
 *                  its blocks, what a slice needs ({@link MethodFlow#NONE} if not known)
 * @param heapSites with checks, the heap access site of the method's first checked op (a field,
 *                  element or bulk op that is not free); the others follow in op order. -1 without
 */
public record MethodOps(int[] insns, byte[] kinds, int[] operands, int[] names, int[] lines, List<String> variables,
                        int[] anchors, MethodFlow flow, int heapSites) {

    /** {@code xload}: reads a local. */
    public static final byte LOCAL_LOAD = 1;
    /** {@code xstore}: writes a local. */
    public static final byte LOCAL_STORE = 2;
    /** {@code iinc}: reads, then writes a local. */
    public static final byte LOCAL_INC = 3;
    /** {@code getfield}: trace events {@code OBJECT}. */
    public static final byte FIELD_LOAD = 4;
    /** {@code putfield}: trace events {@code OBJECT}. */
    public static final byte FIELD_STORE = 5;
    /** {@code getstatic}: no trace event (the location is the field). */
    public static final byte STATIC_LOAD = 6;
    /** {@code putstatic}: no trace event. */
    public static final byte STATIC_STORE = 7;
    /** {@code xaload}: trace events {@code OBJECT INDEX}. */
    public static final byte ARRAY_LOAD = 8;
    /** {@code xastore}: trace events {@code OBJECT INDEX}. */
    public static final byte ARRAY_STORE = 9;
    /** {@code System.arraycopy}: {@code OBJECT INDEX OBJECT INDEX INDEX} (source, its start, destination, its start, elements). */
    public static final byte ARRAYCOPY = 10;
    /** {@code Arrays.fill}: {@code OBJECT INDEX INDEX} (array, first element, elements), written. */
    public static final byte FILL = 11;
    /** {@code Arrays.copyOf}, {@code copyOfRange}, an array's {@code clone()}: {@code OBJECT INDEX INDEX}, read. */
    public static final byte COPY = 12;
    /**
     * A {@code putfield} into an object not yet initialized (a constructor's store before its
     * {@code super(…)} call): no probe may see the object, so it has no trace event, and the
     * dependence profiler does not see it either.
     */
    public static final byte UNSEEN_FIELD_STORE = 13;

    public MethodOps {
        int n = insns.length;
        if (kinds.length != n || operands.length != n || names.length != n || lines.length != n
                || anchors.length != n) {
            throw new IllegalArgumentException("ops arrays differ in length");
        }
        for (int i = 1; i < n; i++) {
            if (insns[i] < insns[i - 1]) {
                throw new IllegalArgumentException("ops out of instruction order");
            }
        }
        for (int i = 0; i < n; i++) {
            if (anchors[i] != NO_ANCHOR && (anchors[i] < 0 || anchors[i] >= i || !freeable(kinds[i])
                    || kinds[anchors[i]] != kinds[i] && kinds[anchors[i]] != storeOf(kinds[i]))) {
                throw new IllegalArgumentException("op " + i + " has an anchor that is no earlier access of its kind");
            }
        }
        variables = List.copyOf(variables);
    }

    /** Ops without their flow. */
    public MethodOps(int[] insns, byte[] kinds, int[] operands, int[] names, int[] lines, List<String> variables,
                     int[] anchors) {
        this(insns, kinds, operands, names, lines, variables, anchors, MethodFlow.NONE, -1);
    }

    /** These ops, whose first checked op is heap access site {@code first}. */
    public MethodOps withHeapSites(int first) {
        return new MethodOps(insns, kinds, operands, names, lines, variables, anchors, flow, first);
    }

    /** True if op {@code i} has a check (with {@code trace.heap=checks}) or its address events: a field, element or bulk op that is not free. */
    public boolean checked(int i) {
        return addressEvents(kinds[i]) > 0 && !free(i);
    }

    /**
     * True if op {@code i} has a check or its address events; {@code statics}: in a trace that
     * checks static field accesses too ({@code Trace.staticsChecked}).
     */
    public boolean checked(int i, boolean statics) {
        return checked(i) || statics && (kinds[i] == STATIC_LOAD || kinds[i] == STATIC_STORE);
    }

    /** Ops without anchors: every heap op is checked. */
    public MethodOps(int[] insns, byte[] kinds, int[] operands, int[] names, int[] lines, List<String> variables) {
        this(insns, kinds, operands, names, lines, variables, noAnchors(insns.length));
    }

    /** An op that is not free. */
    public static final int NO_ANCHOR = -1;

    /** No ops. */
    public static final MethodOps NONE = new MethodOps(new int[0], new byte[0], new int[0], new int[0], new int[0], List.of());

    private static int[] noAnchors(int n) {
        int[] a = new int[n];
        Arrays.fill(a, NO_ANCHOR);
        return a;
    }

    /** True for the kinds of op that may be free: a field or element load. */
    public static boolean freeable(byte kind) {
        return kind == FIELD_LOAD || kind == ARRAY_LOAD;
    }

    /** The store kind of a load kind ({@code FIELD_LOAD} → {@code FIELD_STORE}), else -1. */
    private static byte storeOf(byte kind) {
        return switch (kind) {
            case FIELD_LOAD -> FIELD_STORE;
            case ARRAY_LOAD -> ARRAY_STORE;
            default -> -1;
        };
    }

    /** True if op {@code i} is free: it has no check event and sees its anchor's generation. */
    public boolean free(int i) {
        return anchors[i] != NO_ANCHOR;
    }

    public int size() {
        return insns.length;
    }

    /** The first op at or after instruction {@code insn}. */
    public int firstAtOrAfter(int insn) {
        int i = Arrays.binarySearch(insns, insn);
        if (i < 0) {
            return -1 - i;
        }
        while (i > 0 && insns[i - 1] == insn) {
            i--;
        }
        return i;
    }

    /** True for an op on a local variable. */
    public static boolean local(byte kind) {
        return kind == LOCAL_LOAD || kind == LOCAL_STORE || kind == LOCAL_INC;
    }

    /** How many trace events ({@code OBJECT}, {@code INDEX}) an op of {@code kind} has in a trace with addresses. */
    public static int addressEvents(byte kind) {
        return switch (kind) {
            case FIELD_LOAD, FIELD_STORE -> 1;
            case ARRAY_LOAD, ARRAY_STORE -> 2;
            case ARRAYCOPY -> 5;
            case FILL, COPY -> 3;
            default -> 0;
        };
    }

    /** The variable an op names, as a person reads it: {@code Owner.name}, {@code int[]}, a local's name or slot. */
    public String variable(int op) {
        if (local(kinds[op])) {
            return names[op] >= 0 ? variables.get(names[op]) : Integer.toString(operands[op]);
        }
        String v = variables.get(operands[op]);
        int colon = v.indexOf(':');
        return colon >= 0 ? v.substring(0, colon) : v;
    }

    /** Builds ops in instruction order. */
    public static final class Builder {
        private int[] insns = new int[16];
        private byte[] kinds = new byte[16];
        private int[] operands = new int[16];
        private int[] names = new int[16];
        private int[] lines = new int[16];
        private int[] anchors = new int[16];
        private int size;
        private final java.util.Map<String, Integer> index = new java.util.HashMap<>();
        private final java.util.List<String> variables = new java.util.ArrayList<>();
        private MethodFlow flow = MethodFlow.NONE;

        /** A local op on {@code slot}, named {@code name} (null: unknown). */
        public Builder local(int insn, byte kind, int slot, String name, int line) {
            return add(insn, kind, slot, name == null ? -1 : variable(name), line);
        }

        /** A heap op on {@code variable}. */
        public Builder heap(int insn, byte kind, String variable, int line) {
            int v = variable(variable);
            return add(insn, kind, v, v, line);
        }

        private int variable(String s) {
            return index.computeIfAbsent(s, x -> {
                variables.add(x);
                return variables.size() - 1;
            });
        }

        private Builder add(int insn, byte kind, int operand, int name, int line) {
            if (size == insns.length) {
                int n = size * 2;
                insns = Arrays.copyOf(insns, n);
                kinds = Arrays.copyOf(kinds, n);
                operands = Arrays.copyOf(operands, n);
                names = Arrays.copyOf(names, n);
                lines = Arrays.copyOf(lines, n);
                anchors = Arrays.copyOf(anchors, n);
            }
            insns[size] = insn;
            kinds[size] = kind;
            operands[size] = operand;
            names[size] = name;
            lines[size] = line;
            anchors[size] = NO_ANCHOR;
            size++;
            return this;
        }

        /** Makes the op added last a free load whose location op {@code anchor} accessed before it. */
        public Builder anchorLast(int anchor) {
            anchors[size - 1] = anchor;
            return this;
        }

        /** The method's flow. */
        public Builder flow(MethodFlow flow) {
            this.flow = flow;
            return this;
        }

        /** Ops added so far. */
        public int size() {
            return size;
        }

        public MethodOps build() {
            return new MethodOps(Arrays.copyOf(insns, size), Arrays.copyOf(kinds, size), Arrays.copyOf(operands, size),
                    Arrays.copyOf(names, size), Arrays.copyOf(lines, size), variables, Arrays.copyOf(anchors, size), flow, -1);
        }
    }
}
