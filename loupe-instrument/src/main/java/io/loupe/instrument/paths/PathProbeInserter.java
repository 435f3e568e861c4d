package io.loupe.instrument.paths;

import io.loupe.instrument.emit.FrameLocals;
import io.loupe.instrument.emit.NewLabels;
import io.loupe.instrument.emit.Trampolines;
import io.loupe.instrument.flow.BallLarusDag;
import io.loupe.instrument.flow.ControlFlowGraph;
import io.loupe.instrument.flow.MethodModel;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Rewrites one method for Ball–Larus path profiling, following its {@link MethodModel}.
 *
 * <p>Where each probe goes, for a CFG transfer {@code u→v}:
 * <ul>
 *   <li>{@code u} ends with {@code goto}: before the {@code goto};</li>
 *   <li>{@code v} is the fall-through of {@code u}: right after {@code u}'s last instruction, which
 *   only the fall-through executes (jumps to {@code v} land on {@code v}'s label, after it);</li>
 *   <li>{@code v} is the target of a conditional jump or switch case of {@code u}: in a trampoline
 *   appended after the method's code ({@code T: probe; goto v}), the jump redirected to {@code T}.</li>
 * </ul>
 * A forward transfer carries {@code r += inc}; a back edge or cut edge ends the path and starts
 * the next ({@code end(inc(u→EXIT)); r = inc(ENTRY→v)}); a return or throw ends the path before
 * the instruction; an exception handler is entered through a trampoline that starts a path. An
 * exception thrown mid-path thus drops that path (it is never counted, never corrupts another),
 * and the handler starts afresh. Before each call made while path ends may be pending in locals,
 * they are recorded ({@link PendingCalls}): a frame in a call keeps nothing back from the profile.
 *
 * <p>Stack map frames: the class is read with expanded frames; the appended locals are added to
 * every frame (they are assigned at entry, before any frame), and each trampoline gets a copy of
 * its target's frame. No frame is ever computed, so no class is ever loaded to merge types.
 */
final class PathProbeInserter {

    private final MethodNode m;
    private final MethodModel model;
    private final PathRegister reg;
    private final boolean frames;
    private final boolean deferrable;
    private final AbstractInsnNode coveredAfter;
    private final boolean catchAll;
    private final String owner;
    private ThrowingBlocks throwing;   // TRACE: the blocks that may throw, and those that mark themselves
    private final InsnList trampolines = new InsnList();
    private final Map<LabelNode, LabelNode> handlerTrampolines = new HashMap<>();
    private final Map<AbstractInsnNode, List<LabelNode>> newsMarked = new java.util.LinkedHashMap<>();
    private List<CountedLoops.Loop> counted = List.of();

    /**
     * @param deferrable   false if path ends must not be kept pending (counted loops): a
     *                     constructor whose loops {@link ConstructorBody} cannot all place after
     *                     its {@code super(…)} call
     * @param coveredAfter in a constructor, its {@code super(…)} or {@code this(…)} call: the
     *                     catch-all handler starts after it; null elsewhere
     */
    PathProbeInserter(MethodNode m, MethodModel model, PathRegister reg, boolean frames, boolean deferrable,
            AbstractInsnNode coveredAfter) {
        this(m, model, reg, frames, deferrable, coveredAfter, true, null);
    }

    /**
     * @param catchAll TRACE: false for a constructor whose {@code this(…)} or {@code super(…)} call
     *                 cannot be found, which a catch-all handler cannot cover: an exception leaves
     *                 its activations without an unwind event, which the trace's reader allows
     * @param owner    TRACE: the internal name of the method's class, whose own initialization
     *                 needs no site mark
     */
    PathProbeInserter(MethodNode m, MethodModel model, PathRegister reg, boolean frames, boolean deferrable,
            AbstractInsnNode coveredAfter, boolean catchAll, String owner) {
        this.catchAll = catchAll;
        this.owner = owner;
        this.m = m;
        this.model = model;
        this.reg = reg;
        this.frames = frames;
        this.deferrable = deferrable;
        this.coveredAfter = coveredAfter;
    }

    /** Inserts all probes. Throws {@link IllegalStateException} if the method cannot be instrumented. */
    void insert() {
        ControlFlowGraph g = model.cfg();
        BallLarusDag dag = model.dag();
        List<AbstractInsnNode> insns = g.instructions();
        if (reg.canCountLoops() && deferrable) {
            counted = CountedLoops.find(model);
            if (!reg.rle()) {
                counted = withoutCalls(counted);
            }
            reg.countLoops(counted.size());
        }
        throwing = reg.traces() ? ThrowingBlocks.of(model) : null;
        // Resolve every insertion point before the list changes.
        List<Runnable> edits = new ArrayList<>();
        for (ControlFlowGraph.Block u : g.blocks()) {
            if (!model.dominators().reachable(u.index())) {
                continue;
            }
            AbstractInsnNode last = insns.get(u.last());
            if (u.exits()) {
                long inc = dag.edge(u.index(), dag.exit()).inc();
                InsnList end = reg.traces() ? reg.traceExit(inc, last.getOpcode() == Opcodes.ATHROW) : reg.directEnd(inc);
                edits.add(() -> m.instructions.insertBefore(last, end));
            }
            if (reg.traces()) {
                if (throwing.marked(u.index())) {
                    AbstractInsnNode first = insns.get(u.first());
                    InsnList mark = reg.markBlock(u.index());
                    edits.add(() -> m.instructions.insertBefore(first, mark));
                    if (first.getOpcode() == Opcodes.NEW) {
                        newsMarked.put(first, NewLabels.before(first));
                    }
                }
                markSites(g, u, edits);
            }
            for (int v : u.successors()) {
                Probe probe = withCountedLoops(u.index(), v, transferProbe(dag, u.index(), v));
                if (probe != null) {
                    planTransfer(g, u, v, last, probe, edits);
                }
            }
        }
        for (PendingCalls.Site site : PendingCalls.find(model, counted, reg.rle())) {
            CountedLoops.Loop loop = site.loop();
            InsnList code = loop == null ? reg.flushBeforeCall()
                    : reg.countedFlushBeforeCall(loop.index(), loop.offset(), loop.repeated());
            edits.add(() -> m.instructions.insertBefore(site.insn(), code));
        }
        for (TryCatchBlockNode tcb : m.tryCatchBlocks) {
            LabelNode original = tcb.handler;
            BallLarusDag.Edge start = dag.edge(dag.entry(), g.blockAt(original));
            if (start == null) {
                continue;   // a handler no reachable code can throw to
            }
            LabelNode trampoline = handlerTrampolines.computeIfAbsent(original, h -> trampoline(h, handlerEntry(start.inc())));
            edits.add(() -> tcb.handler = trampoline);
        }
        for (Runnable edit : edits) {
            edit.run();
        }
        if (reg.rle() || !counted.isEmpty() || reg.traces() && catchAll) {
            catchAllFlush();
        }
        if (frames) {
            // Trampoline frames were copied from unextended frames, so both lists are extended.
            FrameLocals.append(m.maxLocals, reg.frameLocals(), m.instructions, trampolines);
        }
        long entryInc = dag.edge(dag.entry(), 0).inc();
        m.instructions.insert(reg.entry(entryInc));
        m.instructions.add(trampolines);
        // A site mark went between a new and the label its frames name it by (trampolines' frames too).
        newsMarked.forEach((insn, labels) -> NewLabels.keepOnNew(m, insn, labels));
    }

    /** TRACE, after {@link #insert}: the blocks that may throw. */
    int[] throwingBlocks() {
        return throwing.blocks();
    }

    /** The code at a handler's entry: the path that starts there (TRACE: after the catch event). */
    private InsnList handlerEntry(long startInc) {
        InsnList l = reg.traces() ? reg.caught() : new InsnList();
        l.add(reg.start(startInc));
        return l;
    }

    /**
     * TRACE: every instruction in block {@code u} that may run instrumented code marks its site,
     * its instruction number, first: calls, and the instructions that may initialize another class
     * ({@code new}, {@code getstatic}, {@code putstatic}: JVMS §5.5), whose static initializer is
     * then an activation under that site.
     */
    private void markSites(ControlFlowGraph g, ControlFlowGraph.Block u, List<Runnable> edits) {
        List<AbstractInsnNode> insns = g.instructions();
        for (int i = u.first(); i <= u.last(); i++) {
            AbstractInsnNode insn = insns.get(i);
            if (insn instanceof MethodInsnNode || insn instanceof InvokeDynamicInsnNode || initializes(insn)) {
                InsnList mark = reg.markSite(i);
                edits.add(() -> m.instructions.insertBefore(insn, mark));
                if (insn.getOpcode() == Opcodes.NEW) {
                    newsMarked.put(insn, NewLabels.before(insn));
                }
            }
        }
    }

    /** True if {@code insn} may initialize a class other than the method's own. */
    private boolean initializes(AbstractInsnNode insn) {
        int op = insn.getOpcode();
        if (op == Opcodes.NEW) {
            return !((TypeInsnNode) insn).desc.equals(owner);
        }
        if (op == Opcodes.GETSTATIC || op == Opcodes.PUTSTATIC) {
            return !((FieldInsnNode) insn).owner.equals(owner);
        }
        return false;
    }

    /**
     * The counted loops without a call that may not return, renumbered. Without run-length
     * encoding (k = 1 by default) a loop that calls records each iteration's end at once, one
     * counter update: cheaper than streaming its iterations before every call
     * ({@link PendingCalls}), which would cost that update and the streaming's arithmetic.
     */
    private List<CountedLoops.Loop> withoutCalls(List<CountedLoops.Loop> loops) {
        List<CountedLoops.Loop> kept = new ArrayList<>();
        for (CountedLoops.Loop loop : loops) {
            if (!PendingCalls.calls(model, loop.blocks())) {
                kept.add(new CountedLoops.Loop(kept.size(), loop.header(), loop.blocks(), loop.offset(),
                        loop.repeated()));
            }
        }
        return kept;
    }

    /**
     * Covers the original code with a last, catch-everything handler that records the pending run
     * and the iterations of a counted loop the exception leaves before it leaves the method (it is
     * rethrown unchanged). Handlers the method had come first in the table, so they still catch
     * what they caught. In a constructor it starts after the {@code super(…)} call: one handler
     * cannot cover code both before and after it, and nothing is pending before it
     * ({@link ConstructorBody}).
     */
    private void catchAllFlush() {
        LabelNode start = new LabelNode();
        if (coveredAfter != null) {
            m.instructions.insert(coveredAfter, start);
        } else {
            m.instructions.insert(start);
        }
        InsnList handler = new InsnList();
        for (CountedLoops.Loop loop : counted) {
            handler.add(reg.countedExit(loop.index(), loop.offset(), loop.repeated()));
        }
        handler.add(reg.flushAndRethrow());
        Trampolines.catchAll(m, start, trampolines, handler, frames);
    }

    /**
     * The probe of transfer {@code u→v} with the code of counted loops ({@link CountedLoops}): a
     * back edge counts the iteration instead of ending the path; an exit streams the loop's path
     * ends before the transfer's own probe; an entry saves the path register after it.
     */
    private Probe withCountedLoops(int u, int v, Probe probe) {
        if (counted.isEmpty()) {
            return probe;
        }
        List<CountedLoops.Loop> exits = new ArrayList<>();
        List<CountedLoops.Loop> entries = new ArrayList<>();
        for (CountedLoops.Loop loop : counted) {
            if (loop.isBackEdge(u, v)) {
                long startInc = model.dag().edge(model.dag().entry(), v).inc();
                return (inTrampoline, target) -> {
                    InsnList l = reg.countIteration(loop.index());
                    l.add(reg.start(startInc));
                    return l;
                };
            }
            if (loop.isExit(u, v)) {
                exits.add(loop);
            }
            if (loop.isEntry(u, v)) {
                entries.add(loop);
            }
        }
        if (exits.isEmpty() && entries.isEmpty()) {
            return probe;
        }
        return new Probe() {
            @Override
            public InsnList code(boolean inTrampoline, FrameNode target) {
                InsnList l = new InsnList();
                for (CountedLoops.Loop loop : exits) {
                    l.add(reg.countedExit(loop.index(), loop.offset(), loop.repeated()));
                }
                if (probe != null) {
                    l.add(probe.code(inTrampoline, target));
                }
                for (CountedLoops.Loop loop : entries) {
                    l.add(reg.saveEntry(loop.index()));
                }
                return l;
            }

            @Override
            public boolean wantsTrampoline() {
                return probe != null && probe.wantsTrampoline();
            }
        };
    }

    /**
     * The code of one transfer, inline or in a trampoline; {@code target} is the frame at the
     * transfer's target (null in a class without stack map frames).
     */
    private interface Probe {
        InsnList code(boolean inTrampoline, FrameNode target);

        /** True if the code is better in a trampoline even after an unconditional {@code goto}. */
        default boolean wantsTrampoline() {
            return false;
        }
    }

    /** The probe of transfer {@code u→v}, or null if it needs none. */
    private Probe transferProbe(BallLarusDag dag, int u, int v) {
        BallLarusDag.Edge forward = dag.edge(u, v);
        if (forward != null && forward.kind() == io.loupe.data.meta.EdgeKind.NORMAL) {
            long inc = forward.inc();
            return inc == 0 ? null : (inTrampoline, target) -> reg.add(inc);
        }
        // A back edge or a cut edge: the path ends here and the next starts at v.
        long endInc = dag.edge(u, dag.exit()).inc();
        long startInc = dag.edge(dag.entry(), v).inc();
        return new Probe() {
            @Override
            public InsnList code(boolean inTrampoline, FrameNode target) {
                InsnList l = reg.rle() && inTrampoline ? reg.repeatedEnd(endInc, target) : reg.directEnd(endInc);
                l.add(reg.start(startInc));
                return l;
            }

            @Override
            public boolean wantsTrampoline() {
                return reg.rle();
            }
        };
    }

    private void planTransfer(ControlFlowGraph g, ControlFlowGraph.Block u, int v, AbstractInsnNode last,
                              Probe probe, List<Runnable> edits) {
        int op = last.getOpcode();
        if (op == Opcodes.GOTO) {
            JumpInsnNode jump = (JumpInsnNode) last;
            if (probe.wantsTrampoline()) {
                LabelNode t = trampoline(jump.label, probe.code(true, frameOrNull(jump.label)));
                edits.add(() -> jump.label = t);
            } else {
                InsnList code = probe.code(false, null);
                edits.add(() -> m.instructions.insertBefore(last, code));
            }
            return;
        }
        boolean fallsThrough = u.last() + 1 < g.instructions().size() && g.blockOf(u.last() + 1) == v
                && !ControlFlowGraph.isUnconditional(last);
        if (last instanceof JumpInsnNode jump && g.blockAt(jump.label) == v) {
            LabelNode t = trampoline(jump.label, probe.code(true, frameOrNull(jump.label)));
            edits.add(() -> jump.label = t);
        } else if (last instanceof TableSwitchInsnNode sw) {
            redirectSwitch(g, u.index(), v, sw.labels, probe, edits);
            if (g.blockAt(sw.dflt) == v) {
                LabelNode t = trampolineFor(u.index(), sw.dflt, probe);
                edits.add(() -> sw.dflt = t);
            }
            return;
        } else if (last instanceof LookupSwitchInsnNode sw) {
            redirectSwitch(g, u.index(), v, sw.labels, probe, edits);
            if (g.blockAt(sw.dflt) == v) {
                LabelNode t = trampolineFor(u.index(), sw.dflt, probe);
                edits.add(() -> sw.dflt = t);
            }
            return;
        }
        if (fallsThrough) {
            LabelNode target = probe.wantsTrampoline() ? jumpableLabel(g.instructions().get(g.block(v).first())) : null;
            if (target != null) {
                // javac's loops fall through from the body into the condition block, their header:
                // the back edge becomes a jump to a trampoline, so the run-length probe can branch.
                LabelNode t = trampoline(target, probe.code(true, frameOrNull(target)));
                edits.add(() -> m.instructions.insert(last, new JumpInsnNode(Opcodes.GOTO, t)));
            } else {
                InsnList code = probe.code(false, null);
                edits.add(() -> m.instructions.insert(last, code));
            }
        }
    }

    /**
     * A label at {@code first}'s position that a jump may target: one with a stack map frame, or
     * in a class without frames any label. Null if there is none (then the probe stays inline).
     */
    private LabelNode jumpableLabel(AbstractInsnNode first) {
        LabelNode label = null;
        boolean frame = false;
        for (AbstractInsnNode n = first.getPrevious(); n != null && n.getOpcode() < 0; n = n.getPrevious()) {
            if (n instanceof LabelNode l) {
                label = l;
            } else if (n instanceof FrameNode) {
                frame = true;
            }
        }
        return frames && !frame ? null : label;
    }

    private FrameNode frameOrNull(LabelNode label) {
        return frames ? FrameLocals.at(label) : null;
    }

    /** Trampolines of switch cases, keyed by (switch block, target label): cases to one block share one. */
    private final Map<Long, LabelNode> switchTrampolines = new HashMap<>();
    private final Map<LabelNode, Integer> labelIds = new HashMap<>();

    private LabelNode trampolineFor(int u, LabelNode target, Probe probe) {
        long key = ((long) u << 32) | labelIds.computeIfAbsent(target, l -> labelIds.size());
        return switchTrampolines.computeIfAbsent(key, x -> trampoline(target, probe.code(true, frameOrNull(target))));
    }

    private void redirectSwitch(ControlFlowGraph g, int u, int v, List<LabelNode> labels, Probe probe,
                                List<Runnable> edits) {
        for (int i = 0; i < labels.size(); i++) {
            if (g.blockAt(labels.get(i)) == v) {
                LabelNode t = trampolineFor(u, labels.get(i), probe);
                int index = i;
                edits.add(() -> labels.set(index, t));
            }
        }
    }

    /** Appends {@code T: [frame of target] code; goto target} after the code and returns T. */
    private LabelNode trampoline(LabelNode target, InsnList code) {
        return Trampolines.jump(trampolines, target, code, frames);
    }
}
