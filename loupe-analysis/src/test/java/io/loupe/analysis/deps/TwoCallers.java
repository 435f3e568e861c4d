package io.loupe.analysis.deps;

import io.loupe.data.Profile;
import io.loupe.data.deps.DepType;

import static io.loupe.analysis.deps.DepsProfileBuilder.ROOT;
import static io.loupe.analysis.deps.DepsProfileBuilder.register;
import static io.loupe.data.deps.CarriedRegisterMeta.Kind.INDUCTION;
import static io.loupe.data.deps.CarriedRegisterMeta.Kind.OTHER;
import static io.loupe.data.deps.CarriedRegisterMeta.Kind.REDUCTION;
import static io.loupe.data.deps.Dependence.INTER;

/**
 * One loop parallelizable in one calling context and not in the other, in both modes:
 * <pre>
 *  3  void main() { for (…) init(a);           K   (ids 0 … 9: parallelizable)
 *  5    shift(a, b);                           CS1 (distinct arrays)
 *  6    shift(a, a); }                         CS2 (a[i] = a[i - 1] + 1: carried)
 * Vec:
 * 10  void shift(int[] d, int[] s) { for (…)   L   (i: induction, sum: reduction, prev: other)
 * 11      d[i] = s[i - 1] + 1; }               iaload (site 0), iastore (site 1)
 * 20  void init(int[] a) { a[k] = 0; }         iastore (site 2)
 * </pre>
 * Camp: L under CS1 carries nothing; under CS2 it carries the RAW from the store of one iteration
 * to the load of the next. The stores of {@code init} reach the loads under CS1 and CS2 (no loop in
 * common). Lamp: L carries the RAW, so it is not parallelizable; K is, in both modes.
 *
 * <p>Compared: LAMP loops 2, parallelizable 1 (K); CAMP loop contexts 3, parallelizable 2 (K, L
 * under CS1); L under CS1 is gained: one more than the one context LAMP's verdicts allow, +100%.
 * LAMP's RAW at L stands for one context pair (the store and load ran within L under CS2 only: under
 * CS1 nothing depended on them within L), which CAMP saw: no false positive.
 */
public final class TwoCallers {

    public static final String MAIN = "two.Main";
    public static final String VEC = "two.Vec";

    private TwoCallers() {
    }

    public static Profile profile(String mode) {
        DepsProfileBuilder b = new DepsProfileBuilder(mode).sourceFiles();
        int load = b.access(VEC, "shift([I[I)V", 11, false, "int[]");
        int store = b.access(VEC, "shift([I[I)V", 11, true, "int[]");
        int init = b.access(VEC, "init([I)V", 20, true, "int[]");
        int k = b.loop(MAIN, "main()V", 3, -1, register(1, "k", INDUCTION));
        int l = b.loop(VEC, "shift([I[I)V", 10, -1, register(3, "i", INDUCTION), register(4, "sum", REDUCTION),
                register(5, "prev", OTHER), register(6, null, OTHER));
        int cs0 = b.call(MAIN, "main()V", 3, "two.Vec.init([I)V");
        int cs1 = b.call(MAIN, "main()V", 5, "two.Vec.shift([I[I)V");
        int cs2 = b.call(MAIN, "main()V", 6, "two.Vec.shift([I[I)V");
        if (mode.equals("lamp")) {
            b.ran(k, -1, 1, 10).ran(l, -1, 2, 20);
            b.dep(DepType.RAW, init, -1, load, -1, 18, false);
            b.dep(DepType.RAW, store, -1, load, -1, 9, false, l, INTER);
            return b.build();
        }
        int nk = b.loopNode(ROOT, k);
        int nInit = b.callNode(nk, cs0);
        int nL1 = b.loopNode(b.callNode(ROOT, cs1), l);
        int nL2 = b.loopNode(b.callNode(ROOT, cs2), l);
        b.ran(k, nk, 1, 10).ran(l, nL1, 1, 10).ran(l, nL2, 1, 10);
        b.dep(DepType.RAW, init, nInit, load, nL1, 9, false);
        b.dep(DepType.RAW, init, nInit, load, nL2, 9, false);
        b.dep(DepType.RAW, store, nL2, load, nL2, 9, false, nL2, INTER);
        return b.build();
    }
}
