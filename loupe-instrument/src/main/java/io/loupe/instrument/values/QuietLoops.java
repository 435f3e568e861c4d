package io.loupe.instrument.values;

import io.loupe.data.meta.LoopMeta;
import io.loupe.instrument.flow.ControlFlowGraph;
import io.loupe.instrument.flow.Dominators;
import io.loupe.instrument.flow.LoopForest;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodNode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * The loops of a quiet method whose activations switch between the probed version and the quiet
 * copy at their header ({@link QuietCopy}): an activation that runs long in a loop — a numeric
 * kernel, a parser's main loop — never comes back to the method's entry, where the version is
 * otherwise chosen.
 *
 * <p>Only outermost natural loops qualify, and the flow between the two versions must stay
 * reducible, because C2 does not optimise irreducible loops. So the probed header is the one way
 * into both versions of the loop: the copy's edges into its loop from outside are sent to the
 * probed header, whose check goes on to the copy's header while the method is quiet, and the
 * copy's header goes back to the probed one when the quiet period ends. The probed header then
 * dominates both loops (the copy's is nested in the probed one), where a jump into the copy of an
 * inner loop, or an entry into the copy's loop of its own, would give the flow a second way in.
 * The two headers are one instruction of the original code, so the state a switch carries is one
 * the other header accepts: the original's locals and operand stack there, plus the recorder array
 * that both versions keep in one local (null while the activation runs quiet).
 */
final class QuietLoops {

    /**
     * A loop header: the node just before its first instruction (the probed code's check goes right
     * after it, before any probe of that instruction), the label the loop's edges jump to, the first
     * instruction, its stack map frame (null in a class without frames), the edges into the loop
     * from outside it, whether the loop starts at the method's first instruction (then the
     * method's entry is one more way in), and the instructions of its body.
     */
    record Header(AbstractInsnNode anchor, LabelNode label, AbstractInsnNode first, FrameNode frame,
                  List<Entry> entries, boolean atStart, Set<AbstractInsnNode> body) {
    }

    /**
     * An edge into the loop from outside: the last instruction of its source block, the labels it
     * jumps to that are at the header (a jump or switch may name several, or none), and whether it
     * falls through to the header.
     */
    record Entry(AbstractInsnNode last, Set<LabelNode> targets, boolean fallsThrough) {
    }

    private QuietLoops() {
    }

    /**
     * The loops of {@code m} at whose headers activations switch versions: {@code headers}, in code
     * order, and the instructions of their bodies ({@code inBodies}).
     */
    record Found(List<Header> headers, Set<AbstractInsnNode> inBodies) {
    }

    /** Whether {@code m} enters a monitor (a {@code synchronized} block). */
    private static boolean locks(MethodNode m) {
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n.getOpcode() == Opcodes.MONITORENTER) {
                return true;
            }
        }
        return false;
    }

    /** The headers of {@code m}'s outermost natural loops, with their bodies' instructions. */
    static Found of(MethodNode m) {
        if (!QuietCopy.hasBackwardJump(m) || locks(m)) {
            // no loop: no graph to build (most quiet methods). A method that takes a monitor gets no
            // switch either: a loop inside a synchronized block would go from one version's monitor
            // region into the other's, which holds the lock of another monitorenter, and HotSpot,
            // unable to prove the monitors balanced, then compiles the method at neither tier
            // (lucene's CloseableThreadLocal.purge, C1 "invalid parsing")
            return new Found(List.of(), Set.of());
        }
        ControlFlowGraph g = ControlFlowGraph.build(m);
        if (g.hasSubroutines()) {
            return new Found(List.of(), Set.of());
        }
        Dominators dom = Dominators.of(g);
        List<Header> out = new ArrayList<>();
        Set<AbstractInsnNode> inBodies = Collections.newSetFromMap(new IdentityHashMap<>());
        for (LoopMeta loop : LoopForest.of(g, dom).loops()) {
            int h = loop.header();
            if (loop.parent() >= 0 || !loop.reducible() || g.block(h).handler()) {
                continue;
            }
            AbstractInsnNode first = g.instructions().get(g.block(h).first());
            LabelNode label = null;
            FrameNode frame = null;
            for (AbstractInsnNode n = first.getPrevious(); n != null && n.getOpcode() < 0; n = n.getPrevious()) {
                if (n instanceof LabelNode l && label == null) {
                    label = l;
                } else if (n instanceof FrameNode f && frame == null) {
                    frame = f;
                }
            }
            if (label == null) {
                continue;   // only possible at offset 0 without a back edge to it, so not a loop header
            }
            BitSet body = new BitSet();
            Set<AbstractInsnNode> insns = Collections.newSetFromMap(new IdentityHashMap<>());
            for (int b : loop.blocks()) {
                body.set(b);
                for (int i = g.block(b).first(); i <= g.block(b).last(); i++) {
                    insns.add(g.instructions().get(i));
                }
            }
            inBodies.addAll(insns);
            List<Entry> entries = new ArrayList<>();
            for (int b = 0; b < g.size(); b++) {
                if (body.get(b) || !dom.reachable(b) || Arrays.stream(g.block(b).successors()).noneMatch(s -> s == h)) {
                    continue;
                }
                AbstractInsnNode last = g.instructions().get(g.block(b).last());
                Set<LabelNode> targets = new HashSet<>();
                for (LabelNode t : ControlFlowGraph.targets(last)) {
                    if (g.blockAt(t) == h) {
                        targets.add(t);
                    }
                }
                boolean fallsThrough = !ControlFlowGraph.isUnconditional(last) && b + 1 == h;
                entries.add(new Entry(last, targets, fallsThrough));
            }
            out.add(new Header(first.getPrevious(), label, first, frame, entries, h == 0, insns));
        }
        return new Found(out, inBodies);
    }
}
