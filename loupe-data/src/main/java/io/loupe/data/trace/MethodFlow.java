package io.loupe.data.trace;

import java.util.List;

/**
 * How values flow through a method's instructions and which branches decide its blocks: what a
 * dynamic slice replays beside the ops (docs/trace.md, <i>Slicing</i>). Instructions are numbered
 * as the method's blocks number them ({@link io.loupe.data.meta.BlockMeta#firstInsn()}).
 *
 * <p>Each instruction's {@linkplain #effects() effect} packs what it does to the operand stack,
 * counted in slots as the JVM counts them (a {@code long} or {@code double} takes two, so that a
 * call's arguments line up with its callee's parameter slots and {@code dup2} needs no types):
 * a kind ({@link #kind}), the slots it pops ({@link #pops}) and pushes ({@link #pushes}), and an
 * operand ({@link #operand}): a local op's slot, a stack shuffle's opcode.
 *
 * @param effects  per instruction, its packed effect
 * @param lines    per instruction, its source line, or -1
 * @param targets  per instruction, for a call the index in {@code names} of what it calls
 *                 ({@code name + descriptor}), else -1
 * @param names    the strings {@code targets} index
 * @param control  per block, the blocks whose branch decides whether it runs (its control
 *                 dependences, from the post-dominators of the method's normal control flow)
 * @param locals   the method's local variable slots
 * @param stack    its operand stack's slots at most
 */
public record MethodFlow(int[] effects, int[] lines, int[] targets, List<String> names, int[][] control,
                         int locals, int stack) {

    /** Pops its operands and pushes a value computed from them (arithmetic, a constant, {@code new}, a jump). */
    public static final int PLAIN = 0;
    /** {@code dup}, {@code dup_x1} … {@code swap}: moves the values it pops; its operand is the opcode. */
    public static final int SHUFFLE = 1;
    /** {@code xload}: pushes a local; its operand is the slot. */
    public static final int LOAD_LOCAL = 2;
    /** {@code xstore}: pops into a local; its operand is the slot. */
    public static final int STORE_LOCAL = 3;
    /** {@code iinc}: a local from itself; its operand is the slot. */
    public static final int INC_LOCAL = 4;
    /** A field, element, static field or bulk access: an op whose locations the trace tells. */
    public static final int HEAP = 5;
    /** A call: pops the arguments; what it pushes comes from the callee when one ran in the trace. */
    public static final int INVOKE = 6;
    /** {@code xreturn}: pops the activation's result. */
    public static final int RETURN = 7;
    /** A conditional jump or a switch: pops what decides the blocks that depend on its block. */
    public static final int BRANCH = 8;
    /** {@code athrow}. */
    public static final int THROW = 9;

    /** No flow: a trace of a format before 4, or a method whose flow is not known. */
    public static final MethodFlow NONE = new MethodFlow(new int[0], new int[0], new int[0], List.of(), new int[0][], 0, 0);

    public MethodFlow {
        int n = effects.length;
        if (lines.length != n || targets.length != n) {
            throw new IllegalArgumentException("flow arrays differ in length");
        }
        for (int i = 0; i < n; i++) {
            if (kind(effects[i]) > THROW) {
                throw new IllegalArgumentException("instruction " + i + " has an effect of unknown kind");
            }
            if (targets[i] < -1 || targets[i] >= names.size()) {
                throw new IllegalArgumentException("instruction " + i + " calls no known method");
            }
        }
        names = List.copyOf(names);
    }

    /** Packs an effect. */
    public static int effect(int kind, int pops, int pushes, int operand) {
        if (kind < 0 || kind > THROW || pops < 0 || pops > 255 || pushes < 0 || pushes > 7 || operand < 0
                || operand > 0x1ffff) {
            throw new IllegalArgumentException("effect out of range: " + kind + " " + pops + " " + pushes + " " + operand);
        }
        return kind | pops << 4 | pushes << 12 | operand << 15;
    }

    public static int kind(int effect) {
        return effect & 0xf;
    }

    public static int pops(int effect) {
        return (effect >>> 4) & 0xff;
    }

    public static int pushes(int effect) {
        return (effect >>> 12) & 0x7;
    }

    public static int operand(int effect) {
        return effect >>> 15;
    }

    /** {@code dup}'s opcode (JVMS §6.5), the first of the shuffles. */
    private static final int DUP = 89;

    /** The shuffles' shapes from {@code dup} to {@code swap}: the slots popped, then each slot pushed, bottom to top. */
    private static final int[][] SHUFFLES = {
            {1, 0, 0},                  // dup
            {2, 1, 0, 1},               // dup_x1
            {3, 2, 0, 1, 2},            // dup_x2
            {2, 0, 1, 0, 1},            // dup2
            {3, 1, 2, 0, 1, 2},         // dup2_x1
            {4, 2, 3, 0, 1, 2, 3},      // dup2_x2
            {2, 1, 0},                  // swap
    };

    /**
     * The shape of shuffle {@code opcode} ({@code dup} … {@code swap}, in slots): the slots it
     * pops, then each slot it pushes, bottom to top, as the index of a popped slot (0 the deepest).
     * The array is shared: not to be changed.
     */
    public static int[] shuffle(int opcode) {
        if (opcode < DUP || opcode >= DUP + SHUFFLES.length) {
            throw new IllegalArgumentException("not a shuffle: opcode " + opcode);
        }
        return SHUFFLES[opcode - DUP];
    }

    /** Instructions described: 0 when the flow is not known. */
    public int size() {
        return effects.length;
    }
}
