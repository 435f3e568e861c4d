package io.loupe.instrument.paths;

import io.loupe.instrument.flow.MethodModel;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which calls {@link PendingCalls} records pending path ends before. */
class PendingCallsTest {

    static void before() {
    }

    static void inRun() {
    }

    static void after() {
    }

    static void inCounted() {
    }

    static long shape(int[] a, int n) {
        before();                          // nothing can be pending yet
        long s = 0;
        for (int i = 0; i < n; i++) {      // a loop with a branch: its back edge's ends form runs
            if (a[i] > 0) {
                inRun();
            }
            s += Math.abs(a[i]) + Integer.bitCount(a[i]) + "x".length();   // cannot run the program's code
        }
        after();                           // the last run is still pending here
        return s;
    }

    static void counted(int n) {
        before();
        for (int i = 0; i < n; i++) {      // only the header branches: a counted loop
            inCounted();
        }
        after();                           // the loop's exit streamed its ends
    }

    @Test
    void aRunIsPendingFromTheLoopOnAndCallsThatCannotRunTheProgramsCodeAreLeftAlone() throws IOException {
        MethodModel model = MethodModel.of(method("shape"));
        List<PendingCalls.Site> sites = PendingCalls.find(model, CountedLoops.find(model), true);
        assertEquals(List.of("inRun", "after"), names(sites));
        assertEquals(List.of(), PendingCalls.find(model, CountedLoops.find(model), false), "nothing pends without runs");
    }

    @Test
    void aCountedLoopsIterationsArePendingInItsBodyOnly() throws IOException {
        MethodModel model = MethodModel.of(method("counted"));
        List<CountedLoops.Loop> counted = CountedLoops.find(model);
        assertEquals(1, counted.size());
        for (boolean rle : new boolean[] {false, true}) {
            List<PendingCalls.Site> sites = PendingCalls.find(model, counted, rle);
            assertEquals(List.of("inCounted"), names(sites));
            assertEquals(counted.get(0), sites.get(0).loop());
        }
    }

    private static List<String> names(List<PendingCalls.Site> sites) {
        return sites.stream().map(s -> ((MethodInsnNode) s.insn()).name).toList();
    }

    private static MethodNode method(String name) throws IOException {
        try (InputStream in = PendingCallsTest.class.getResourceAsStream("PendingCallsTest.class")) {
            ClassNode cn = new ClassNode();
            new ClassReader(in).accept(cn, ClassReader.EXPAND_FRAMES);
            return cn.methods.stream().filter(m -> m.name.equals(name)).findFirst().orElseThrow();
        }
    }
}
