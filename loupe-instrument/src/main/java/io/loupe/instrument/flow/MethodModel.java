package io.loupe.instrument.flow;

import io.loupe.data.meta.BlockMeta;
import io.loupe.data.meta.MethodMeta;
import org.objectweb.asm.tree.MethodNode;

import java.util.ArrayList;
import java.util.List;

/**
 * Everything the flow analysis knows about one method: its blocks, dominators, loops and numbered
 * Ball–Larus DAG with probe increments. The probe emitters read it; so does the metadata written
 * into the profile, so the two can never disagree about blocks or ids.
 */
public final class MethodModel {

    private final ControlFlowGraph cfg;
    private final Dominators dominators;
    private final LoopForest loops;
    private final BallLarusDag dag;
    private final long numPaths;

    private MethodModel(ControlFlowGraph cfg, Dominators dominators, LoopForest loops, BallLarusDag dag, long numPaths) {
        this.cfg = cfg;
        this.dominators = dominators;
        this.loops = loops;
        this.dag = dag;
        this.numPaths = numPaths;
    }

    /** Analyses a method with code. Methods with JSR/RET subroutines get a graph but no DAG. */
    public static MethodModel of(MethodNode m) {
        return of(m, true);
    }

    /**
     * Analyses a method with code; with {@code placed} false every edge's increment is its value
     * ({@link ProbePlacement} not applied), so that the path register at any point of a path is the
     * sum of the values of the edges taken so far, which the whole-program trace's reader decodes
     * when an exception cuts a path short (docs/trace.md). Placed increments give the same path
     * ids on fewer edges, but a register mid-path then also holds a potential of its block.
     */
    public static MethodModel of(MethodNode m, boolean placed) {
        ControlFlowGraph cfg = ControlFlowGraph.build(m);
        Dominators dom = Dominators.of(cfg);
        LoopForest loops = LoopForest.of(cfg, dom);
        if (cfg.hasSubroutines()) {
            return new MethodModel(cfg, dom, loops, null, 0);
        }
        BallLarusDag dag = BallLarusDag.of(cfg, dom, loops);
        long numPaths = BallLarusNumbering.number(dag);
        if (placed) {
            ProbePlacement.place(dag);
        } else {
            dag.edges().forEach(BallLarusDag.Edge::incrementIsValue);
        }
        return new MethodModel(cfg, dom, loops, dag, numPaths);
    }

    public ControlFlowGraph cfg() {
        return cfg;
    }

    public Dominators dominators() {
        return dominators;
    }

    public LoopForest loops() {
        return loops;
    }

    /** The numbered DAG, or null for a method with subroutines. */
    public BallLarusDag dag() {
        return dag;
    }

    public long numPaths() {
        return numPaths;
    }

    /** The static metadata of this method for the profile. */
    public MethodMeta toMeta(int id, String className, String sourceFile, MethodMeta.Storage storage) {
        MethodNode m = cfg.method();
        List<BlockMeta> blocks = new ArrayList<>(cfg.size());
        for (ControlFlowGraph.Block b : cfg.blocks()) {
            blocks.add(new BlockMeta(b.first(), b.last(), b.lines(), b.handler()));
        }
        return new MethodMeta(id, className, m.name, m.desc, sourceFile, blocks,
                dag == null ? List.of() : dag.toMeta(), loops.loops(), numPaths, dag == null ? 0 : dag.cuts(), storage);
    }
}
