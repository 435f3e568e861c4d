package io.loupe.instrument.deps;

import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.CallSiteMeta;
import io.loupe.data.deps.DepLoopMeta;
import io.loupe.instrument.deps.samples.Accesses;
import io.loupe.instrument.deps.samples.Loops;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Label;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;

import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DepSiteFinderTest {

    private static final String A = "io.loupe.instrument.deps.samples.Accesses.";

    /** One line per access site: {@code access r/w target}. */
    static String accesses(DepSites s) {
        return s.accesses().stream().map(a -> a.access() + " " + (a.reads() ? "r" : "") + (a.writes() ? "w" : "") + " "
                + a.target()).collect(Collectors.joining("\n"));
    }

    /** A loop's edges as {@code from→to} block pairs, {@code entry} for the method's entry. */
    static String edges(List<LoopSite.Edge> edges) {
        return edges.stream().map(e -> (e.methodEntry() ? "entry" : String.valueOf(e.fromBlock())) + "→" + e.toBlock())
                .collect(Collectors.joining(" "));
    }

    @Test
    void fieldAndStaticAccessesNameOwnerAndField() {
        DepSites s = Bytecode.sites(Accesses.class, "fields");
        assertEquals("getfield r " + A + "count\nputfield w " + A + "count\ngetstatic r " + A + "total\n"
                + "getfield r " + A + "count\nputstatic w " + A + "total", accesses(s));
        assertEquals(List.of(AccessSite.Kind.FIELD, AccessSite.Kind.FIELD, AccessSite.Kind.STATIC, AccessSite.Kind.FIELD,
                AccessSite.Kind.STATIC), s.accesses().stream().map(AccessSite::kind).toList());
        assertEquals(List.of(14, 14, 15, 15, 15), s.accesses().stream().map(AccessSite::line).toList());
        assertTrue(s.calls().isEmpty() && s.loops().isEmpty() && s.handlers().isEmpty());
    }

    @Test
    void arrayAccessesNameTheArraysStaticType() {
        assertEquals("""
                iaload r int[]
                iastore w int[]
                baload r boolean[]
                bastore w boolean[]
                getfield r %1$svalues
                getfield r %1$svalues
                laload r long[]
                lastore w long[]
                getfield r %1$snames
                aaload r java.lang.String[][]
                aaload r java.lang.String[]
                aastore w java.lang.String[]""".formatted(A), accesses(Bytecode.sites(Accesses.class, "arrays")));
    }

    @Test
    void bulkOperationsAreOneAccessSiteEachAndNoCallSite() {
        DepSites s = Bytecode.sites(Accesses.class, "bulk");
        assertEquals("""
                System.arraycopy rw int[]
                Arrays.fill w int[]
                Arrays.fill w java.lang.String[]
                Arrays.fill w java.lang.Object[]
                Arrays.copyOf r java.lang.String[]
                getfield r %svalues
                Arrays.copyOfRange r long[]
                clone r int[]""".formatted(A), accesses(s));
        assertTrue(s.accesses().stream().filter(a -> a.access().contains(".") || a.access().equals("clone"))
                .allMatch(a -> a.kind() == AccessSite.Kind.BULK));
        assertTrue(s.calls().isEmpty(), "no call sites: " + s.calls());
    }

    @Test
    void everyOtherInvokeIsACallSite() {
        DepSites s = Bytecode.sites(Accesses.class, "calls");
        assertEquals(List.of(
                "java.lang.invoke.LambdaMetafactory.run()Ljava/lang/Runnable;",
                "java.lang.Runnable.run()V",
                "java.lang.String.trim()Ljava/lang/String;",
                "java.lang.Math.abs(I)I",
                "java.lang.StringBuilder.<init>()V",
                "java.lang.StringBuilder.append(Ljava/lang/String;)Ljava/lang/StringBuilder;",
                "java.lang.String.valueOf(Ljava/lang/Object;)Ljava/lang/String;",
                "java.lang.invoke.StringConcatFactory.makeConcatWithConstants(Ljava/lang/String;ILjava/lang/String;)Ljava/lang/String;"),
                s.calls().stream().map(CallSite::callee).toList());
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), s.calls().stream().map(CallSite::ordinal).toList());
        assertEquals(List.of("java.lang.IllegalStateException.<init>()V"),
                Bytecode.sites(Accesses.class, "throwing").calls().stream().map(CallSite::callee).toList());
    }

    @Test
    void positionsAreInstructionListPositionsOfTheUnchangedMethod() {
        ClassNode cn = Bytecode.classNode(Accesses.class);
        MethodNode m = Bytecode.method(cn, "bulk");
        DepSites s = Bytecode.sites(Accesses.class, "bulk");
        for (AccessSite a : s.accesses()) {
            AbstractInsnNode n = m.instructions.get(a.position());
            assertTrue(a.kind() == AccessSite.Kind.BULK ? n instanceof MethodInsnNode : n instanceof FieldInsnNode, a.toString());
        }
        MethodNode calls = Bytecode.method(cn, "calls");
        for (CallSite c : Bytecode.sites(Accesses.class, "calls").calls()) {
            assertTrue(calls.instructions.get(c.position()).getOpcode() >= Opcodes.INVOKEVIRTUAL, c.toString());
        }
    }

    @Test
    void metadataCarriesIdsFromTheFirstId() {
        DepSites s = Bytecode.sites(Loops.class, "nested");
        List<AccessSiteMeta> a = s.accessMeta(10, "p.C", "nested", "([[I)I", "C.java");
        assertEquals(List.of(10, 11, 12), a.stream().map(AccessSiteMeta::id).toList());
        assertEquals(List.of(0, 1, 2), a.stream().map(AccessSiteMeta::index).toList());
        assertEquals(new AccessSiteMeta(12, "p.C", "nested", "([[I)I", "C.java", 10, 2, "iaload", true, false, "int[]",
                null, "a[]"), a.get(2), "a row of the array a");
        List<DepLoopMeta> l = s.loopMeta(5, "p.C", "nested", "([[I)I", "C.java");
        assertEquals(new DepLoopMeta(5, "p.C", "nested", "([[I)I", "C.java", 8, 0, -1, false), l.get(0));
        assertEquals(new DepLoopMeta(6, "p.C", "nested", "([[I)I", "C.java", 9, 1, 5, false), l.get(1));
        List<CallSiteMeta> c = Bytecode.sites(Accesses.class, "calls").callMeta(3, "p.C", "calls", "()V", null);
        assertEquals(new CallSiteMeta(4, "p.C", "calls", "()V", null, 40, "java.lang.Runnable.run()V"), c.get(1));
    }

    @Test
    void nestedLoopsHaveEntryIterationAndExitEdges() {
        DepSites s = Bytecode.sites(Loops.class, "nested");
        assertEquals(2, s.loops().size());
        LoopSite outer = s.loops().get(0);
        LoopSite inner = s.loops().get(1);
        assertEquals(-1, outer.parent());
        assertEquals(0, inner.parent());
        assertEquals(8, outer.line());
        assertEquals(9, inner.line());
        for (LoopSite l : s.loops()) {
            assertEquals(1, l.entries().size());
            assertEquals(1, l.iterations().size());
            assertEquals(1, l.exits().size());
            assertTrue(l.entries().stream().allMatch(e -> e.toBlock() == l.header() && e.to() == l.position()));
            assertTrue(l.iterations().stream().allMatch(e -> e.toBlock() == l.header()));
        }
        // the inner loop's exit goes to the outer loop's latch, which iterates the outer loop
        assertEquals(inner.exits().get(0).toBlock(), outer.iterations().get(0).fromBlock());
        // the inner loop is entered from inside the outer loop, the outer one from the method's first block
        assertEquals("0→" + outer.header(), edges(outer.entries()));
        assertTrue(inner.entries().get(0).fromBlock() > outer.header());
    }

    @Test
    void breakAndContinueExitAndIterate() {
        LoopSite l = Bytecode.sites(Loops.class, "breakContinue").loops().get(0);
        // continue jumps to the increment, which is the loop's only latch
        assertEquals(1, l.iterations().size());
        // the condition's exit and the break's
        assertEquals(2, l.exits().size());
        assertEquals(2, l.exits().stream().map(LoopSite.Edge::toBlock).distinct().count());
        assertEquals(1, l.entries().size());
    }

    @Test
    void aDoWhileAtOffsetZeroIsEnteredFromTheMethodsEntry() {
        DepSites s = Bytecode.sites(Loops.class, "doWhile");
        LoopSite l = s.loops().get(0);
        assertEquals(0, l.header());
        assertEquals("entry→0", edges(l.entries()));
        assertEquals(-1, l.entries().get(0).from());
        assertEquals("0→0", edges(l.iterations()));
        assertEquals("0→1", edges(l.exits()));
        assertEquals(32, l.line());
    }

    @Test
    void aLabeledBreakIsOneEdgeThatExitsBothLoops() {
        DepSites s = Bytecode.sites(Loops.class, "labeled");
        LoopSite outer = s.loops().get(0);
        LoopSite inner = s.loops().get(1);
        assertEquals(0, inner.parent());
        List<LoopSite.Edge> both = outer.exits().stream().filter(inner.exits()::contains).toList();
        assertEquals(1, both.size(), "the break out of both loops");
        assertEquals(2, outer.exits().size());
        assertEquals(2, inner.exits().size());
    }

    @Test
    void handlersKnowTheLoopsThatEncloseThem() {
        DepSites around = Bytecode.sites(Loops.class, "tryAroundLoop");
        assertEquals(1, around.handlers().size());
        assertEquals(List.of(), around.handlers().get(0).loops());
        DepSites in = Bytecode.sites(Loops.class, "tryInLoop");
        assertEquals(List.of(0), in.handlers().get(0).loops());
        DepSites inner = Bytecode.sites(Loops.class, "tryInInnerLoop");
        assertEquals(List.of(0, 1), inner.handlers().get(0).loops());
        assertEquals(0, inner.loops().get(1).parent());
        ClassNode cn = Bytecode.classNode(Loops.class);
        MethodNode m = Bytecode.method(cn, "tryInInnerLoop");
        assertEquals(Opcodes.ASTORE, m.instructions.get(inner.handlers().get(0).position()).getOpcode(),
                "a handler starts by storing its exception");
    }

    @Test
    void unreachableCodeHasNoSitesAndSubroutinesNoModel() throws AnalyzerException {
        MethodNode m = new MethodNode(Opcodes.ACC_STATIC, "m", "()I", null, null);
        LabelNode end = new LabelNode(new Label());
        m.instructions.add(new FieldInsnNode(Opcodes.GETSTATIC, "p/C", "a", "I"));
        m.instructions.add(new InsnNode(Opcodes.IRETURN));
        m.instructions.add(new FieldInsnNode(Opcodes.GETSTATIC, "p/C", "b", "I"));
        m.instructions.add(new InsnNode(Opcodes.IRETURN));
        m.maxStack = 1;
        DepSites s = DepSiteFinder.find("p/C", m);
        assertEquals(List.of("p.C.a"), s.accesses().stream().map(AccessSite::target).toList());

        MethodNode sub = new MethodNode(Opcodes.ACC_STATIC, "s", "()V", null, null);
        sub.instructions.add(new JumpInsnNode(Opcodes.JSR, end));
        sub.instructions.add(new InsnNode(Opcodes.RETURN));
        sub.instructions.add(end);
        sub.instructions.add(new VarInsnNode(Opcodes.ASTORE, 0));
        sub.instructions.add(new FieldInsnNode(Opcodes.GETSTATIC, "p/C", "b", "I"));
        sub.instructions.add(new InsnNode(Opcodes.POP));
        sub.instructions.add(new VarInsnNode(Opcodes.RET, 0));
        sub.maxStack = 1;
        sub.maxLocals = 1;
        assertInstanceOf(DepSites.class, DepSiteFinder.find("p/C", sub));
        assertEquals(DepSites.EMPTY, DepSiteFinder.find("p/C", sub));
    }
}
