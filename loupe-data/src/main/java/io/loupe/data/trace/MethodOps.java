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
 */
public record MethodOps(int[] insns, byte[] kinds, int[] operands, int[] names, int[] lines, List<String> variables) {

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
        if (kinds.length != n || operands.length != n || names.length != n || lines.length != n) {
            throw new IllegalArgumentException("ops arrays differ in length");
        }
        for (int i = 1; i < n; i++) {
            if (insns[i] < insns[i - 1]) {
                throw new IllegalArgumentException("ops out of instruction order");
            }
        }
        variables = List.copyOf(variables);
    }

    /** No ops. */
    public static final MethodOps NONE = new MethodOps(new int[0], new byte[0], new int[0], new int[0], new int[0], List.of());

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
        private int size;
        private final java.util.Map<String, Integer> index = new java.util.HashMap<>();
        private final java.util.List<String> variables = new java.util.ArrayList<>();

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
            }
            insns[size] = insn;
            kinds[size] = kind;
            operands[size] = operand;
            names[size] = name;
            lines[size] = line;
            size++;
            return this;
        }

        public MethodOps build() {
            return new MethodOps(Arrays.copyOf(insns, size), Arrays.copyOf(kinds, size), Arrays.copyOf(operands, size),
                    Arrays.copyOf(names, size), Arrays.copyOf(lines, size), variables);
        }
    }
}
