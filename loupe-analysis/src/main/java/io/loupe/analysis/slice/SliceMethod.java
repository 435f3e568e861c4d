package io.loupe.analysis.slice;

import io.loupe.data.meta.BlockMeta;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.trace.MethodFlow;
import io.loupe.data.trace.MethodOps;

/**
 * What a slice needs of one method, worked out once: its flow, each instruction's statement as a
 * set ({@link LineSets}), its blocks' instruction ranges, and the line of the criterion in it.
 */
final class SliceMethod {

    final MethodMeta meta;
    final MethodOps ops;
    final MethodFlow flow;
    /** False when the trace has no flow for the method: its values are all it was given and read. */
    final boolean known;
    /** Per instruction, the set of its statement ({@link LineSets#EMPTY} for no line). */
    final int[] statement;
    final int[] blockFirst;
    final int[] blockLast;
    final boolean[] handler;
    /** The slots its parameters may take (a receiver included, in case). */
    final int parameterSlots;
    /** The criterion's line when the method is in the criterion's class and has code there, else -1. */
    final int criterionLine;

    SliceMethod(MethodMeta meta, MethodOps ops, LineSets sets, Statements statements, int criterionLine) {
        this.meta = meta;
        this.ops = ops;
        this.flow = ops.flow();
        int n = meta.blocks().size();
        this.known = flow.size() > 0 && flow.control().length == n;
        statement = new int[flow.size()];
        for (int i = 0; i < statement.length; i++) {
            int line = flow.lines()[i];
            statement[i] = line < 0 ? LineSets.EMPTY : sets.of(statements.id(meta.id(), line));
        }
        blockFirst = new int[n];
        blockLast = new int[n];
        handler = new boolean[n];
        for (int b = 0; b < n; b++) {
            BlockMeta block = meta.blocks().get(b);
            blockFirst[b] = block.firstInsn();
            blockLast[b] = block.lastInsn();
            handler[b] = block.handler();
        }
        parameterSlots = 1 + argumentSlots(meta.desc());
        this.criterionLine = criterionLine;
    }

    /** The slots a method descriptor's arguments take (JVMS §4.3.3: {@code J} and {@code D} two). */
    static int argumentSlots(String desc) {
        int slots = 0;
        int i = 1;
        while (desc.charAt(i) != ')') {
            char c = desc.charAt(i);
            slots += c == 'J' || c == 'D' ? 2 : 1;
            while (desc.charAt(i) == '[') {
                i++;
            }
            if (desc.charAt(i) == 'L') {
                i = desc.indexOf(';', i);
            }
            i++;
        }
        return slots;
    }

    /** True if call instruction {@code insn} names this method's target {@code name + desc} as {@code callee} is. */
    boolean calls(int insn, MethodMeta callee) {
        int t = flow.targets()[insn];
        return t >= 0 && flow.names().get(t).equals(callee.signature());
    }
}
