package io.loupe.instrument.flow;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Control dependence ({@link ControlDependence}) against its definition checked by brute force:
 * {@code b} depends on {@code a} when some successor {@code s} of {@code a} is {@code b} or is
 * post-dominated by it, and {@code b} does not strictly post-dominate {@code a}; {@code x} is
 * post-dominated by {@code b} when every path from {@code x} to the exit passes {@code b} (with
 * {@code b} removed, the exit is out of reach). And on a method compiled by javac, by lines.
 */
class ControlDependenceTest {

    @Property(tries = 500)
    void randomMethodsDependOnTheBranchesTheDefinitionNames(@ForAll long seed,
                                                             @ForAll @IntRange(min = 1, max = 20) int blocks) {
        ControlFlowGraph g = ControlFlowGraph.build(RandomMethods.generate(seed, blocks));
        int n = g.size();
        int[][] succ = new int[n][];
        for (int b = 0; b < n; b++) {
            int[] s = g.block(b).successors();
            succ[b] = g.block(b).exits() || s.length == 0 ? append(s, n) : s;
        }
        int[][] cd = ControlDependence.of(g);
        for (int b = 0; b < n; b++) {
            TreeSet<Integer> want = new TreeSet<>();
            for (int a = 0; a < n; a++) {
                if (succ[a].length < 2 || !reachesExit(succ, n, a, -1)) {
                    continue;
                }
                boolean some = false;
                for (int s : succ[a]) {
                    some |= s == b || s != n && postDominates(succ, n, b, s);
                }
                if (some && (a == b || !postDominates(succ, n, b, a))) {
                    want.add(a);
                }
            }
            if (!reachesExit(succ, n, b, -1)) {
                continue;   // an endless loop's blocks: outside what post-dominance defines
            }
            assertEquals(List.copyOf(want), Arrays.stream(cd[b]).boxed().toList(), "block " + b + " of " + n);
        }
    }

    /** True if every path from {@code x} to the exit passes {@code b} (x reaches the exit). */
    private static boolean postDominates(int[][] succ, int n, int b, int x) {
        return x == b || reachesExit(succ, n, x, -1) && !reachesExit(succ, n, x, b);
    }

    /** True if the exit (node {@code n}) is reachable from {@code x} without passing {@code removed}. */
    private static boolean reachesExit(int[][] succ, int n, int x, int removed) {
        BitSet seen = new BitSet();
        List<Integer> work = new ArrayList<>(List.of(x));
        seen.set(x);
        while (!work.isEmpty()) {
            int v = work.remove(work.size() - 1);
            if (v == n) {
                return true;
            }
            for (int s : succ[v]) {
                if (s != removed && !seen.get(s)) {
                    seen.set(s);
                    work.add(s);
                }
            }
        }
        return false;
    }

    private static int[] append(int[] a, int x) {
        int[] r = Arrays.copyOf(a, a.length + 1);
        r[a.length] = x;
        return r;
    }

    static int sample(int a, int b) {
        int r = 0;
        if (a > 0) {
            r = 1;
        } else {
            r = 2;
        }
        while (b > 0) {
            b--;
        }
        return r;
    }

    @Test
    void javacsIfElseAndLoopDependOnTheirConditions() throws Exception {
        ClassNode cn = new ClassNode();
        try (InputStream in = ControlDependenceTest.class.getResourceAsStream("ControlDependenceTest.class")) {
            new ClassReader(in.readAllBytes()).accept(cn, 0);
        }
        MethodNode m = cn.methods.stream().filter(x -> x.name.equals("sample")).findFirst().orElseThrow();
        ControlFlowGraph g = ControlFlowGraph.build(m);
        int[][] cd = ControlDependence.of(g);
        int first = g.block(0).lines()[0];   // int r = 0
        // per block, its first line relative to the method's, and its parents' first lines
        List<String> got = new ArrayList<>();
        for (int b = 0; b < g.size(); b++) {
            StringBuilder s = new StringBuilder().append(g.block(b).lines()[0] - first).append(" ←");
            for (int p : cd[b]) {
                s.append(' ').append(g.block(p).lines()[g.block(p).lines().length - 1] - first);
            }
            got.add(s.toString());
        }
        // 0-1: r = 0, if; 2: r = 1; 4: r = 2; 6: while; 7: b--; 9: return
        assertArrayEquals(new String[] {"0 ←", "2 ← 1", "4 ← 1", "6 ← 6", "7 ← 6", "9 ←"}, got.toArray(), got.toString());
    }
}
