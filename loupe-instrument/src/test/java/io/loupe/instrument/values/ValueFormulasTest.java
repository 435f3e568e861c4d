package io.loupe.instrument.values;

import io.loupe.data.values.Formula;
import io.loupe.data.values.SiteKind;
import io.loupe.instrument.values.samples.Kinds;
import io.loupe.instrument.values.samples.Shapes;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Label;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ValueFormulasTest {

    @Test
    void producerCategoriesOfJavacCode() {
        List<ValueSite> sites = Bytecode.sites(Shapes.class, "producers");
        assertEquals("""
                local reference copy copy s0
                local reference s cast s0
                local boolean isString compare compare(s0)
                local reference fresh new c
                local long widened convert convert(s8)
                local int length length length(s1)
                local int shifted shift shift(s10,c)
                local int masked logic logic(s11,c)
                local int cmp call s13
                local boolean below merge {c|c}
                local int p const c
                local int q const c
                local float product fp-mul fp-mul(convert(s3),c)
                local double quotient fp-div fp-div(s3,c)
                local long quot int-div int-div(s2,c)
                local long prod int-mul int-mul(s2,s2)""", Bytecode.describe(locals(sites)));
        assertEquals("array int int[]", Bytecode.describe(sites.get(8)), "s8, the element widened is a copy of");
        assertEquals("""
                local int i2 int-arith int-arith(s0,c)
                local long l2 int-mul int-mul(s1,c)
                local float f2 fp-div fp-div(s2,c)
                local double d2 fp-arith fp-arith(s3,c)
                local char c2 copy s4""", Bytecode.describe(locals(Bytecode.sites(Kinds.class, "primitives")).subList(0, 5)));
    }

    @Test
    void chainedAssignmentsLookThroughTheDup() {
        List<ValueSite> sites = locals(Bytecode.sites(Shapes.class, "producers"));
        assertEquals(Producer.CONST, sites.get(10).producer(), "p = 7 through dup");
        assertEquals(Producer.CONST, sites.get(11).producer(), "q = (p = 7): the dup's source, not the dup");
    }

    @Test
    void aLoopCounterRefersToItselfThroughItsReachingDefinitions() {
        assertEquals("""
                param int n
                local int sum const c
                local int i const c
                local int sum int-arith int-arith({s1|s3},{s2|s4})
                local int i int-arith int-arith({s2|s4},c)""", Bytecode.describe(Bytecode.sites(Kinds.class, "loop")));
    }

    @Test
    void ternariesMerge() {
        assertEquals("local int t merge {c|c}\nlocal int u merge {s1|s2}",
                Bytecode.describe(locals(Bytecode.sites(Kinds.class, "ternary"))),
                "two constants stay two options: they may differ");
    }

    @Test
    void theEntryValueOfAParameterStillReachesAfterAStoreOnOnePath() {
        assertEquals("local int a const c\nlocal int b copy {s0|s2}",
                Bytecode.describe(locals(Bytecode.sites(Shapes.class, "reassigned"))));
    }

    @Test
    void nullIsAConstantAndACaughtExceptionIsUnknown() {
        assertEquals("local reference x const c\nlocal reference x copy s0",
                Bytecode.describe(locals(Bytecode.sites(Kinds.class, "nulls"))));
        assertEquals("local reference e exception ?\nlocal reference message call s3",
                Bytecode.describe(locals(Bytecode.sites(Kinds.class, "parse"))));
    }

    @Test
    void theReceiverAndUnprofiledKindsAreUnknown() {
        List<ValueSite> onlyLocals = Bytecode.sites(Kinds.class, "fields", EnumSet.of(SiteKind.LOCAL));
        assertEquals("local int a field ?\nlocal double w field ?\nlocal reference n field ?", Bytecode.describe(onlyLocals));
        List<ValueSite> noParams = Bytecode.sites(Kinds.class, "loop", EnumSet.complementOf(EnumSet.of(SiteKind.PARAM)));
        assertEquals("local int sum int-arith int-arith({s0|s2},{s1|s3})", Bytecode.describe(noParams.get(2)),
                "references are numbered among the profiled sites");
        // static-free: aload_0 (this) stored
        MethodNode m = new MethodNode(Opcodes.ACC_PUBLIC, "m", "()V", null, null);
        m.maxLocals = 2;
        m.maxStack = 1;
        m.instructions.add(new VarInsnNode(Opcodes.ALOAD, 0));
        m.instructions.add(new VarInsnNode(Opcodes.ASTORE, 1));
        m.instructions.add(new InsnNode(Opcodes.RETURN));
        assertEquals("local reference #1 copy ?", Bytecode.describe(Bytecode.find(owner(), m, EnumSet.allOf(SiteKind.class))));
    }

    @Test
    void deepExpressionsAreCutAtDepthSix() {
        ValueSite r = Bytecode.sites(Shapes.class, "deep").get(1);
        assertEquals("int-arith(int-mul(int-arith(int-mul(int-arith(int-mul(?,c),c),c),c),c),c)", r.formula().toString());
    }

    @Test
    void manyReachingDefinitionsAreCutAfterThirtyTwoLeaves() {
        // static void m(int k): tableswitch k 0..39 → case i: bipush i; istore 1; goto end; default: iconst_0; istore 1
        // end: iload 1; istore 2; return
        MethodNode m = new MethodNode(Opcodes.ACC_STATIC, "m", "(I)V", null, null);
        m.maxLocals = 3;
        m.maxStack = 1;
        LabelNode[] cases = new LabelNode[40];
        for (int i = 0; i < cases.length; i++) {
            cases[i] = new LabelNode(new Label());
        }
        LabelNode dflt = new LabelNode(new Label());
        LabelNode end = new LabelNode(new Label());
        m.instructions.add(new VarInsnNode(Opcodes.ILOAD, 0));
        m.instructions.add(new TableSwitchInsnNode(0, cases.length - 1, dflt, cases));
        for (int i = 0; i < cases.length; i++) {
            m.instructions.add(cases[i]);
            m.instructions.add(new IntInsnNode(Opcodes.BIPUSH, i));
            m.instructions.add(new VarInsnNode(Opcodes.ISTORE, 1));
            m.instructions.add(new JumpInsnNode(Opcodes.GOTO, end));
        }
        m.instructions.add(dflt);
        m.instructions.add(new InsnNode(Opcodes.ICONST_0));
        m.instructions.add(new VarInsnNode(Opcodes.ISTORE, 1));
        m.instructions.add(end);
        m.instructions.add(new VarInsnNode(Opcodes.ILOAD, 1));
        m.instructions.add(new VarInsnNode(Opcodes.ISTORE, 2));
        m.instructions.add(new InsnNode(Opcodes.RETURN));
        List<ValueSite> sites = Bytecode.find(owner(), m, EnumSet.allOf(SiteKind.class));
        assertEquals(43, sites.size());
        Formula f = sites.get(42).formula();
        assertTrue(f instanceof Formula.AnyOf, f.toString());
        List<Formula> options = ((Formula.AnyOf) f).options();
        assertEquals(ValueFormulas.MAX_LEAVES + 1, options.size(), f.toString());
        assertEquals(Formula.UNKNOWN, options.get(options.size() - 1));
        assertEquals(new Formula.Site(1), options.get(0));
    }

    @Test
    void formulasParseBackAndReferToProfiledSitesOfTheirOwnMethodOnly() {
        for (Class<?> c : List.of(Kinds.class, Shapes.class)) {
            ClassNode cn = Bytecode.classNode(Bytecode.bytes(c));
            for (MethodNode m : cn.methods) {
                List<ValueSite> sites = Bytecode.find(cn, m, EnumSet.allOf(SiteKind.class));
                for (ValueSite s : sites) {
                    if (s.kind() != SiteKind.LOCAL) {
                        assertEquals(null, s.formula());
                        assertEquals(null, s.producer());
                        continue;
                    }
                    assertEquals(s.formula(), Formula.parse(s.formula().toString()));
                    for (int ref : references(s.formula())) {
                        assertTrue(ref >= 0 && ref < sites.size(), m.name + ": " + s.formula());
                    }
                }
            }
        }
    }

    @Test
    void metadataNumbersReferencesFromTheMethodsFirstId() {
        ValueSite sum = Bytecode.sites(Kinds.class, "loop").get(3);
        var meta = sum.meta(103, 100, "x.Y", "loop", "(I)I", "Y.java");
        assertEquals("int-arith({s101|s103},{s102|s104})", meta.formula());
        assertEquals("int-arith", meta.producer());
        assertEquals(3, meta.index());
        assertEquals("sum", meta.detail());
        assertEquals(103, meta.id());
    }

    @Test
    void categoryLabelsAreDistinctFormulaOperations() {
        Set<String> labels = Arrays.stream(Producer.values()).map(Producer::label).collect(Collectors.toSet());
        assertEquals(Producer.values().length, labels.size());
        for (String l : labels) {
            assertTrue(l.matches("[a-z][a-z-]*"), l);
            assertEquals(l, ((Formula.Op) Formula.parse(l + "(c)")).op());
        }
        assertEquals(Producer.OTHER, Producer.of(new InsnNode(Opcodes.NOP)));
        assertEquals(Producer.INT_ARITH, Producer.of(new org.objectweb.asm.tree.IincInsnNode(1, 1)));
    }

    static List<ValueSite> locals(List<ValueSite> sites) {
        return sites.stream().filter(s -> s.kind() == SiteKind.LOCAL).toList();
    }

    static List<Integer> references(Formula f) {
        List<Integer> out = new ArrayList<>();
        collect(f, out);
        return out;
    }

    private static void collect(Formula f, List<Integer> out) {
        if (f instanceof Formula.Site s) {
            out.add(s.id());
        } else if (f instanceof Formula.AnyOf a) {
            a.options().forEach(o -> collect(o, out));
        } else if (f instanceof Formula.Op o) {
            o.inputs().forEach(i -> collect(i, out));
        }
    }

    private static ClassNode owner() {
        ClassNode cn = new ClassNode();
        cn.name = "test/Owner";
        return cn;
    }
}
