package io.loupe.instrument.emit;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;

import java.util.ArrayList;
import java.util.List;

/**
 * Stack map frame surgery shared by the probe inserters. Loupe's locals are appended after the
 * method's own ({@code maxLocals} onwards) and assigned at entry, before any frame, so every
 * expanded frame can simply list them: pad the frame's locals with TOP up to {@code maxLocals},
 * then add Loupe's types. No frame is ever recomputed, so no class is loaded to merge types.
 */
public final class FrameLocals {

    private FrameLocals() {
    }

    /** Appends {@code types} after slot {@code maxLocals - 1} in every frame of the given lists. */
    public static void append(int maxLocals, List<Object> types, InsnList... lists) {
        for (InsnList list : lists) {
            for (AbstractInsnNode n = list.getFirst(); n != null; n = n.getNext()) {
                if (n instanceof FrameNode f) {
                    List<Object> locals = new ArrayList<>(f.local);
                    int slots = 0;
                    for (Object t : locals) {
                        slots += (Opcodes.LONG.equals(t) || Opcodes.DOUBLE.equals(t)) ? 2 : 1;
                    }
                    for (; slots < maxLocals; slots++) {
                        locals.add(Opcodes.TOP);
                    }
                    locals.addAll(types);
                    f.local = locals;
                }
            }
        }
    }

    /**
     * The locals of the frame a method starts with (JVMS §4.10.1.6), in ASM's frame format:
     * {@code this} ({@code UNINITIALIZED_THIS} in a constructor) unless the method is static, then
     * one entry per parameter (a {@code long} or {@code double} is one entry, as in any frame).
     */
    public static Object[] atEntry(String owner, int access, String name, String descriptor) {
        Type[] args = Type.getArgumentTypes(descriptor);
        boolean instance = (access & Opcodes.ACC_STATIC) == 0;
        Object[] locals = new Object[args.length + (instance ? 1 : 0)];
        int i = 0;
        if (instance) {
            locals[i++] = name.equals("<init>") ? Opcodes.UNINITIALIZED_THIS : owner;
        }
        for (Type t : args) {
            locals[i++] = switch (t.getSort()) {
                case Type.BOOLEAN, Type.CHAR, Type.BYTE, Type.SHORT, Type.INT -> Opcodes.INTEGER;
                case Type.FLOAT -> Opcodes.FLOAT;
                case Type.LONG -> Opcodes.LONG;
                case Type.DOUBLE -> Opcodes.DOUBLE;
                default -> t.getInternalName();   // a class's name, or an array's descriptor
            };
        }
        return locals;
    }

    /** The frame recorded at a label (every jump target has one in a class of version 50 or later). */
    public static FrameNode at(AbstractInsnNode label) {
        for (AbstractInsnNode n = label; n != null && n.getOpcode() < 0; n = n.getNext()) {
            if (n instanceof FrameNode f) {
                return f;
            }
        }
        throw new IllegalStateException("no stack map frame at a jump target");
    }

    /** A copy of a frame, to place in front of a trampoline that jumps to the frame's label. */
    public static FrameNode copy(FrameNode f) {
        return new FrameNode(Opcodes.F_NEW, f.local.size(), f.local.toArray(), f.stack.size(), f.stack.toArray());
    }
}
