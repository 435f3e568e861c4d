package io.loupe.instrument.paths;

import io.loupe.instrument.emit.IntConstant;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * The class-local fast path of one-path-per-activation methods. Counting through
 * {@code Loupe.count} walks a chain of dependent loads (cached recorder, its tables, the method's
 * array) on every call of every small method; here the class keeps the counter array of its
 * owner thread — the first thread that counts in it — in a private static field, so the common
 * case is two independent static loads and an increment:
 *
 * <pre>
 * private static synthetic transient Thread $loupe$owner;
 * private static synthetic transient long[] $loupe$counts;
 * private static synthetic void $loupe$count(int slot) {
 *     if ($loupe$owner == Thread.currentThread()) { $loupe$counts[slot]++; return; }
 *     long[] mine = Loupe.classCount(classKey, slot);     // counts it, in this thread's array
 *     if (mine != null) { $loupe$counts = mine; $loupe$owner = Thread.currentThread(); }
 * }
 * </pre>
 *
 * Methods with loops (the ARRAY mode) count in the same array, at slots of their own: at entry
 * they take the array the same way, and their path register carries their slot offset.
 *
 * <pre>
 * private static synthetic long[] $loupe$counters() {
 *     if ($loupe$owner == Thread.currentThread()) return $loupe$counts;
 *     long[] mine = Loupe.classCounters(classKey);          // this thread's array for the class
 *     if (Loupe.claimClass(classKey)) { $loupe$counts = mine; $loupe$owner = Thread.currentThread(); }
 *     return mine;
 * }
 * </pre>
 *
 * Only one thread ever becomes the owner ({@code ClassSlots.claim}), and it sets both fields
 * itself before it reads them, so no other thread ever writes the owner's array: counts stay
 * exact with any number of threads. The members are private static synthetic and there is no
 * static initializer, so the class's default {@code serialVersionUID} does not change.
 */
final class ClassCounters {

    /** What the names of the members start with. */
    static final String PREFIX = "$loupe$";
    static final String OWNER = "$loupe$owner";
    static final String COUNTS = "$loupe$counts";
    static final String COUNT = "$loupe$count";
    static final String COUNTERS = "$loupe$counters";

    /**
     * The most slots a class-local array gets for methods with loops: past it they keep arrays of
     * their own, allocated only when they run (a class array is allocated whole at its first count).
     */
    static final int ARRAY_SLOT_LIMIT = 16_384;

    private static final int FIELD_ACCESS = Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC
            | Opcodes.ACC_TRANSIENT;

    private ClassCounters() {
    }

    /** True if the class can take the members: a class (not an interface) without them already. */
    static boolean applicable(ClassNode cn) {
        if ((cn.access & (Opcodes.ACC_INTERFACE | Opcodes.ACC_MODULE)) != 0) {
            return false;
        }
        return cn.fields.stream().noneMatch(f -> f.name.startsWith(PREFIX))
                && cn.methods.stream().noneMatch(m -> m.name.startsWith(PREFIX));
    }

    /**
     * Adds the two fields and the counting method to {@code cn}, and the method that hands out the
     * array if {@code arrays} (some method with loops counts there).
     */
    static void addTo(ClassNode cn, int classKey, boolean frames, boolean arrays) {
        addCount(cn, classKey, frames);
        if (arrays) {
            addCounters(cn, classKey, frames);
        }
    }

    private static void addCount(ClassNode cn, int classKey, boolean frames) {
        cn.fields.add(new FieldNode(FIELD_ACCESS, OWNER, "Ljava/lang/Thread;", null, null));
        cn.fields.add(new FieldNode(FIELD_ACCESS, COUNTS, "[J", null, null));
        MethodNode m = new MethodNode(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC, COUNT, "(I)V", null, null);
        InsnList l = m.instructions;
        LabelNode slow = new LabelNode();
        LabelNode notOwner = new LabelNode();
        ownerCounts(l, cn, slow);
        // Stack: [J → [J, I → [J, I, [J, I → [J, I, J → [J, I, J, J → [J, I, J → (empty)
        l.add(new VarInsnNode(Opcodes.ILOAD, 0));
        l.add(new InsnNode(Opcodes.DUP2));
        l.add(new InsnNode(Opcodes.LALOAD));
        l.add(new InsnNode(Opcodes.LCONST_1));
        l.add(new InsnNode(Opcodes.LADD));
        l.add(new InsnNode(Opcodes.LASTORE));
        l.add(new InsnNode(Opcodes.RETURN));
        l.add(slow);
        if (frames) {
            l.add(new FrameNode(Opcodes.F_NEW, 1, new Object[] {Opcodes.INTEGER}, 0, new Object[0]));
        }
        // Stack: I, I → [J → [J, [J → [J
        l.add(IntConstant.push(classKey));
        l.add(new VarInsnNode(Opcodes.ILOAD, 0));
        l.add(new MethodInsnNode(Opcodes.INVOKESTATIC, PathRegister.LOUPE, "classCount", "(II)[J", false));
        l.add(new InsnNode(Opcodes.DUP));
        l.add(new JumpInsnNode(Opcodes.IFNULL, notOwner));
        becomeOwner(l, cn);
        l.add(new InsnNode(Opcodes.RETURN));
        l.add(notOwner);
        if (frames) {
            l.add(new FrameNode(Opcodes.F_NEW, 1, new Object[] {Opcodes.INTEGER}, 1, new Object[] {"[J"}));
        }
        l.add(new InsnNode(Opcodes.POP));
        l.add(new InsnNode(Opcodes.RETURN));
        m.maxLocals = 1;
        m.maxStack = 6;
        cn.methods.add(m);
    }

    private static void addCounters(ClassNode cn, int classKey, boolean frames) {
        MethodNode m = new MethodNode(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC, COUNTERS, "()[J", null, null);
        InsnList l = m.instructions;
        LabelNode slow = new LabelNode();
        LabelNode notOwner = new LabelNode();
        ownerCounts(l, cn, slow);
        l.add(new InsnNode(Opcodes.ARETURN));
        l.add(slow);
        if (frames) {
            l.add(new FrameNode(Opcodes.F_NEW, 0, new Object[0], 0, new Object[0]));
        }
        // Stack: I → [J → (empty), local 0 = mine; I → Z → (empty)
        l.add(IntConstant.push(classKey));
        l.add(new MethodInsnNode(Opcodes.INVOKESTATIC, PathRegister.LOUPE, "classCounters", "(I)[J", false));
        l.add(new VarInsnNode(Opcodes.ASTORE, 0));
        l.add(IntConstant.push(classKey));
        l.add(new MethodInsnNode(Opcodes.INVOKESTATIC, PathRegister.LOUPE, "claimClass", "(I)Z", false));
        l.add(new JumpInsnNode(Opcodes.IFEQ, notOwner));
        l.add(new VarInsnNode(Opcodes.ALOAD, 0));
        becomeOwner(l, cn);
        l.add(notOwner);
        if (frames) {
            l.add(new FrameNode(Opcodes.F_NEW, 1, new Object[] {"[J"}, 0, new Object[0]));
        }
        l.add(new VarInsnNode(Opcodes.ALOAD, 0));
        l.add(new InsnNode(Opcodes.ARETURN));
        m.maxLocals = 1;
        m.maxStack = 2;
        cn.methods.add(m);
    }

    /** Pushes the owner's array if the current thread owns the class, else jumps to {@code notOwner} (stack unchanged). */
    private static void ownerCounts(InsnList l, ClassNode cn, LabelNode notOwner) {
        // Stack: Thread, Thread → (empty) → [J
        l.add(new FieldInsnNode(Opcodes.GETSTATIC, cn.name, OWNER, "Ljava/lang/Thread;"));
        l.add(currentThread());
        l.add(new JumpInsnNode(Opcodes.IF_ACMPNE, notOwner));
        l.add(new FieldInsnNode(Opcodes.GETSTATIC, cn.name, COUNTS, "[J"));
    }

    /** Keeps the array on the stack as the class's and the current thread as its owner. Stack: [J → (empty). */
    private static void becomeOwner(InsnList l, ClassNode cn) {
        l.add(new FieldInsnNode(Opcodes.PUTSTATIC, cn.name, COUNTS, "[J"));
        l.add(currentThread());
        l.add(new FieldInsnNode(Opcodes.PUTSTATIC, cn.name, OWNER, "Ljava/lang/Thread;"));
    }

    private static MethodInsnNode currentThread() {
        return new MethodInsnNode(Opcodes.INVOKESTATIC, "java/lang/Thread", "currentThread", "()Ljava/lang/Thread;", false);
    }
}
