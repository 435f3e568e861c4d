package io.loupe.instrument.paths;

import io.loupe.data.meta.LoopMeta;
import io.loupe.instrument.flow.BallLarusDag;
import io.loupe.instrument.flow.MethodModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which javac loops {@link CountedLoops} counts, and the path ids it computes for them. */
class CountedLoopsTest {

    static long branchFree(int[] a, int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += a[i];
        }
        return s;
    }

    static long branchInBody(int[] a, int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            if (a[i] > 0) {
                s += a[i];
            }
        }
        return s;
    }

    static long innerOnly(int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < i; j++) {
                s += j;
            }
        }
        return s;
    }

    static long twoInSequence(int[] a, int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += a[i];
        }
        for (int i = 0; i < n; i++) {
            s -= a[i] * 2L;
        }
        return s;
    }

    static long insideTry(int[] a, int n) {
        long s = 0;
        try {
            for (int i = 0; i < n; i++) {
                s += a[i];
            }
        } catch (RuntimeException e) {
            s = -1;
        }
        return s;
    }

    static long withContinue(int[] a, int n) {
        long s = 0;
        int i = 0;
        while (i < n) {
            i++;
            if (a[i] == 0) {
                continue;
            }
            s += a[i];
        }
        return s;
    }

    static long doWhile(int[] a, int n) {
        long s = a[0];
        int i = 0;
        do {
            s += a[i++];
        } while (i < n);
        return s;
    }

    /** The loop's header is the method's first block: its arrival from outside is the method entry. */
    static int doWhileFirst(int n) {
        do {
            n -= 3;
        } while (n > 0);
        return n;
    }

    static long withCall(int[] a, int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += Math.abs(a[i]);
        }
        return s;
    }

    @ParameterizedTest(name = "{0}: {1} counted of {2}")
    @CsvSource({
            "branchFree, 1, 1",
            "branchInBody, 0, 1",
            "innerOnly, 1, 2",
            "twoInSequence, 2, 2",
            "insideTry, 0, 1",
            "withContinue, 0, 1",
            "doWhile, 1, 1",
            "doWhileFirst, 0, 1",
            "withCall, 1, 1",
    })
    void countsTheLoopsWhereOnlyTheHeaderBranches(String method, int counted, int loops) throws IOException {
        MethodModel model = MethodModel.of(method(method));
        assertEquals(loops, model.loops().loops().size());
        assertEquals(counted, CountedLoops.find(model).size());
    }

    /**
     * The path every later iteration ends is the Ball–Larus path ENTRY → h → … → t → EXIT; its id
     * is the sum of the edge values along it, which the increments (placed by ProbePlacement)
     * must reproduce.
     */
    @Test
    void theRepeatedPathIdIsTheSumOfEdgeValuesAroundTheLoop() throws IOException {
        for (String name : List.of("branchFree", "innerOnly", "twoInSequence", "doWhile", "withCall")) {
            MethodModel model = MethodModel.of(method(name));
            BallLarusDag dag = model.dag();
            for (CountedLoops.Loop loop : CountedLoops.find(model)) {
                LoopMeta meta = model.loops().loops().stream().filter(l -> l.header() == loop.header())
                        .findFirst().orElseThrow();
                int t = meta.backEdgeSources()[0];
                long id = dag.edge(dag.entry(), loop.header()).val();
                int u = loop.header();
                while (u != t) {
                    int next = -1;
                    for (int v : model.cfg().block(u).successors()) {
                        if (loop.blocks().get(v)) {
                            next = v;
                        }
                    }
                    id += dag.edge(u, next).val();
                    u = next;
                }
                id += dag.edge(t, dag.exit()).val();
                assertEquals(id, loop.repeated(), name + ": loop at block " + loop.header());
                assertEquals((int) (loop.repeated() - dag.edge(dag.entry(), loop.header()).inc()), loop.offset(),
                        name + ": the first iteration's offset is the repeated id less the header's start");
            }
        }
    }

    private static MethodNode method(String name) throws IOException {
        ClassNode cn = new ClassNode();
        try (InputStream in = CountedLoopsTest.class.getResourceAsStream("CountedLoopsTest.class")) {
            new ClassReader(in).accept(cn, ClassReader.EXPAND_FRAMES);
        }
        return cn.methods.stream().filter(m -> m.name.equals(name)).findFirst().orElseThrow();
    }
}
