package io.loupe.instrument.deps;

import io.loupe.data.deps.CarriedRegisterMeta;
import io.loupe.data.deps.DepLoopMeta;
import io.loupe.instrument.deps.samples.Registers;
import io.loupe.runtime.deps.DepRegistry;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.tree.ClassNode;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DeferredLoopRegistersTest {

    private static byte[] bytes(Class<?> c) throws IOException {
        try (InputStream in = c.getResourceAsStream("/" + c.getName().replace('.', '/') + ".class")) {
            return in.readAllBytes();
        }
    }

    private static int index(ClassNode cn, String name) {
        return cn.methods.indexOf(Bytecode.method(cn, name));
    }

    private static String describe(List<CarriedRegisterMeta> registers) {
        return registers.stream().map(r -> r.label() + " " + r.kind()).collect(Collectors.joining(", "));
    }

    @Test
    void onlyTheMethodsWhoseLoopsAreAskedForAreAnalysedAndTheirLoopIdsAreGlobal() throws IOException {
        ClassNode cn = Bytecode.classNode(Registers.class);
        List<String> warnings = new ArrayList<>();
        DeferredLoopRegisters d = new DeferredLoopRegisters(bytes(Registers.class), Registers.class.getName(), warnings::add);
        d.add(index(cn, "sum"), 40, 1);
        d.add(index(cn, "nested"), 41, 2);
        Map<Integer, List<CarriedRegisterMeta>> sum = d.registers(Set.of(40));
        assertEquals(Set.of(40), sum.keySet(), "nested's loops were not asked for");
        assertEquals("s REDUCTION, i INDUCTION", describe(sum.get(40)));
        Map<Integer, List<CarriedRegisterMeta>> nested = d.registers(Set.of(42));
        assertTrue(nested.keySet().stream().allMatch(id -> id == 41 || id == 42), nested.toString());
        assertEquals(describe(LoopRegisterAnalysisTest.analyze(cn, Bytecode.method(cn, "nested")).get(1).meta()),
                describe(nested.getOrDefault(42, List.of())));
        assertEquals(Map.of(), d.registers(Set.of(7)), "no loop of this class");
        assertEquals(List.of(), warnings);
    }

    @Test
    void aFailedAnalysisIsAWarningAndLeavesTheLoopWithoutRegisters() throws IOException {
        ClassNode cn = Bytecode.classNode(Registers.class);
        List<String> warnings = new ArrayList<>();
        DeferredLoopRegisters d = new DeferredLoopRegisters(bytes(Registers.class), "x.Y", warnings::add);
        d.add(cn.methods.size() + 3, 10, 1);   // no such method: the analysis fails
        assertEquals(Map.of(), d.registers(Set.of(10)));
        assertEquals(1, warnings.size());
        assertTrue(warnings.get(0).startsWith("no carried register analysis of x.Y."), warnings.get(0));
    }

    @Test
    void theRegistryGivesTheirRegistersToTheLoopsThatRanAndAsksEachSourceOnce() throws IOException {
        ClassNode cn = Bytecode.classNode(Registers.class);
        int first = DepRegistry.reserveLoops(2);
        DepRegistry.register(new DepLoopMeta(first, "p.Q", "sum", "([I)J", null, 7, 0, -1, false));
        DepRegistry.register(new DepLoopMeta(first + 1, "p.Q", "max", "([I)I", null, 9, 0, -1, false));
        int[] asked = new int[1];
        DeferredLoopRegisters d = new DeferredLoopRegisters(bytes(Registers.class), "p.Q", w -> { });
        d.add(index(cn, "sum"), first, 1);
        d.add(index(cn, "max"), first + 1, 1);
        DepRegistry.deferRegisters(first, 2, loops -> {
            asked[0]++;
            return d.registers(loops);
        });
        List<String> warnings = new ArrayList<>();
        DepRegistry.resolveRegisters(List.of(first), warnings::add);
        DepRegistry.resolveRegisters(List.of(first), warnings::add);
        assertEquals(1, asked[0]);
        assertEquals("s REDUCTION, i INDUCTION", describe(DepRegistry.loops().get(first).registers()));
        assertEquals(List.of(), DepRegistry.loops().get(first + 1).registers(), "max never ran");
        DepRegistry.resolveRegisters(List.of(first + 1), warnings::add);
        assertEquals(2, asked[0]);
        assertEquals("max REDUCTION, i INDUCTION", describe(DepRegistry.loops().get(first + 1).registers()));
        assertEquals(List.of(), warnings);
    }

    @Test
    void aSourceThatFailsInAnyWayIsAWarningAndTheOtherSourcesAreStillAsked() throws IOException {
        ClassNode cn = Bytecode.classNode(Registers.class);
        int first = DepRegistry.reserveLoops(2);
        DepRegistry.register(new DepLoopMeta(first, "p.Broken", "deep", "()V", null, 3, 0, -1, false));
        DepRegistry.register(new DepLoopMeta(first + 1, "p.Q", "sum", "([I)J", null, 7, 0, -1, false));
        DepRegistry.deferRegisters(first, 1, loops -> {
            throw new StackOverflowError();
        });
        DeferredLoopRegisters d = new DeferredLoopRegisters(bytes(Registers.class), "p.Q", w -> { });
        d.add(index(cn, "sum"), first + 1, 1);
        DepRegistry.deferRegisters(first + 1, 1, d);
        List<String> warnings = new ArrayList<>();
        DepRegistry.resolveRegisters(List.of(first, first + 1), warnings::add);
        assertEquals(List.of("no carried register analysis of loops [" + first + "]: java.lang.StackOverflowError"),
                warnings);
        assertEquals(List.of(), DepRegistry.loops().get(first).registers());
        assertEquals("s REDUCTION, i INDUCTION", describe(DepRegistry.loops().get(first + 1).registers()));
    }
}
