package io.loupe.instrument.values;

import org.junit.jupiter.api.Test;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link QuietCopy#hasBackwardJump}: a jump or a switch target, default or case, before the instruction is a loop. */
class HasBackwardJumpTest {

    private static MethodNode method() {
        return new MethodNode(Opcodes.ACC_STATIC, "m", "(I)V", null, null);
    }

    @Test
    void aJumpBackIsALoopAndAJumpForwardIsNot() {
        MethodNode forward = method();
        LabelNode end = new LabelNode();
        forward.instructions.add(new VarInsnNode(Opcodes.ILOAD, 0));
        forward.instructions.add(new JumpInsnNode(Opcodes.IFEQ, end));
        forward.instructions.add(end);
        forward.instructions.add(new InsnNode(Opcodes.RETURN));
        assertFalse(QuietCopy.hasBackwardJump(forward));

        MethodNode back = method();
        LabelNode head = new LabelNode();
        back.instructions.add(head);
        back.instructions.add(new VarInsnNode(Opcodes.ILOAD, 0));
        back.instructions.add(new JumpInsnNode(Opcodes.IFNE, head));
        back.instructions.add(new InsnNode(Opcodes.RETURN));
        assertTrue(QuietCopy.hasBackwardJump(back));
    }

    @Test
    void aSwitchBackByItsDefaultOrByACaseIsALoop() {
        assertTrue(QuietCopy.hasBackwardJump(switchMethod(true, false, false)));
        assertTrue(QuietCopy.hasBackwardJump(switchMethod(false, true, false)));
        assertTrue(QuietCopy.hasBackwardJump(switchMethod(true, false, true)));
        assertTrue(QuietCopy.hasBackwardJump(switchMethod(false, true, true)));
        assertFalse(QuietCopy.hasBackwardJump(switchMethod(false, false, false)));
        assertFalse(QuietCopy.hasBackwardJump(switchMethod(false, false, true)));
    }

    /** A table switch (or a lookup switch) whose default, or whose second case, may go back to the start. */
    private static MethodNode switchMethod(boolean defaultBack, boolean caseBack, boolean lookup) {
        MethodNode m = method();
        LabelNode head = new LabelNode();
        LabelNode a = new LabelNode();
        LabelNode b = new LabelNode();
        LabelNode dflt = defaultBack ? head : new LabelNode();
        LabelNode second = caseBack ? head : b;
        m.instructions.add(head);
        m.instructions.add(new VarInsnNode(Opcodes.ILOAD, 0));
        m.instructions.add(lookup
                ? new LookupSwitchInsnNode(dflt, new int[] {1, 2}, new LabelNode[] {a, second})
                : new TableSwitchInsnNode(1, 2, dflt, a, second));
        m.instructions.add(a);
        m.instructions.add(b);
        if (!defaultBack) {
            m.instructions.add(dflt);
        }
        m.instructions.add(new InsnNode(Opcodes.RETURN));
        return m;
    }
}
