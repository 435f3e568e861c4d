package io.loupe.instrument.emit;

import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;

import java.util.Arrays;

/**
 * Hands the class writer each expanded stack map frame ({@code F_NEW}, as the instrumenter keeps
 * them) as the compressed frame it stands for: {@code F_SAME}, {@code F_SAME1}, {@code F_APPEND},
 * {@code F_CHOP} or {@code F_FULL} (JVMS §4.7.4), relative to the frame before it, the first one
 * to the frame the method's descriptor implies. The written class is the one ASM would write from
 * the expanded frames, whose {@code MethodWriter} compresses them by the same rules, but for one
 * frame form: a one-item frame 63 bytes after the one before, which ASM writes in its extended form
 * and this path in its short one (docs/architecture.md, item 14).
 *
 * <p>Why: for an expanded frame {@code MethodWriter} turns every reference type, in every frame,
 * into its abstract type through a descriptor built and cut apart again ({@code "L" + name + ";"},
 * then a substring) before it compares the frame with the one before; compressed frames go
 * straight to the constant pool, and a {@code F_SAME} frame, most of them, needs nothing at all.
 * That conversion was an eighth of the instrumenter's time on the classes a program loads (quiet
 * copies double a method's frames). Here two frames are compared on the types as they are:
 * strings by {@code equals}, the uninitialized types' labels by identity, which is at least as
 * strict as ASM's comparison, so a frame written compressed here is one ASM would have compressed
 * too.
 *
 * <p>Class files before version 50 have no {@code StackMapTable} and pass through unchanged.
 */
public final class CompressedFrames extends ClassVisitor {

    private String owner;
    private boolean compress;

    CompressedFrames(ClassVisitor next) {
        super(Opcodes.ASM9, next);
    }

    /** The class file of {@code cn}, its maximum stack and locals computed, its frames compressed here. */
    public static byte[] write(ClassNode cn) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cn.accept(new CompressedFrames(cw));
        return cw.toByteArray();
    }

    @Override
    public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
        owner = name;
        compress = (version & 0xffff) >= Opcodes.V1_6;
        super.visit(version, access, name, signature, superName, interfaces);
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
        MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
        return compress && mv != null ? new Frames(mv, FrameLocals.atEntry(owner, access, name, descriptor)) : mv;
    }

    /** One method's frames: the locals of the previous frame, and each expanded frame compressed against them. */
    static final class Frames extends MethodVisitor {

        private Object[] previous;
        private int previousCount;

        Frames(MethodVisitor next, Object[] implicitLocals) {
            super(Opcodes.ASM9, next);
            this.previous = implicitLocals;
            this.previousCount = implicitLocals.length;
        }

        @Override
        public void visitFrame(int type, int numLocal, Object[] local, int numStack, Object[] stack) {
            if (type != Opcodes.F_NEW) {
                // the instrumenter keeps every frame expanded (docs/architecture.md, item 7); one that
                // came compressed would be written relative to a frame this class never saw
                throw new IllegalStateException("a compressed frame among expanded ones");
            }
            int shared = Math.min(previousCount, numLocal);
            boolean prefix = true;
            for (int i = 0; i < shared && prefix; i++) {
                prefix = same(previous[i], local[i]);
            }
            int delta = numLocal - previousCount;
            previous = Arrays.copyOf(local, numLocal);
            previousCount = numLocal;
            if (prefix && numStack == 0 && delta == 0) {
                super.visitFrame(Opcodes.F_SAME, 0, null, 0, null);
            } else if (prefix && numStack == 1 && delta == 0) {
                super.visitFrame(Opcodes.F_SAME1, 0, null, 1, stack);
            } else if (prefix && numStack == 0 && delta > 0 && delta <= 3) {
                super.visitFrame(Opcodes.F_APPEND, delta, Arrays.copyOfRange(local, shared, numLocal), 0, null);
            } else if (prefix && numStack == 0 && delta < 0 && delta >= -3) {
                super.visitFrame(Opcodes.F_CHOP, -delta, null, 0, null);
            } else {
                super.visitFrame(Opcodes.F_FULL, numLocal, local, numStack, stack);
            }
        }

        /** Frame types that are one verification type: the same constant, the same class, the same label. */
        private static boolean same(Object a, Object b) {
            return a == b || (a instanceof String || a instanceof Integer) && a.equals(b);
        }
    }
}
