package io.loupe.instrument.values;

import io.loupe.data.values.QuietIds;
import io.loupe.data.values.SiteKind;
import io.loupe.instrument.flow.ControlFlowGraph;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * Where a quiet method (in its copy) or a guarded method (beside its probe) checks that a block of
 * its value sites has run its probes at least once ({@code Values.quietBlock},
 * {@code Values.guardedBlock}), so that a block first reached while the method is quiet ends the
 * quiet period instead of being missed for the rest of the run. One check per straight-line run
 * of code with probed sites, keyed by the run's first probed site: the run's other sites execute
 * whenever it does. None for the code every activation runs before its first branch or jump
 * target (the method's first activations run their probes, so its sites there are recorded), nor
 * for parameters, read at entry. A run is a basic block of {@code ControlFlowGraph} (the same
 * rules: it ends after a jump, switch, return or throw and before a jump target or handler), found
 * by one scan of the instructions rather than by building the graph.
 */
final class SeenChecks {

    private SeenChecks() {
    }

    /**
     * The indices into {@code sites} (found in {@code m}, unchanged since) of the sites that carry
     * a check, in order of position: each the first probed site of its run. {@code firstId} is the
     * method's first site id; a site whose id the runtime's table has no room for gets none.
     */
    static List<Integer> of(MethodNode m, List<ValueSite> sites, int firstId) {
        AbstractInsnNode[] at = m.instructions.toArray();
        Set<LabelNode> targets = targets(m);
        int[] copies = StoredCopies.sources(sites);
        List<Integer> probed = new ArrayList<>();
        for (int i = 0; i < sites.size(); i++) {
            if (copies[i] < 0 && sites.get(i).kind() != SiteKind.PARAM && firstId + i < QuietIds.CAPACITY) {
                probed.add(i);
            }
        }
        probed.sort(Comparator.comparingInt(i -> sites.get(i).position()));
        Set<LabelNode> selfCovering = selfCovering(m, at);
        List<Integer> checked = new ArrayList<>();
        int from = 0;   // where the current straight-line run starts: the method's first
        for (int i : probed) {
            int position = sites.get(i).position();
            if (!straight(at, targets, from, position) && !inEntryOf(at, targets, selfCovering, position)) {
                checked.add(i);
            }
            from = position;
        }
        return checked;
    }

    /**
     * True if instruction {@code position} is in the entry block of a handler that covers its own
     * start (a {@code finally} block's): HotSpot's C1 refuses a method with a call that may throw
     * there ({@code HandlerPrefixes}), and the copy's handlers are not separated as the probed
     * version's are. Such a run goes unchecked; its sites also run on the normal path's copy of
     * the {@code finally} block.
     */
    private static boolean inEntryOf(AbstractInsnNode[] at, Set<LabelNode> targets, Set<LabelNode> selfCovering,
                                     int position) {
        for (int p = position; p >= 0; p--) {
            if (at[p] instanceof LabelNode l && (selfCovering.contains(l) || targets.contains(l))) {
                return selfCovering.contains(l);
            }
            if (p < position && ControlFlowGraph.endsBlock(at[p])) {
                return false;
            }
        }
        return false;
    }

    /** The handlers of {@code m} whose range covers their own start. */
    private static Set<LabelNode> selfCovering(MethodNode m, AbstractInsnNode[] at) {
        Set<LabelNode> labels = Collections.newSetFromMap(new IdentityHashMap<>());
        if (m.tryCatchBlocks.isEmpty()) {
            return labels;
        }
        IdentityHashMap<AbstractInsnNode, Integer> index = new IdentityHashMap<>();
        for (int p = 0; p < at.length; p++) {
            index.put(at[p], p);
        }
        for (TryCatchBlockNode t : m.tryCatchBlocks) {
            int h = index.get(t.handler);
            if (index.get(t.start) <= h && h < index.get(t.end)) {
                labels.add(t.handler);
            }
        }
        return labels;
    }

    /**
     * True if the code from instruction {@code from} to {@code to} runs straight through: no branch,
     * return or throw before {@code to}, and no jump target or handler after {@code from}.
     */
    private static boolean straight(AbstractInsnNode[] at, Set<LabelNode> targets, int from, int to) {
        for (int p = from; p < to; p++) {
            if (p > from && at[p] instanceof LabelNode l && targets.contains(l)) {
                return false;
            }
            if (ControlFlowGraph.endsBlock(at[p])) {
                return false;
            }
        }
        return !(to > from && at[to] instanceof LabelNode l && targets.contains(l));
    }

    /** The labels that something other than falling through reaches: jumps, switches and handlers. */
    private static Set<LabelNode> targets(MethodNode m) {
        Set<LabelNode> targets = Collections.newSetFromMap(new IdentityHashMap<>());
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            targets.addAll(ControlFlowGraph.targets(n));
        }
        for (TryCatchBlockNode t : m.tryCatchBlocks) {
            targets.add(t.handler);
        }
        return targets;
    }
}
