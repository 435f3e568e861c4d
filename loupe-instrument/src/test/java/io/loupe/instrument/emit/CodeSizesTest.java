package io.loupe.instrument.emit;

import io.loupe.data.sink.RecordingSink;
import io.loupe.data.values.SiteKind;
import io.loupe.instrument.ClassInstrumenter;
import io.loupe.instrument.InstrumentSettings;
import io.loupe.instrument.values.ValueSettings;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CodeSizesTest {

    /**
     * Known lengths, past a constant pool with two-slot entries (long, double), a field with an
     * attribute, an abstract method without code and a name outside ASCII.
     */
    @Test
    void readsTheLengthOfEveryMethodWithCode() {
        ClassNode cn = new ClassNode();
        cn.version = Opcodes.V17;
        cn.access = Opcodes.ACC_PUBLIC | Opcodes.ACC_ABSTRACT;
        cn.name = "g/Sizes";
        cn.superName = "java/lang/Object";
        cn.fields.add(new FieldNode(Opcodes.ACC_STATIC | Opcodes.ACC_FINAL, "K", "J", null, 7L));
        MethodNode nops = method("nops", "()V");
        for (int i = 0; i < 100; i++) {
            nops.instructions.add(new InsnNode(Opcodes.NOP));
        }
        nops.instructions.add(new InsnNode(Opcodes.RETURN));
        MethodNode constants = method("constants\u00e9\u4e2d", "()D");
        constants.instructions.add(new LdcInsnNode(123456789012L));   // ldc2_w: 3 bytes
        constants.instructions.add(new InsnNode(Opcodes.POP2));
        constants.instructions.add(new LdcInsnNode(2.5d));
        constants.instructions.add(new InsnNode(Opcodes.DRETURN));
        MethodNode none = new MethodNode(Opcodes.ACC_PUBLIC | Opcodes.ACC_ABSTRACT, "none", "()V", null, null);
        cn.methods.add(nops);
        cn.methods.add(constants);
        cn.methods.add(none);
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cn.accept(cw);
        assertEquals(Map.of("nops()V", 101, "constants\u00e9\u4e2d()D", 8), CodeSizes.of(cw.toByteArray()));
    }

    /** {@code static int name(int x)}: {@code stores} times {@code x = x + 1} (four bytes each), then a return. */
    private static MethodNode stores(String name, int stores) {
        MethodNode m = method(name, "(I)I");
        for (int i = 0; i < stores; i++) {
            m.instructions.add(new VarInsnNode(Opcodes.ILOAD, 0));
            m.instructions.add(new InsnNode(Opcodes.ICONST_1));
            m.instructions.add(new InsnNode(Opcodes.IADD));
            m.instructions.add(new VarInsnNode(Opcodes.ISTORE, 0));
        }
        m.instructions.add(new VarInsnNode(Opcodes.ILOAD, 0));
        m.instructions.add(new InsnNode(Opcodes.IRETURN));
        return m;
    }

    /** A class {@code name} of the {@link #stores} methods {@code s<n>} for each {@code n}, and its bytes. */
    private static ClassNode storesClass(String name, int... n) {
        ClassNode cn = new ClassNode();
        cn.version = Opcodes.V17;
        cn.access = Opcodes.ACC_PUBLIC;
        cn.name = name;
        cn.superName = "java/lang/Object";
        for (int stores : n) {
            cn.methods.add(stores("s" + stores, stores));
        }
        return cn;
    }

    private static byte[] bytes(ClassNode cn) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cn.accept(cw);
        return cw.toByteArray();
    }

    @Test
    void theBoundOnALengthIsNeverBelowIt() {
        ClassNode cn = storesClass("g/Bound", 10, 300, 1330, 1990, 2100);
        Map<String, Integer> sizes = CodeSizes.of(bytes(cn));
        for (MethodNode m : cn.methods) {
            int size = sizes.get(m.name + m.desc);
            assertTrue(size <= CodeSizes.HUGE || CodeSizes.mayBeHuge(m), m.name + ": " + size);
        }
        assertFalse(CodeSizes.mayBeHuge(cn.methods.get(1)), "300 stores: 1,202 bytes");
        assertTrue(CodeSizes.mayBeHuge(cn.methods.get(4)), "2,100 stores: 8,402 bytes");
    }

    /**
     * Full value profiling puts a probe at every local store: a method of 1,330 stores (5,322 bytes)
     * grows past 8,000 bytes and gets one warning with both lengths; one of 300 stores gets none.
     */
    @Test
    void aMethodPushedPastTheLimitIsNamedInAWarning() {
        byte[] original = bytes(storesClass("g/Grown", 300, 1330));
        assertEquals(5322, CodeSizes.of(original).get("s1330(I)I"));
        List<String> warnings = new ArrayList<>();
        byte[] out = new ClassInstrumenter(InstrumentSettings.values(
                new ValueSettings(EnumSet.of(SiteKind.LOCAL))), warnings::add).instrument(original, new RecordingSink());
        int grown = CodeSizes.of(out).get("s1330(I)I");
        assertTrue(grown > CodeSizes.HUGE, "s1330 grew to " + grown);
        assertTrue(CodeSizes.of(out).get("s300(I)I") < CodeSizes.HUGE);
        assertEquals(List.of("g.Grown.s1330(I)I grew from 5322 to " + grown + " bytes of bytecode, past HotSpot's limit of 8000"
                + " for compiling (HugeMethodLimit): it runs interpreted unless the JVM gets -XX:-DontCompileHugeMethods"
                + " (bin/loupe run gives it)"),
                warnings);
    }

    /** Where the JVM compiles huge methods, the same method is no cause for a warning. */
    @Test
    void noWarningWhereTheJvmCompilesHugeMethods() {
        byte[] original = bytes(storesClass("g/Grown", 300, 1330));
        List<String> warnings = new ArrayList<>();
        byte[] out = new ClassInstrumenter(InstrumentSettings.values(new ValueSettings(EnumSet.of(SiteKind.LOCAL)))
                .hugeMethodsCompiled(true), warnings::add).instrument(original, new RecordingSink());
        assertTrue(CodeSizes.of(out).get("s1330(I)I") > CodeSizes.HUGE);
        assertEquals(List.of(), warnings);
    }

    private static MethodNode method(String name, String desc) {
        return new MethodNode(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, name, desc, null, null);
    }
}
