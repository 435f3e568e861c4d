package io.loupe.instrument.values;

import io.loupe.data.values.SiteKind;
import io.loupe.data.values.ValueType;
import io.loupe.instrument.values.samples.Kinds;
import io.loupe.instrument.values.samples.Shapes;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Label;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.ParameterNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.util.EnumSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ValueSiteFinderTest {

    private static final EnumSet<SiteKind> ALL = EnumSet.allOf(SiteKind.class);

    @Test
    void declaredParametersComeFirstWithTheirNamesAndTypesAndTheReceiverIsNone() {
        List<ValueSite> sites = Bytecode.sites(Kinds.class, "primitives");
        assertEquals("""
                param int i
                param long l
                param float f
                param double d
                param char c
                param boolean z
                param byte b
                param short s
                param reference o""", Bytecode.describe(sites.subList(0, 9)));
        int[] slots = sites.subList(0, 9).stream().mapToInt(ValueSite::var).toArray();
        assertEquals(List.of(0, 1, 3, 4, 6, 7, 8, 9, 10), java.util.Arrays.stream(slots).boxed().toList());
        assertTrue(sites.subList(0, 9).stream().allMatch(s -> s.position() == -1));
        assertEquals("param int value\nparam double weight",
                Bytecode.describe(Bytecode.sites(Kinds.class, "<init>")), "no site for this");
    }

    @Test
    void everyStoreIsALocalSiteTypedByItsOpcodeAndTheVariableTable() {
        List<ValueSite> locals = Bytecode.sites(Kinds.class, "primitives").subList(9, 18);
        assertEquals(List.of(ValueType.INT, ValueType.LONG, ValueType.FLOAT, ValueType.DOUBLE, ValueType.CHAR,
                ValueType.BOOLEAN, ValueType.BYTE, ValueType.SHORT, ValueType.REFERENCE),
                locals.stream().map(ValueSite::type).toList());
        assertEquals(List.of("i2", "l2", "f2", "d2", "c2", "z2", "b2", "s2", "o2"),
                locals.stream().map(ValueSite::detail).toList());
        assertTrue(locals.stream().allMatch(s -> s.kind() == SiteKind.LOCAL));
    }

    @Test
    void fieldReadsArrayLoadsAndCallsWithAResultAreSites() {
        assertEquals("""
                field int io.loupe.instrument.values.samples.Kinds.counter
                local int a field s0
                field double io.loupe.instrument.values.samples.Kinds.weight
                local double w field s2
                field reference io.loupe.instrument.values.samples.Kinds.name
                local reference n field s4
                field int io.loupe.instrument.values.samples.Kinds.value
                return int java.lang.String.length()I""", Bytecode.describe(Bytecode.sites(Kinds.class, "fields")));
        assertEquals("""
                array int int[]
                array long long[]
                array float float[]
                array double double[]
                array byte byte[]
                array char char[]
                array short short[]
                array byte boolean[]
                array reference java.lang.String[]
                return int java.lang.String.length()I""",
                Bytecode.describe(Bytecode.sites(Kinds.class, "arrays").subList(9, 19)));
    }

    @Test
    void voidCallsAndInvokedynamicAreNoSites() {
        assertEquals("""
                param reference s
                param reference q
                return int java.lang.String.length()I
                return int java.lang.CharSequence.length()I
                return int java.lang.Math.max(II)I
                local int m call s4
                return int io.loupe.instrument.values.samples.Kinds.twice(I)I
                local reference joined call ?
                return int java.lang.String.length()I""", Bytecode.describe(Bytecode.sites(Kinds.class, "calls")));
    }

    @Test
    void ordinalsCountSitesOfEveryKindSoTheyDoNotDependOnTheKindsProfiled() {
        List<ValueSite> all = Bytecode.sites(Kinds.class, "calls");
        List<ValueSite> locals = Bytecode.sites(Kinds.class, "calls", EnumSet.of(SiteKind.LOCAL));
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8), all.stream().map(ValueSite::ordinal).toList());
        assertEquals(List.of(5, 7), locals.stream().map(ValueSite::ordinal).toList());
        assertEquals("local int m call ?\nlocal reference joined call ?", Bytecode.describe(locals),
                "a call whose return site is not profiled is unknown");
    }

    @Test
    void theLineIsTheNearestPrecedingLineNumberAndParametersTakeTheFirstLine() {
        MethodNode m = handMade(Opcodes.ACC_STATIC, "m", "(I)I");
        LabelNode l1 = new LabelNode(new Label());
        LabelNode l2 = new LabelNode(new Label());
        m.instructions.add(l1);
        m.instructions.add(new LineNumberNode(10, l1));
        m.instructions.add(new VarInsnNode(Opcodes.ILOAD, 0));
        m.instructions.add(new VarInsnNode(Opcodes.ISTORE, 1));
        m.instructions.add(l2);
        m.instructions.add(new LineNumberNode(12, l2));
        m.instructions.add(new FieldInsnNode(Opcodes.GETSTATIC, "a/B", "f", "J"));
        m.instructions.add(new VarInsnNode(Opcodes.LSTORE, 2));
        m.instructions.add(new VarInsnNode(Opcodes.ILOAD, 1));
        m.instructions.add(new InsnNode(Opcodes.IRETURN));
        List<ValueSite> sites = Bytecode.find(owner(), m, ALL);
        assertEquals(List.of(10, 10, 12, 12), sites.stream().map(ValueSite::line).toList());
        assertEquals("param int #0\nlocal int #1 copy s0\nfield long a.B.f\nlocal long #2 field s2", Bytecode.describe(sites),
                "without a variable table: #index for parameters, #slot for locals");

        MethodNode bare = handMade(Opcodes.ACC_STATIC, "m", "(I)V");
        bare.instructions.add(new VarInsnNode(Opcodes.ILOAD, 0));
        bare.instructions.add(new VarInsnNode(Opcodes.ISTORE, 0));
        bare.instructions.add(new InsnNode(Opcodes.RETURN));
        assertEquals(List.of(-1, -1), Bytecode.find(owner(), bare, ALL).stream().map(ValueSite::line).toList());
    }

    @Test
    void methodParametersNameParametersWhenThereIsNoVariableTable() {
        MethodNode m = handMade(Opcodes.ACC_STATIC, "m", "(JI)V");
        m.parameters = List.of(new ParameterNode("wide", 0), new ParameterNode("narrow", 0));
        m.instructions.add(new InsnNode(Opcodes.RETURN));
        List<ValueSite> sites = Bytecode.find(owner(), m, ALL);
        assertEquals("param long wide\nparam int narrow", Bytecode.describe(sites));
        assertEquals(List.of(0, 2), sites.stream().map(ValueSite::var).toList());
    }

    @Test
    void abstractNativeAndSubroutineMethodsHaveNoSites() {
        MethodNode abs = new MethodNode(Opcodes.ACC_ABSTRACT, "m", "(I)I", null, null);
        assertEquals(List.of(), Bytecode.find(owner(), abs, ALL));
        MethodNode nat = new MethodNode(Opcodes.ACC_NATIVE | Opcodes.ACC_STATIC, "m", "(I)I", null, null);
        assertEquals(List.of(), Bytecode.find(owner(), nat, ALL));

        // static void m(int): jsr S; return; S: astore 1; iload 0; istore 0; ret 1
        MethodNode jsr = handMade(Opcodes.ACC_STATIC, "m", "(I)V");
        LabelNode sub = new LabelNode(new Label());
        jsr.instructions.add(new JumpInsnNode(Opcodes.JSR, sub));
        jsr.instructions.add(new InsnNode(Opcodes.RETURN));
        jsr.instructions.add(sub);
        jsr.instructions.add(new VarInsnNode(Opcodes.ASTORE, 1));
        jsr.instructions.add(new VarInsnNode(Opcodes.ILOAD, 0));
        jsr.instructions.add(new VarInsnNode(Opcodes.ISTORE, 0));
        jsr.instructions.add(new VarInsnNode(Opcodes.RET, 1));
        assertTrue(ValueSiteFinder.hasSubroutines(jsr));
        assertEquals(List.of(), Bytecode.find(owner(), jsr, ALL));
    }

    @Test
    void unreachableInstructionsAreNoSites() {
        // static void m(int): goto L; iload 0; istore 1; L: return
        MethodNode m = handMade(Opcodes.ACC_STATIC, "m", "(I)V");
        LabelNode l = new LabelNode(new Label());
        m.instructions.add(new JumpInsnNode(Opcodes.GOTO, l));
        m.instructions.add(new VarInsnNode(Opcodes.ILOAD, 0));
        m.instructions.add(new VarInsnNode(Opcodes.ISTORE, 1));
        m.instructions.add(l);
        m.instructions.add(new InsnNode(Opcodes.RETURN));
        assertEquals("param int #0", Bytecode.describe(Bytecode.find(owner(), m, ALL)));
    }

    @Test
    void storesOfObjectsWhoseConstructorHasNotRunAreNoSites() {
        MethodNode init = Uninitialized.constructorStoringThisBeforeSuper();
        assertEquals("param int #0\nlocal reference #3 copy ?", Bytecode.describe(Bytecode.find(owner(), init, ALL)),
                "astore of this before super(): no site; after: a site");
        MethodNode m = Uninitialized.methodStoringANewObjectBeforeItsConstructor();
        List<ValueSite> sites = Bytecode.find(owner(), m, ALL);
        assertEquals("local reference #1 new c", Bytecode.describe(sites), "only the astore after <init> is a site");
        assertEquals(Opcodes.ASTORE, m.instructions.get(sites.get(0).position()).getOpcode());
        assertEquals(1, ((VarInsnNode) m.instructions.get(sites.get(0).position())).var);
        assertTrue(m.instructions.get(sites.get(0).position()).getPrevious() instanceof MethodInsnNode,
                "the store right after invokespecial <init>");
    }

    @Test
    void constructorsHaveParameterSitesAndSitesBeforeThisCall() {
        ClassNode cn = Bytecode.classNode(Bytecode.bytes(Shapes.class));
        assertEquals("param int side\nreturn int io.loupe.instrument.values.samples.Shapes.twice(I)I",
                Bytecode.describe(Bytecode.find(cn, Bytecode.method(cn, "<init>", "(I)V"), ALL)));
        assertEquals("local reference squares new c\nlocal int i const c\nlocal int i int-arith int-arith({s1|s2},c)",
                Bytecode.describe(Bytecode.sites(Shapes.class, "<clinit>")));
    }

    @Test
    void theArrayDetailIsTheLoadInstructionsTypeWhenNothingSaysMore() {
        // static int m(Object o): aload 0; checkcast [I ... is known; a merged array is not
        MethodNode m = handMade(Opcodes.ACC_STATIC, "m", "(Ljava/lang/Object;)Ljava/lang/Object;");
        m.instructions.add(new VarInsnNode(Opcodes.ALOAD, 0));
        m.instructions.add(new TypeInsnNode(Opcodes.CHECKCAST, "[[Ljava/lang/String;"));
        m.instructions.add(new InsnNode(Opcodes.ICONST_0));
        m.instructions.add(new InsnNode(Opcodes.AALOAD));
        m.instructions.add(new InsnNode(Opcodes.ARETURN));
        assertEquals("array reference java.lang.String[][]", Bytecode.describe(Bytecode.find(owner(), m, EnumSet.of(SiteKind.ARRAY))));
        MethodNode n = handMade(Opcodes.ACC_STATIC, "m", "(Ljava/lang/Object;)Ljava/lang/Object;");
        n.instructions.add(new VarInsnNode(Opcodes.ALOAD, 0));
        n.instructions.add(new TypeInsnNode(Opcodes.CHECKCAST, "[Ljava/lang/Object;"));
        n.instructions.add(new InsnNode(Opcodes.ICONST_0));
        n.instructions.add(new InsnNode(Opcodes.AALOAD));
        n.instructions.add(new InsnNode(Opcodes.ARETURN));
        assertEquals("array reference java.lang.Object[]", Bytecode.describe(Bytecode.find(owner(), n, EnumSet.of(SiteKind.ARRAY))));
    }

    /** A method built here, with room for 8 locals and 8 stack slots. */
    private static MethodNode handMade(int access, String name, String desc) {
        MethodNode m = new MethodNode(access, name, desc, null, null);
        m.maxLocals = 8;
        m.maxStack = 8;
        return m;
    }

    private static ClassNode owner() {
        ClassNode cn = new ClassNode();
        cn.name = "test/Owner";
        return cn;
    }
}
