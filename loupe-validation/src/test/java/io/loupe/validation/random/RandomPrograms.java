package io.loupe.validation.random;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.util.Random;

/**
 * Executable classes with one random method, {@code static int run(int)}: blocks that fall
 * through, jump forwards and backwards, branch on bits of a pseudo-random state, switch, return,
 * throw, and exception handlers that catch and jump back into the flow. Every block first spends
 * one unit of fuel and returns when it runs out, so every run ends. Locals are ints only, so frames
 * can be computed without loading any class.
 */
final class RandomPrograms {

    private RandomPrograms() {
    }

    static byte[] generate(String internalName, long seed, int blocks) {
        Random rnd = new Random(seed);
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL, internalName, null, "java/lang/Object", null);
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "run", "(I)I", null, null);
        mv.visitCode();
        Label[] label = new Label[blocks];
        for (int i = 0; i < blocks; i++) {
            label[i] = new Label();
        }
        Label exit = new Label();
        int handlers = rnd.nextInt(3);
        Label[] handler = new Label[handlers];
        for (int h = 0; h < handlers; h++) {
            handler[h] = new Label();
            int from = rnd.nextInt(blocks);
            int to = from + 1 + rnd.nextInt(blocks - from);
            mv.visitTryCatchBlock(label[from], to < blocks ? label[to] : exit, handler[h], null);
        }
        mv.visitIntInsn(Opcodes.BIPUSH, 40);
        mv.visitVarInsn(Opcodes.ISTORE, 1);
        for (int i = 0; i < blocks; i++) {
            mv.visitLabel(label[i]);
            mv.visitLineNumber(100 + i, label[i]);
            // fuel: every block spends one, and the method returns when none is left
            mv.visitIincInsn(1, -1);
            mv.visitVarInsn(Opcodes.ILOAD, 1);
            mv.visitJumpInsn(Opcodes.IFLE, exit);
            // state = state * 1103515245 + 12345
            mv.visitVarInsn(Opcodes.ILOAD, 0);
            mv.visitLdcInsn(1103515245);
            mv.visitInsn(Opcodes.IMUL);
            mv.visitLdcInsn(12345);
            mv.visitInsn(Opcodes.IADD);
            mv.visitVarInsn(Opcodes.ISTORE, 0);
            int choice = i == blocks - 1 ? 9 : rnd.nextInt(10);
            switch (choice) {
                case 0, 1 -> { } // fall through
                case 2 -> mv.visitJumpInsn(Opcodes.GOTO, label[rnd.nextInt(blocks)]);
                case 3, 4, 5 -> {
                    mv.visitVarInsn(Opcodes.ILOAD, 0);
                    mv.visitLdcInsn(1 << (20 + rnd.nextInt(8)));
                    mv.visitInsn(Opcodes.IAND);
                    mv.visitJumpInsn(rnd.nextBoolean() ? Opcodes.IFEQ : Opcodes.IFNE, label[rnd.nextInt(blocks)]);
                }
                case 6 -> {
                    mv.visitVarInsn(Opcodes.ILOAD, 0);
                    mv.visitIntInsn(Opcodes.BIPUSH, 28);
                    mv.visitInsn(Opcodes.IUSHR);
                    int cases = 1 + rnd.nextInt(4);
                    Label[] targets = new Label[cases];
                    for (int c = 0; c < cases; c++) {
                        targets[c] = label[rnd.nextInt(blocks)];
                    }
                    mv.visitTableSwitchInsn(0, cases - 1, label[rnd.nextInt(blocks)], targets);
                }
                case 7 -> {
                    mv.visitInsn(Opcodes.ACONST_NULL);   // a NullPointerException, caught or not
                    mv.visitInsn(Opcodes.ATHROW);
                }
                default -> {
                    mv.visitVarInsn(Opcodes.ILOAD, 0);
                    mv.visitInsn(Opcodes.IRETURN);
                }
            }
        }
        mv.visitLabel(exit);
        mv.visitVarInsn(Opcodes.ILOAD, 0);
        mv.visitInsn(Opcodes.IRETURN);
        for (int h = 0; h < handlers; h++) {
            mv.visitLabel(handler[h]);
            mv.visitInsn(Opcodes.POP);
            mv.visitIincInsn(0, 7 + h);
            mv.visitJumpInsn(Opcodes.GOTO, label[rnd.nextInt(blocks)]);
        }
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }
}
