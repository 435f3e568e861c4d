package io.loupe.analysis.deps;

import io.loupe.data.Profile;
import io.loupe.data.deps.DepType;

import static io.loupe.analysis.deps.DepsProfileBuilder.ROOT;
import static io.loupe.analysis.deps.DepsProfileBuilder.register;
import static io.loupe.data.deps.CarriedRegisterMeta.Kind.INDUCTION;
import static io.loupe.data.deps.Dependence.INTER;
import static io.loupe.data.deps.Dependence.INTRA;

/**
 * The outcome of CAMP's Figure 1, by hand, in both modes:
 * <pre>
 *  5  void main() { for (…) {            L1
 *  6      work(); } }                    CS2
 * 12  void work() { Cell c = new Cell(); for (…) {   L2
 * 13      c.getValue();                  CS1
 * 14      c.setValue(); }                CS3
 * 16    this.cell.getValue();            CS4
 * 17    this.cell.setValue(); }          CS6
 * Cell:
 * 30  int getValue() { return v; }       getfield (site 0)
 * 31  void setValue() { v = …; }         putfield (site 1)
 * </pre>
 * Ten iterations of L1, each running L2 ten times. Camp mode tells apart the RAW from the store at
 * CS3 to the load at CS1 (a new cell per call of work: carried by L2, within one iteration of L1)
 * and the RAW from CS6 to CS4 (one cell for all: carried by L1, under CS2). Lamp mode sees one
 * RAW from the putfield to the getfield, carried by both loops. Each loop carries its index ({@code t},
 * {@code i}), an induction variable.
 *
 * <p>Compared (docs/deps.md, "Comparing LAMP with CAMP"): LAMP's RAW carried at L1 stands for the
 * stores' contexts within L1 (CS2 CS3 and CS2 CS6) times the loads' (CS2 CS1 and CS2 CS4), four pairs,
 * of which CAMP saw one carried at L1 (CS6 to CS4); at L2 for one pair (CS3 to CS1), seen. Five
 * pairs, two real: three false positives, 60%. No loop is parallelizable in either mode.
 */
public final class CampFigure1 {

    public static final String MAIN = "fig1.Main";
    public static final String CELL = "fig1.Cell";

    private CampFigure1() {
    }

    public static Profile profile(String mode) {
        DepsProfileBuilder b = new DepsProfileBuilder(mode).sourceFiles();
        int load = b.access(CELL, "getValue()I", 30, false, "fig1.Cell.v");
        int store = b.access(CELL, "setValue()V", 31, true, "fig1.Cell.v");
        int l1 = b.loop(MAIN, "main()V", 5, -1, register(1, "t", INDUCTION));
        int l2 = b.loop(MAIN, "work()V", 12, -1, register(2, "i", INDUCTION));
        int cs1 = b.call(MAIN, "work()V", 13, "fig1.Cell.getValue()I");
        int cs2 = b.call(MAIN, "main()V", 6, "fig1.Main.work()V");
        int cs3 = b.call(MAIN, "work()V", 14, "fig1.Cell.setValue()V");
        int cs4 = b.call(MAIN, "work()V", 16, "fig1.Cell.getValue()I");
        int cs6 = b.call(MAIN, "work()V", 17, "fig1.Cell.setValue()V");
        if (mode.equals("lamp")) {
            b.ran(l1, -1, 1, 10).ran(l2, -1, 10, 100);
            b.dep(DepType.RAW, store, -1, load, -1, 99, false, l1, INTRA | INTER, l2, INTER);
            return b.build();
        }
        int nL1 = b.loopNode(ROOT, l1);
        int nCs2 = b.callNode(nL1, cs2);
        int nL2 = b.loopNode(nCs2, l2);
        int nCs1 = b.callNode(nL2, cs1);
        int nCs3 = b.callNode(nL2, cs3);
        int nCs4 = b.callNode(nCs2, cs4);
        int nCs6 = b.callNode(nCs2, cs6);
        b.ran(l1, nL1, 1, 10).ran(l2, nL2, 10, 100);
        b.dep(DepType.RAW, store, nCs3, load, nCs1, 90, false, nL1, INTRA, nL2, INTER);
        b.dep(DepType.RAW, store, nCs6, load, nCs4, 9, false, nL1, INTER);
        return b.build();
    }
}
