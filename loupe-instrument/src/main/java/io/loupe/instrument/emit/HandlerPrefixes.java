package io.loupe.instrument.emit;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Keeps code Loupe inserts at the start of an exception handler out of the handler's entry block
 * where that handler covers it, and never where a monitor is held outside every {@code any} handler.
 *
 * <p>javac's handlers may cover their own first instructions: a {@code finally} block, or the
 * release of a {@code synchronized} block, has an {@code any} entry whose range runs on past the
 * handler's start (from 17 to 20, handler 17). Three rules of HotSpot's meet there, and a method
 * that breaks one is refused by a compiler:
 * <ul>
 *   <li>C1 gives up ("exception handler covers itself") when an instruction that can throw lies in
 *   the handler's entry block under its own range. The original code meets that rule: its covered
 *   prefix is a store of the exception, loads and a {@code monitorexit}. The calls Loupe puts at a
 *   handler's start — dependence profiling's {@code restore}, a value probe on that store — can
 *   throw as far as C1 knows.</li>
 *   <li>Both compilers give up (C1 "invalid parsing", C2 "cannot parse method") on a method whose
 *   monitors the JVM cannot prove balanced: an instruction that can throw while a monitor is held,
 *   under no {@code any} handler, could leave the method holding it. In a release handler the
 *   monitor is held until its {@code monitorexit}.</li>
 *   <li>C1 gives up ("error while joining with exception handler") on an exception edge into a
 *   handler it has already parsed, as an edge from code after the handler's start would be.</li>
 * </ul>
 * So, for each of the method's own handlers whose range covers code inserted at its start: a
 * {@code finally} block's range is split around that code ({@code [start, handler)} and
 * {@code [first original instruction, end)}; no monitor is held there), and a release keeps its
 * range and starts with a {@code goto} to that code, which ends the entry block (C2 compiles the
 * method, C1 not). The profilers avoid the second case: dependence profiling restores its stacks
 * past a release's range ({@link #monitorRelease}), and value profiling does not probe the store
 * that starts it ({@link #monitorReleaseStores}). Splitting every range, as an earlier version
 * did, left every instrumented method with a {@code synchronized} block to the interpreter.
 */
public final class HandlerPrefixes {

    private final Map<LabelNode, AbstractInsnNode> firstOfHandler = new IdentityHashMap<>();

    private HandlerPrefixes(MethodNode m) {
        for (TryCatchBlockNode t : m.tryCatchBlocks) {
            firstOfHandler.put(t.handler, firstInstruction(t.handler));
        }
    }

    /** Records, before any code is inserted, the first instruction of each of {@code m}'s handlers. */
    public static HandlerPrefixes of(MethodNode m) {
        return new HandlerPrefixes(m);
    }

    /**
     * After insertion, for each of {@code m}'s recorded handlers whose range covers code inserted
     * at its own start: splits the range around that code, or for a {@code synchronized} block's
     * release keeps it and puts a {@code goto} to that code first (see the class comment).
     * Handlers added since are left as they are.
     */
    public void separate(MethodNode m) {
        if (firstOfHandler.isEmpty()) {
            return;
        }
        Map<AbstractInsnNode, Integer> at = new IdentityHashMap<>();
        int i = 0;
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            at.put(n, i++);
        }
        Set<LabelNode> jumped = Collections.newSetFromMap(new IdentityHashMap<>());
        List<TryCatchBlockNode> out = new ArrayList<>(m.tryCatchBlocks.size());
        for (TryCatchBlockNode t : m.tryCatchBlocks) {
            AbstractInsnNode first = firstOfHandler.get(t.handler);
            Integer h = at.get(t.handler);
            if (first == null || h == null || !at.containsKey(first) || !instructionBetween(t.handler, first)
                    || at.get(t.start) > h || h >= at.get(t.end)) {
                out.add(t);
                continue;
            }
            if (releasesMonitor(first, t.end)) {
                out.add(t);   // the range stays: Loupe's code must be under it while the monitor is held
                if (jumped.add(t.handler)) {
                    jumpOver(m, t.handler);
                }
                continue;
            }
            // a finally block's: no monitor is held, so the range is split around Loupe's code
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

    /**
     * The first instructions of {@code m}'s handlers that cover their own start and release a
     * monitor there (javac's release of a {@code synchronized} block: a store of the exception, a
     * load of the lock, {@code monitorexit}), where they are stores. Value profiling leaves those
     * stores alone: a probe there could only be kept from C1 (see the class comment), and the
     * local is javac's, not the program's.
     */
    public static Set<AbstractInsnNode> monitorReleaseStores(MethodNode m) {
        Set<AbstractInsnNode> stores = Collections.newSetFromMap(new IdentityHashMap<>());
        for (TryCatchBlockNode t : m.tryCatchBlocks) {
            if (!coversItsStart(m, t)) {
                continue;
            }
            AbstractInsnNode first = firstInstruction(t.handler);
            if (first != null && first.getOpcode() == Opcodes.ASTORE && releasesMonitor(first, t.end)) {
                stores.add(first);
            }
        }
        return stores;
    }

    /**
     * Where a {@code synchronized} block's release handler whose first instruction is
     * {@code first} ends its own range (the label after its {@code monitorexit}), or null: for a
     * handler that covers its own start, where only stores and loads of locals come before the
     * {@code monitorexit} (javac's: store the exception, load the lock) and the range ends right
     * after it. Dependence profiling restores its stacks there rather than at the handler's start,
     * so that no code of Loupe's lies under the handler's own range or where the monitor is held
     * (see the class comment): C1 and C2 both compile the method. Nothing before it records an
     * event, so the stacks are still restored before the handler's first.
     */
    public static AbstractInsnNode monitorRelease(MethodNode m, AbstractInsnNode first) {
        for (TryCatchBlockNode t : m.tryCatchBlocks) {
            if (!coversItsStart(m, t) || firstInstruction(t.handler) != first) {
                continue;
            }
            for (AbstractInsnNode n = first; n != null && n != t.end; n = n.getNext()) {
                int op = n.getOpcode();
                if (op == Opcodes.MONITOREXIT) {
                    // past the end of the handler's range, which javac ends right after it
                    for (AbstractInsnNode p = n.getNext(); p != null && p.getOpcode() < 0; p = p.getNext()) {
                        if (p == t.end) {
                            return p;
                        }
                    }
                    return null;
                }
                if (op >= 0 && !(op >= Opcodes.ILOAD && op <= Opcodes.ALOAD) && !(op >= Opcodes.ISTORE && op <= Opcodes.ASTORE)) {
                    return null;
                }
            }
        }
        return null;
    }

    /** Whether handler {@code t}'s range covers its own start (javac's {@code finally} and {@code synchronized}). */
    private static boolean coversItsStart(MethodNode m, TryCatchBlockNode t) {
        int h = m.instructions.indexOf(t.handler);
        return m.instructions.indexOf(t.start) <= h && h < m.instructions.indexOf(t.end);
    }

    /** The first instruction at or after {@code label}, or null. */
    private static AbstractInsnNode firstInstruction(AbstractInsnNode label) {
        AbstractInsnNode n = label;
        while (n != null && n.getOpcode() < 0) {
            n = n.getNext();
        }
        return n;
    }

    /** Whether the handler's code from {@code first} up to {@code end} releases a monitor: a {@code synchronized} block's. */
    private static boolean releasesMonitor(AbstractInsnNode first, AbstractInsnNode end) {
        for (AbstractInsnNode n = first; n != null && n != end; n = n.getNext()) {
            if (n.getOpcode() == Opcodes.MONITOREXIT) {
                return true;
            }
        }
        return false;
    }

    /** Ends the handler's entry block before Loupe's code at its start: a {@code goto} to it, with the handler's frame. */
    private static void jumpOver(MethodNode m, LabelNode handler) {
        AbstractInsnNode last = handler;   // the label, line numbers and frame at the handler's start
        FrameNode frame = null;
        while (last.getNext() != null && last.getNext().getOpcode() < 0) {
            last = last.getNext();
            if (last instanceof FrameNode f) {
                frame = f;
            }
        }
        LabelNode loupe = new LabelNode();
        InsnList jump = new InsnList();
        jump.add(new JumpInsnNode(Opcodes.GOTO, loupe));
        jump.add(loupe);
        if (frame != null) {   // a jump target has a frame (classes of version 50 or later): the handler's own
            jump.add(new FrameNode(frame.type, frame.local.size(), frame.local.toArray(),
                    frame.stack.size(), frame.stack.toArray()));
        }
        m.instructions.insert(last, jump);
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
