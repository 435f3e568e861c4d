package io.loupe.instrument.flow;

import org.objectweb.asm.Label;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.util.Random;

/**
 * Random method bodies with arbitrary control flow: fall-through, forward and backward gotos,
 * conditional jumps, switches, returns, throws and try/catch ranges. Flow analysis only needs the
 * shape, so the code does not have to verify.
 */
final class RandomMethods {

    private RandomMethods() {
    }

    static MethodNode generate(long seed, int blocks) {
        Random rnd = new Random(seed);
        MethodNode m = new MethodNode(Opcodes.ACC_STATIC, "m", "(I)V", null, null);
        LabelNode[] labels = new LabelNode[blocks];
        for (int i = 0; i < blocks; i++) {
            labels[i] = new LabelNode(new Label());
        }
        for (int i = 0; i < blocks; i++) {
            m.instructions.add(labels[i]);
            m.instructions.add(new IincInsnNode(0, 1));
            int choice = i == blocks - 1 ? 4 : rnd.nextInt(10);
            switch (choice) {
                case 0, 1 -> { } // fall through
                case 2 -> m.instructions.add(new JumpInsnNode(Opcodes.GOTO, labels[rnd.nextInt(blocks)]));
                case 3, 5, 6 -> {
                    m.instructions.add(new VarInsnNode(Opcodes.ILOAD, 0));
                    m.instructions.add(new JumpInsnNode(Opcodes.IFEQ, labels[rnd.nextInt(blocks)]));
                }
                case 4 -> m.instructions.add(new InsnNode(Opcodes.RETURN));
                case 7 -> {
                    m.instructions.add(new InsnNode(Opcodes.ACONST_NULL));
                    m.instructions.add(new InsnNode(Opcodes.ATHROW));
                }
                default -> {
                    m.instructions.add(new VarInsnNode(Opcodes.ILOAD, 0));
                    int cases = 1 + rnd.nextInt(4);
                    LabelNode[] targets = new LabelNode[cases];
                    for (int c = 0; c < cases; c++) {
                        targets[c] = labels[rnd.nextInt(blocks)];
                    }
                    m.instructions.add(new TableSwitchInsnNode(0, cases - 1, labels[rnd.nextInt(blocks)], targets));
                }
            }
        }
        LabelNode end = new LabelNode(new Label());
        m.instructions.add(end);
        int tries = rnd.nextInt(3);
        for (int t = 0; t < tries && blocks > 2; t++) {
            int a = rnd.nextInt(blocks - 1);
            int b = a + 1 + rnd.nextInt(blocks - a - 1);
            int h = rnd.nextInt(blocks);
            m.tryCatchBlocks.add(new TryCatchBlockNode(labels[a], labels[b], labels[h], null));
        }
        return m;
    }
}
