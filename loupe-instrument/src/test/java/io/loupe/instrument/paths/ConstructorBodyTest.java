package io.loupe.instrument.paths;

import io.loupe.instrument.flow.MethodModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

import java.io.IOException;
import java.io.InputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Which javac constructors may keep path ends pending, and from which instruction on. */
class ConstructorBodyTest {

    static class Base {
        final long seed;

        Base(long seed) {
            this.seed = seed;
        }
    }

    static final class LoopAfterSuper extends Base {
        long total;

        LoopAfterSuper(int[] a) {
            super(a.length);
            for (int x : a) {
                total += x;
            }
        }

        /** Delegation: the {@code this(…)} call is the one that initializes. */
        LoopAfterSuper(int n) {
            this(new int[n]);
            for (int i = 0; i < n; i++) {
                total--;
            }
        }
    }

    static final class LoopInArguments extends Base {
        LoopInArguments(int[] a) {
            super(switch (a.length) {
                case 0 -> 0L;
                default -> {
                    long s = 0;
                    for (int x : a) {
                        s += x;
                    }
                    yield s;
                }
            });
        }
    }

    /** A field initializer with a loop runs after {@code super(…)}, inside every constructor. */
    static final class LoopInInitializer {
        final int[] squares = new int[4];

        {
            for (int i = 0; i < squares.length; i++) {
                squares[i] = i * i;
            }
        }
    }

    @ParameterizedTest(name = "{0}{1}: after {2}")
    @CsvSource({
            "LoopAfterSuper, ([I)V, ConstructorBodyTest$Base",
            "LoopAfterSuper, (I)V, ConstructorBodyTest$LoopAfterSuper",
            "LoopInInitializer, ()V, java/lang/Object",
            "LoopInArguments, ([I)V, -",
    })
    void aConstructorDefersAfterItsInitCallWhenEveryLoopFollowsIt(String inner, String desc, String initOwner)
            throws IOException {
        String owner = Type.getInternalName(ConstructorBodyTest.class) + "$" + inner;
        MethodNode m = constructor(owner, desc);
        AbstractInsnNode after = ConstructorBody.deferrableAfter(owner, m, MethodModel.of(m));
        if (initOwner.equals("-")) {
            assertNull(after, "a loop before the call: nothing may be deferred");
            return;
        }
        assertNotNull(after);
        assertEquals(Opcodes.INVOKESPECIAL, after.getOpcode());
        assertEquals("<init>", ((MethodInsnNode) after).name);
        String pkg = owner.substring(0, owner.lastIndexOf('/') + 1);
        assertEquals(initOwner.startsWith("java/") ? initOwner : pkg + initOwner, ((MethodInsnNode) after).owner);
    }

    @Test
    void anOrdinaryMethodHasNoInitCall() throws IOException {
        String owner = Type.getInternalName(CountedLoopsTest.class);
        ClassNode cn = read(owner);
        MethodNode m = cn.methods.stream().filter(x -> x.name.equals("branchFree")).findFirst().orElseThrow();
        assertNull(ConstructorBody.deferrableAfter(owner, m, MethodModel.of(m)));
    }

    private static MethodNode constructor(String owner, String desc) throws IOException {
        return read(owner).methods.stream().filter(m -> m.name.equals("<init>") && m.desc.equals(desc))
                .findFirst().orElseThrow();
    }

    private static ClassNode read(String internalName) throws IOException {
        ClassNode cn = new ClassNode();
        String file = internalName.substring(internalName.lastIndexOf('/') + 1) + ".class";
        try (InputStream in = ConstructorBodyTest.class.getResourceAsStream(file)) {
            new ClassReader(in).accept(cn, ClassReader.EXPAND_FRAMES);
        }
        return cn;
    }
}
