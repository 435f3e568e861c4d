package io.loupe.instrument.instr;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.util.List;

/**
 * The instruction sequences of path profiling, for one method and one storage mode. The path
 * register {@code r} and the mode's state live in locals appended after the method's own
 * ({@code base} is the method's original {@code maxLocals}), fetched once at entry (DESIGN §4).
 *
 * <pre>
 * mode        locals after base          path end with increment c
 * ARRAY       r:int, counts:long[]       counts[r + c]++                      (no call)
 * HASH        r:int, t:PathThread        t.countPath(id, r + c)
 * KPATHS      r:int, t:PathThread,       cursor = t.step(cursor, id, r + c)
 *             cursor:long
 * </pre>
 */
final class PathRegister {

    /** How a method's path ends are recorded. */
    enum Mode { ARRAY, HASH, KPATHS }

    static final String LOUPE = "io/loupe/runtime/Loupe";
    static final String THREAD = "io/loupe/runtime/paths/PathThread";

    private final Mode mode;
    private final int methodId;
    private final int r;
    private final int state;
    private final int cursor;

    PathRegister(Mode mode, int methodId, int base) {
        this.mode = mode;
        this.methodId = methodId;
        this.r = base;
        this.state = base + 1;
        this.cursor = base + 2;
    }

    /** Frame types of the appended locals, in slot order (a long counts once, as ASM wants). */
    List<Object> frameLocals() {
        return switch (mode) {
            case ARRAY -> List.of(Opcodes.INTEGER, "[J");
            case HASH -> List.of(Opcodes.INTEGER, THREAD);
            case KPATHS -> List.of(Opcodes.INTEGER, THREAD, Opcodes.LONG);
        };
    }

    /** Method entry: fetch the thread's state, set the cursor to "*", start the first path. */
    InsnList entry(long startInc) {
        InsnList l = new InsnList();
        if (mode == Mode.ARRAY) {
            // Stack[0]: → int id → long[]
            l.add(push(methodId));
            l.add(new MethodInsnNode(Opcodes.INVOKESTATIC, LOUPE, "counters", "(I)[J", false));
        } else {
            l.add(new MethodInsnNode(Opcodes.INVOKESTATIC, LOUPE, "thread", "()L" + THREAD + ";", false));
        }
        l.add(new VarInsnNode(Opcodes.ASTORE, state));
        if (mode == Mode.KPATHS) {
            l.add(new InsnNode(Opcodes.LCONST_0));   // KSlabForest.START: the "*" of the stream
            l.add(new VarInsnNode(Opcodes.LSTORE, cursor));
        }
        l.add(start(startInc));
        return l;
    }

    /** Starts a path: {@code r = c}. */
    InsnList start(long inc) {
        InsnList l = new InsnList();
        l.add(push((int) inc));
        l.add(new VarInsnNode(Opcodes.ISTORE, r));
        return l;
    }

    /** Adds an increment to the path register: {@code r += c}. */
    InsnList add(long inc) {
        InsnList l = new InsnList();
        int c = (int) inc;
        if (c >= Short.MIN_VALUE && c <= Short.MAX_VALUE) {
            l.add(new IincInsnNode(r, c));
        } else {
            l.add(new VarInsnNode(Opcodes.ILOAD, r));
            l.add(push(c));
            l.add(new InsnNode(Opcodes.IADD));
            l.add(new VarInsnNode(Opcodes.ISTORE, r));
        }
        return l;
    }

    /** Ends the current path, whose id is {@code r + c}. */
    InsnList end(long inc) {
        InsnList l = new InsnList();
        switch (mode) {
            case ARRAY -> {
                // Stack: [J, I → [J, I, [J, I → [J, I, J → [J, I, J, J → [J, I, J → (empty)
                l.add(new VarInsnNode(Opcodes.ALOAD, state));
                pathId(l, inc);
                l.add(new InsnNode(Opcodes.DUP2));
                l.add(new InsnNode(Opcodes.LALOAD));
                l.add(new InsnNode(Opcodes.LCONST_1));
                l.add(new InsnNode(Opcodes.LADD));
                l.add(new InsnNode(Opcodes.LASTORE));
            }
            case HASH -> {
                // Stack: PathThread, I, I → (empty)
                l.add(new VarInsnNode(Opcodes.ALOAD, state));
                l.add(push(methodId));
                pathId(l, inc);
                l.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, THREAD, "countPath", "(II)V", false));
            }
            case KPATHS -> {
                // Stack: PathThread, J, I, I → J → (empty)
                l.add(new VarInsnNode(Opcodes.ALOAD, state));
                l.add(new VarInsnNode(Opcodes.LLOAD, cursor));
                l.add(push(methodId));
                pathId(l, inc);
                l.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, THREAD, "step", "(JII)J", false));
                l.add(new VarInsnNode(Opcodes.LSTORE, cursor));
            }
            default -> throw new AssertionError(mode);
        }
        return l;
    }

    /** Pushes {@code r + c}. */
    private void pathId(InsnList l, long inc) {
        l.add(new VarInsnNode(Opcodes.ILOAD, r));
        int c = (int) inc;
        if (c != 0) {
            l.add(push(c));
            l.add(new InsnNode(Opcodes.IADD));
        }
    }

    static org.objectweb.asm.tree.AbstractInsnNode push(int v) {
        if (v >= -1 && v <= 5) {
            return new InsnNode(Opcodes.ICONST_0 + v);
        }
        if (v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE) {
            return new IntInsnNode(Opcodes.BIPUSH, v);
        }
        if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) {
            return new IntInsnNode(Opcodes.SIPUSH, v);
        }
        return new LdcInsnNode(v);
    }
}
