package io.loupe.instrument.values;

import io.loupe.data.values.QuietIds;
import io.loupe.instrument.emit.FrameLocals;
import io.loupe.instrument.emit.IntConstant;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Quiet methods for convergent value profiling: a copy of the method's original code, without
 * probes, that the method runs while all its sites have converged (Arnold and Ryder's code
 * duplication, PLDI 2001, checked at method entry and at the headers of outermost loops). Taken
 * from the method before any probe goes in and appended after the instrumented code, with its own
 * labels, handlers, line numbers and local variable entries; entered by a jump at the very start
 * of the method:
 *
 * <pre>
 *   if (Values.quiet(first)) goto QUIET;      // a shared countdown: no thread lookup
 *   rs = Values.probed(first, end);           // the thread's recorders, only when probed
 *   the method's code, with its probes
 * QUIET:
 *   rs = null;
 *   the method's original code
 * </pre>
 * and switched to and from at the header of each outermost loop ({@link #switchAt},
 * {@link QuietLoops}), so that an activation that runs long in a loop follows the method's quiet
 * periods too.
 *
 * <p>Both versions are in the method, so no frame is added to the stack: a version kept out of
 * line, in an overload, showed in stack traces and broke code that looks at its callers (Lucene's
 * {@code VectorizationProvider} refuses callers it does not know, found by stack depth). The copy's
 * code is the original code, so its stack map frames are the original ones with the recorder
 * array added; the jump at entry carries the method's entry state, which the entry frame at
 * {@code QUIET} accepts.
 */
final class QuietCopy {

    private final InsnList code;
    private final List<TryCatchBlockNode> handlers;
    private final List<LocalVariableNode> locals;
    private final Map<AbstractInsnNode, AbstractInsnNode> clones;   // original node → its copy
    private final InsnList entries = new InsnList();   // after the copy: its loops' entries, sent to the probed headers
    private LabelNode startHeader;   // the probed header of a switching loop at the method's first instruction

    private QuietCopy(InsnList code, List<TryCatchBlockNode> handlers, List<LocalVariableNode> locals,
                      Map<AbstractInsnNode, AbstractInsnNode> clones) {
        this.code = code;
        this.handlers = handlers;
        this.locals = locals;
        this.clones = clones;
    }

    /** A copy of {@code m}'s code as it is now. */
    static QuietCopy of(MethodNode m) {
        Map<LabelNode, LabelNode> labels = new HashMap<>();
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n instanceof LabelNode l) {
                labels.put(l, new LabelNode());
            }
        }
        InsnList code = new InsnList();
        Map<AbstractInsnNode, AbstractInsnNode> clones = new IdentityHashMap<>();
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            AbstractInsnNode c = n.clone(labels);
            clones.put(n, c);
            code.add(c);
        }
        List<TryCatchBlockNode> handlers = new ArrayList<>();
        for (TryCatchBlockNode t : m.tryCatchBlocks) {
            TryCatchBlockNode c = new TryCatchBlockNode(labels.get(t.start), labels.get(t.end), labels.get(t.handler), t.type);
            c.visibleTypeAnnotations = t.visibleTypeAnnotations;
            c.invisibleTypeAnnotations = t.invisibleTypeAnnotations;
            handlers.add(c);
        }
        List<LocalVariableNode> locals = new ArrayList<>();
        if (m.localVariables != null) {
            for (LocalVariableNode v : m.localVariables) {
                locals.add(new LocalVariableNode(v.name, v.desc, v.signature, labels.get(v.start), labels.get(v.end), v.index));
            }
        }
        return new QuietCopy(code, handlers, locals, clones);
    }

    /**
     * True if the loop whose first site is {@code loopSite} (-1: none) counts its own iterations,
     * probed ({@code Values.atLoopOf}) and quiet ({@code Values.quietLap}), so that its sites are
     * credited for its iterations rather than for those of all the method's loops. Not under
     * {@code values.freeze}, whose checks are to fold away.
     */
    static boolean countsOwnLaps(int loopSite, boolean freeze) {
        return loopSite >= 0 && loopSite < QuietIds.CAPACITY && !freeze;
    }

    /**
     * Makes activations switch between the two versions at loop header {@code h} ({@link QuietLoops})
     * of the method this is a copy of, whose sites have ids {@code [firstId, end)} and whose recorder
     * array is in local {@code array}:
     *
     * <pre>
     *   H:  rs = Values.atLoop(rs, first, end)          H':  if (!Values.quiet(first)) goto H
     *       if (rs == null) goto H'                          the header's original code
     *       the header's code, with its probes          E':  goto H   (the copy's entries into the loop)
     * </pre>
     * {@code atLoop} counts an iteration that runs the probes (and fetches the recorders if the
     * activation ran quiet until now); a loop with sites calls {@code atLoopOf} instead, which
     * also ends the quiet period when a quiet activation enters the loop before it has ever run
     * its probes ({@code loopSite}, the loop's first site, is its key), so that a loop that
     * starts after its method went quiet is profiled (not under {@code values.freeze});
     * {@code quiet} counts the copy's iterations down in the quiet period, as the check at entry
     * counts its activations. Such a loop also counts its own iterations, probed and quiet (its
     * copy's check is {@code quietLap(first, loopSite)}), so that its sites are credited for the
     * quiet iterations of their own loop ({@link #countsOwnLaps}). The copy's edges into the loop from
     * outside go to {@code H} through {@code E'}, so that {@code H} is the one way into both
     * versions of the loop.
     */
    void switchAt(MethodNode m, QuietLoops.Header h, int array, int firstId, int end, int loopSite, boolean freeze) {
        InsnList probed = new InsnList();
        probed.add(new VarInsnNode(Opcodes.ALOAD, array));
        probed.add(IntConstant.push(firstId));
        probed.add(IntConstant.push(end));
        if (countsOwnLaps(loopSite, freeze)) {
            probed.add(IntConstant.push(loopSite));
            probed.add(new MethodInsnNode(Opcodes.INVOKESTATIC, ValueProbeInserter.VALUES, "atLoopOf",
                    "(" + ValueProbeInserter.RECORDERS + "III)" + ValueProbeInserter.RECORDERS, false));
        } else {
            probed.add(new MethodInsnNode(Opcodes.INVOKESTATIC, ValueProbeInserter.VALUES, check("atLoop", freeze),
                    "(" + ValueProbeInserter.RECORDERS + "II)" + ValueProbeInserter.RECORDERS, false));
        }
        probed.add(new InsnNode(Opcodes.DUP));
        probed.add(new VarInsnNode(Opcodes.ASTORE, array));
        probed.add(new JumpInsnNode(Opcodes.IFNULL, (LabelNode) clones.get(h.label())));
        m.instructions.insert(h.anchor(), probed);

        InsnList quiet = new InsnList();
        quiet.add(IntConstant.push(firstId));
        if (countsOwnLaps(loopSite, freeze)) {
            quiet.add(IntConstant.push(loopSite));
            quiet.add(new MethodInsnNode(Opcodes.INVOKESTATIC, ValueProbeInserter.VALUES, "quietLap", "(II)Z", false));
        } else {
            quiet.add(new MethodInsnNode(Opcodes.INVOKESTATIC, ValueProbeInserter.VALUES, check("quiet", freeze), "(I)Z",
                    false));
        }
        quiet.add(new JumpInsnNode(Opcodes.IFEQ, h.label()));
        code.insertBefore(clones.get(h.first()), quiet);

        if (h.atStart()) {
            startHeader = h.label();   // the quiet entry goes in through H too (appendTo)
        }
        if (h.entries().isEmpty()) {
            return;
        }
        LabelNode entry = new LabelNode();
        for (QuietLoops.Entry e : h.entries()) {
            AbstractInsnNode last = clones.get(e.last());
            if (!e.targets().isEmpty()) {
                retarget(e.last(), last, e.targets(), entry);
            }
            if (e.fallsThrough()) {
                code.insert(last, new JumpInsnNode(Opcodes.GOTO, entry));
            }
        }
        entries.add(entry);
        if (h.frame() != null) {
            entries.add(FrameLocals.copy((FrameNode) clones.get(h.frame())));   // the copy's: no recorder array yet
        }
        entries.add(new JumpInsnNode(Opcodes.GOTO, h.label()));
    }

    /**
     * Puts the check of a block of sites into the copy ({@link SeenChecks}): in front of the copy of
     * {@code original}, the instruction of the block's first probed site, whose id is {@code site},
     * {@code Values.quietBlock(site, first)}, which ends the quiet period if that site has never
     * run its probes. A call and no branch, so the copy's stack map frames stay as they are.
     */
    void checkSeen(AbstractInsnNode original, int site, int firstId) {
        InsnList check = new InsnList();
        check.add(IntConstant.push(site));
        check.add(IntConstant.push(firstId));
        check.add(new MethodInsnNode(Opcodes.INVOKESTATIC, ValueProbeInserter.VALUES, "quietBlock", "(II)V", false));
        code.insertBefore(clones.get(original), check);
    }

    /**
     * Points {@code copy}, the copy of jump or switch {@code original}, at {@code to} wherever the
     * original names one of {@code targets}.
     */
    private static void retarget(AbstractInsnNode original, AbstractInsnNode copy, Set<LabelNode> targets,
                                 LabelNode to) {
        if (copy instanceof JumpInsnNode c) {
            c.label = to;
        } else if (original instanceof TableSwitchInsnNode o && copy instanceof TableSwitchInsnNode c) {
            retarget(o.labels, c.labels, targets, to);
            c.dflt = targets.contains(o.dflt) ? to : c.dflt;
        } else if (original instanceof LookupSwitchInsnNode o && copy instanceof LookupSwitchInsnNode c) {
            retarget(o.labels, c.labels, targets, to);
            c.dflt = targets.contains(o.dflt) ? to : c.dflt;
        }
    }

    private static void retarget(List<LabelNode> original, List<LabelNode> copy, Set<LabelNode> targets, LabelNode to) {
        for (int i = 0; i < original.size(); i++) {
            if (targets.contains(original.get(i))) {
                copy.set(i, to);
            }
        }
    }

    /**
     * Appends the copy to {@code m} (whose code ends, like every method's, in an instruction that
     * does not fall through) and puts the dispatch into it at the start of the method. A quiet
     * activation enters the copy with the recorder array (local {@code array}) null, which every
     * frame of the copy lists: a loop header may send it to the probed version
     * ({@link #switchAt}), which fetches the array then. In a method that does ({@code switching}),
     * the check at entry also counts the quiet activations apart from the quiet iterations.
     *
     * @param owner  the internal name of the method's class (for the entry frame's {@code this})
     * @param frames true if the class has stack map frames (version 50 or later)
     */
    void appendTo(MethodNode m, int firstId, int array, String owner, boolean frames, boolean switching, boolean freeze) {
        LabelNode quiet = new LabelNode();
        InsnList dispatch = new InsnList();
        dispatch.add(IntConstant.push(firstId));
        dispatch.add(new MethodInsnNode(Opcodes.INVOKESTATIC, ValueProbeInserter.VALUES,
                check(switching ? "quietEntry" : "quiet", freeze), "(I)Z", false));
        dispatch.add(new JumpInsnNode(Opcodes.IFNE, quiet));
        m.instructions.insert(dispatch);
        code.add(entries);
        if (frames) {
            FrameLocals.append(array, List.of(ValueProbeInserter.RECORDERS), code);
        }
        InsnList trampoline = new InsnList();
        trampoline.add(quiet);
        if (frames) {
            trampoline.add(entryFrame(m, owner));
        }
        trampoline.add(new InsnNode(Opcodes.ACONST_NULL));
        trampoline.add(new VarInsnNode(Opcodes.ASTORE, array));
        if (startHeader != null) {
            // a switching loop at the very start: entering its copy here would be a second way into
            // the loops, past H; the copy's header has a frame of its own (it is a jump target)
            trampoline.add(new JumpInsnNode(Opcodes.GOTO, startHeader));
        }
        code.insert(trampoline);
        m.instructions.add(code);
        m.tryCatchBlocks.addAll(handlers);
        if (m.localVariables != null) {
            m.localVariables.addAll(locals);
        }
    }

    /** The {@code Values} check named {@code name}, or its twin for a freezable method ({@code nameFreezable}). */
    private static String check(String name, boolean freeze) {
        return freeze ? name + "Freezable" : name;
    }

    /**
     * True if some jump or switch of {@code m} targets an earlier instruction (the method has a loop):
     * one pass, a target among the labels already passed. (Asked of every method instrumented, more
     * than once; a first version indexed every label in a map and listed every instruction's
     * targets, a few percent of the instrumenter's time.)
     */
    static boolean hasBackwardJump(MethodNode m) {
        Set<LabelNode> passed = Collections.newSetFromMap(new IdentityHashMap<>());
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n instanceof LabelNode l) {
                passed.add(l);
            } else if (n instanceof JumpInsnNode j) {
                if (passed.contains(j.label)) {
                    return true;
                }
            } else if (n instanceof TableSwitchInsnNode t) {
                if (anyPassed(t.dflt, t.labels, passed)) {
                    return true;
                }
            } else if (n instanceof LookupSwitchInsnNode t) {
                if (anyPassed(t.dflt, t.labels, passed)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** True if a switch's default or one of its cases is among the labels passed. */
    private static boolean anyPassed(LabelNode dflt, List<LabelNode> labels, Set<LabelNode> passed) {
        if (passed.contains(dflt)) {
            return true;
        }
        for (LabelNode l : labels) {
            if (passed.contains(l)) {
                return true;
            }
        }
        return false;
    }

    /** The frame at a method's entry: {@code this} (uninitialized in a constructor) and the parameters. */
    static FrameNode entryFrame(MethodNode m, String owner) {
        Object[] locals = FrameLocals.atEntry(owner, m.access, m.name, m.desc);
        return new FrameNode(Opcodes.F_NEW, locals.length, locals, 0, new Object[0]);
    }
}
