package io.loupe.instrument.instr;

import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Keeps code Loupe inserts at the start of an exception handler out of that handler's own range.
 *
 * <p>javac's handlers may cover their own first instructions: a {@code finally} block, or the
 * release of a {@code synchronized} block, has an {@code any} entry whose range runs on past the
 * handler's start (from 17 to 20, handler 17). HotSpot's C1 compiles such a method only while no
 * instruction that can throw lies in the covered part of the handler's entry block; otherwise it
 * gives up on the whole method ("exception handler covers itself") and the method runs interpreted
 * until C2 compiles it, and for good if C2 cannot. The original code meets that rule: its covered
 * prefix is a store of the exception, loads and a {@code monitorexit}. But the calls Loupe puts at
 * a handler's start — dependence profiling's {@code restore}, a value probe on that store — can
 * throw as far as C1 knows. LuaJ's interpreter method, so instrumented, could only be compiled by
 * C2, which sometimes ran out of nodes on it.
 *
 * <p>So, for each of the method's own handlers: if code was inserted between the handler's label
 * and its first original instruction, and the handler's range covers the label, the range is split
 * around that code: {@code [start, handler)} and {@code [first original instruction, end)}. What
 * the range no longer covers is Loupe's code alone, which throws nothing the program could catch.
 */
public final class HandlerPrefixes {

    private final Map<LabelNode, AbstractInsnNode> firstOfHandler = new IdentityHashMap<>();

    private HandlerPrefixes(MethodNode m) {
        for (TryCatchBlockNode t : m.tryCatchBlocks) {
            AbstractInsnNode n = t.handler;
            while (n != null && n.getOpcode() < 0) {
                n = n.getNext();
            }
            firstOfHandler.put(t.handler, n);
        }
    }

    /** Records, before any code is inserted, the first instruction of each of {@code m}'s handlers. */
    public static HandlerPrefixes of(MethodNode m) {
        return new HandlerPrefixes(m);
    }

    /**
     * After insertion: splits the ranges of {@code m}'s recorded handlers that cover code inserted
     * at their own start (see the class comment). Handlers added since are left as they are.
     */
    public void uncover(MethodNode m) {
        if (firstOfHandler.isEmpty()) {
            return;
        }
        Map<AbstractInsnNode, Integer> at = new IdentityHashMap<>();
        int i = 0;
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            at.put(n, i++);
        }
        List<TryCatchBlockNode> out = new ArrayList<>(m.tryCatchBlocks.size());
        for (TryCatchBlockNode t : m.tryCatchBlocks) {
            AbstractInsnNode first = firstOfHandler.get(t.handler);
            Integer h = at.get(t.handler);
            if (first == null || h == null || !at.containsKey(first) || !instructionBetween(t.handler, first)
                    || at.get(t.start) > h || h >= at.get(t.end)) {
                out.add(t);
                continue;
            }
            if (instructionBetween(t.start, t.handler)) {   // a range must not be empty
                out.add(copy(t, t.start, t.handler));
            }
            LabelNode resume = new LabelNode();
            m.instructions.insertBefore(first, resume);
            if (at.get(first) < at.get(t.end)) {
                out.add(copy(t, resume, t.end));
            }
        }
        m.tryCatchBlocks = out;
    }

    /** True if an instruction lies from {@code from} up to {@code to} (which follows it), {@code to} excluded. */
    private static boolean instructionBetween(AbstractInsnNode from, AbstractInsnNode to) {
        for (AbstractInsnNode n = from; n != null && n != to; n = n.getNext()) {
            if (n.getOpcode() >= 0) {
                return true;
            }
        }
        return false;
    }

    private static TryCatchBlockNode copy(TryCatchBlockNode t, LabelNode start, LabelNode end) {
        TryCatchBlockNode c = new TryCatchBlockNode(start, end, t.handler, t.type);
        c.visibleTypeAnnotations = t.visibleTypeAnnotations;
        c.invisibleTypeAnnotations = t.invisibleTypeAnnotations;
        return c;
    }
}
