package io.loupe.instrument.deps;

import io.loupe.instrument.deps.samples.Loops;
import io.loupe.instrument.deps.samples.Registers;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;

import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class LoopRegisterAnalysisTest {

    /** Per loop, {@code name KIND} of its carried locals by slot, loops separated by {@code |}. */
    static String carried(Class<?> c, String method) {
        ClassNode cn = Bytecode.classNode(c);
        return describe(analyze(cn, Bytecode.method(cn, method)));
    }

    static List<LoopRegisters> analyze(ClassNode cn, MethodNode m) {
        try {
            return LoopRegisterAnalysis.analyze(cn.name, m);
        } catch (AnalyzerException e) {
            throw new AssertionError(e);
        }
    }

    static String describe(List<LoopRegisters> loops) {
        return loops.stream().map(l -> l.carried().stream().map(c -> c.label() + " " + c.kind())
                .collect(Collectors.joining(", "))).collect(Collectors.joining(" | "));
    }

    @Test
    void theIndexIsAnInductionAndTheSumAReduction() {
        assertEquals("s REDUCTION, i INDUCTION", carried(Registers.class, "sum"));
    }

    @Test
    void aProductOverAnEnhancedForIsAReductionAndItsHiddenIndexAnInduction() {
        // javac's hidden index of a for-each loop has no name; the element x is written before it is read
        assertEquals("prod REDUCTION, #5 INDUCTION", carried(Registers.class, "product"));
    }

    @Test
    void mathMaxIsAReductionAndAStepOfTwoAnInduction() {
        assertEquals("max REDUCTION, i INDUCTION", carried(Registers.class, "max"));
    }

    @Test
    void bitwiseOperatorsReduceEitherOperandOrderAndAnInvariantStepCountsDown() {
        assertEquals("and REDUCTION, or REDUCTION, xor REDUCTION, i INDUCTION", carried(Registers.class, "bits"));
    }

    @Test
    void aValueCarriedToTheNextIterationAndReadThereIsATrueDependence() {
        assertEquals("prev OTHER, cur OTHER, d REDUCTION, i INDUCTION", carried(Registers.class, "differences"));
    }

    @Test
    void aTemporaryWrittenBeforeItIsReadIsNotCarried() {
        assertEquals("s REDUCTION, i INDUCTION", carried(Registers.class, "temporary"));
    }

    @Test
    void anAccumulatorReadOutsideItsUpdateOrInItsOwnOperandIsNoReduction() {
        assertEquals("s OTHER, i INDUCTION", carried(Registers.class, "readElsewhere"));
        assertEquals("s OTHER, i INDUCTION", carried(Registers.class, "selfInOperand"));
    }

    @Test
    void aStepTheLoopChangesMakesNoInduction() {
        // k += step with step varying is a sum; step *= 2 would be a product but k reads it
        assertEquals("k REDUCTION, step OTHER, i INDUCTION", carried(Registers.class, "variantStep"));
    }

    @Test
    void theInnerIndexIsReinitialisedForTheOuterLoop() {
        assertEquals("s REDUCTION, i INDUCTION | s REDUCTION, j INDUCTION", carried(Registers.class, "nested"));
    }

    @Test
    void conversionsAreLookedThroughButAnInductionStepsInItsOwnType() {
        // s += w on an int s is s = (int) (s + w): a sum, no induction; c += a[i] on a short is a sum
        assertEquals("s REDUCTION, c REDUCTION, i INDUCTION", carried(Registers.class, "narrowing"));
    }

    @Test
    void loopsFollowTheOrderOfTheSiteFinder() {
        assertEquals("n INDUCTION", carried(Loops.class, "doWhile"));
        // found is written only on the way out (found = i; break outer): never carried
        assertEquals("i INDUCTION | j INDUCTION", carried(Loops.class, "labeled"));
        ClassNode cn = Bytecode.classNode(Loops.class);
        MethodNode m = Bytecode.method(cn, "tryInInnerLoop");
        assertEquals(Bytecode.sites(Loops.class, "tryInInnerLoop").loops().stream().map(LoopSite::ordinal).toList(),
                analyze(cn, m).stream().map(LoopRegisters::loop).toList());
    }

    @Test
    void withoutALocalVariableTableSlotsHaveNoName() {
        ClassNode cn = Bytecode.classNode(Registers.class);
        MethodNode m = Bytecode.method(cn, "sum");
        m.localVariables = null;
        List<LoopRegisters> loops = analyze(cn, m);
        assertEquals("#1 REDUCTION, #3 INDUCTION", describe(loops));
        assertNull(loops.get(0).carried().get(0).name());
    }
}
