package io.loupe.instrument.emit;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Copies of a heap access's operands for a probe that runs just before the access: the code that
 * puts them on top of the stack and, where a value had to be set aside, puts the stack back as
 * the access expects it. Shared by the dependence profiler's probes and the whole-program trace's
 * address probes, so both see the same operands.
 */
public final class AccessOperands {

    private AccessOperands() {
    }

    /** Before {@code getfield} or {@code putfield}: a copy of the object on top, the stack below as it was. */
    public static InsnList fieldObject(FieldInsnNode f) {
        InsnList l = new InsnList();
        if (f.getOpcode() == Opcodes.GETFIELD) {
            l.add(new InsnNode(Opcodes.DUP));
        } else if (Type.getType(f.desc).getSize() == 1) {
            l.add(new InsnNode(Opcodes.DUP2));      // o v → o v o v
            l.add(new InsnNode(Opcodes.POP));       //     → o v o
        } else {
            l.add(new InsnNode(Opcodes.DUP2_X1));   // o vv → vv o vv
            l.add(new InsnNode(Opcodes.POP2));      //      → vv o
            l.add(new InsnNode(Opcodes.DUP_X2));    //      → o vv o
        }
        return l;
    }

    /** The type of the value an array store {@code op} stores (a reference for {@code aastore}). */
    public static Type storedValue(int op) {
        return switch (op) {
            case Opcodes.LASTORE -> Type.LONG_TYPE;
            case Opcodes.FASTORE -> Type.FLOAT_TYPE;
            case Opcodes.DASTORE -> Type.DOUBLE_TYPE;
            case Opcodes.AASTORE -> Type.getObjectType("java/lang/Object");
            default -> Type.INT_TYPE;
        };
    }

    /**
     * Before an array store {@code op}: the value into local {@code scratch} (it needs
     * {@code storedValue(op).getSize()} slots), then a copy of array and index on top
     * ({@code a i} → {@code a i a i}); {@link #restoreValue} puts the value back.
     */
    public static InsnList arrayStoreOperands(int op, int scratch) {
        InsnList l = new InsnList();
        l.add(new VarInsnNode(storedValue(op).getOpcode(Opcodes.ISTORE), scratch));
        l.add(new InsnNode(Opcodes.DUP2));
        return l;
    }

    /** The stored value of an array store {@code op}, set aside by {@link #arrayStoreOperands}, on top again. */
    public static VarInsnNode restoreValue(int op, int scratch) {
        return new VarInsnNode(storedValue(op).getOpcode(Opcodes.ILOAD), scratch);
    }

    /**
     * The scratch locals of a call's arguments, set aside last first from {@code scratch} on:
     * {@code slots[i]} holds argument {@code i}; the total size is {@code slots[args.length]}.
     */
    public static int[] argumentSlots(MethodInsnNode call, int scratch) {
        Type[] args = Type.getArgumentTypes(call.desc);
        int[] slot = new int[args.length + 1];
        int size = 0;
        for (int i = 0; i < args.length; i++) {
            slot[i] = scratch + size;
            size += args[i].getSize();
        }
        slot[args.length] = size;
        return slot;
    }

    /** Stores a call's arguments (on the stack) into their {@link #argumentSlots}, last first. */
    public static InsnList setArgumentsAside(MethodInsnNode call, int[] slots) {
        Type[] args = Type.getArgumentTypes(call.desc);
        InsnList l = new InsnList();
        for (int i = args.length - 1; i >= 0; i--) {
            l.add(new VarInsnNode(args[i].getOpcode(Opcodes.ISTORE), slots[i]));
        }
        return l;
    }

    /** Loads argument {@code i} of {@code call} from its {@link #argumentSlots}. */
    public static VarInsnNode argument(MethodInsnNode call, int[] slots, int i) {
        return new VarInsnNode(Type.getArgumentTypes(call.desc)[i].getOpcode(Opcodes.ILOAD), slots[i]);
    }

    /** Loads every argument of {@code call} back, for the call itself. */
    public static InsnList argumentsBack(MethodInsnNode call, int[] slots) {
        InsnList l = new InsnList();
        for (int i = 0; i < Type.getArgumentTypes(call.desc).length; i++) {
            l.add(argument(call, slots, i));
        }
        return l;
    }
}
