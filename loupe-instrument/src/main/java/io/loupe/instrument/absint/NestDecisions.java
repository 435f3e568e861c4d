package io.loupe.instrument.absint;

import io.loupe.data.deps.NestModel;
import io.loupe.data.sink.InstrumentationSink;
import io.loupe.instrument.deps.DepSites;
import io.loupe.instrument.deps.LoopEntryCode;
import io.loupe.instrument.emit.IntConstant;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Abstract interpretation's part in one method's dependence probes (docs/absint.md, "Probes"): on
 * every entry edge of an eligible nest's root, before its entry event,
 * <pre>
 *   NestEntry.intInput(n, T); NestEntry.refInput(a, T); …     // the nest's inputs, in order
 *   if (NestEntry.decide(T, nest)) goto COPY;               // decided: its summary is recorded
 *   T.enterLoop(root) …                                      // else the traced nest, as before
 * </pre>
 * and after the method's code, each nest's {@link UntracedCopy} at {@code COPY}.
 */
public final class NestDecisions implements LoopEntryCode {

    private static final String NEST_ENTRY = "io/loupe/runtime/deps/NestEntry";
    private static final String THREAD_DESC = "Lio/loupe/runtime/deps/DepThread;";

    /** A nest of the method with its id. */
    private record Decided(int id, NestFinder.Nest nest) {
    }

    private final List<Decided> nests;
    private final Map<Integer, Decided> byRoot = new HashMap<>();
    private final Map<Integer, LabelNode> copies = new HashMap<>();
    private final InsnList appended = new InsnList();

    private NestDecisions(List<Decided> nests) {
        this.nests = nests;
    }

    /**
     * Finds the eligible nests of a method and declares them, and why its other loops are not in
     * one, to the sink; null when it has no nest.
     */
    public static final Planner PLANNER = NestDecisions::plan;

    private static LoopEntryCode plan(String owner, MethodNode m, DepSites sites, int firstLoop, int firstSite,
                                      InstrumentationSink sink) {
        NestFinder.Result found;
        try {
            found = NestFinder.find(owner, m, sites);
        } catch (AnalyzerException | RuntimeException e) {
            for (int l = 0; l < sites.loops().size(); l++) {
                sink.ineligibleLoop(firstLoop + l, "not analysed: " + e);
            }
            return null;
        }
        for (int l = 0; l < found.reasons().length; l++) {
            if (found.reasons()[l] != null) {
                sink.ineligibleLoop(firstLoop + l, found.reasons()[l]);
            }
        }
        if (found.nests().isEmpty()) {
            return null;
        }
        int id = sink.reserveNests(found.nests().size());
        List<Decided> nests = new java.util.ArrayList<>();
        for (NestFinder.Nest n : found.nests()) {
            sink.nest(n.withIds(id, firstLoop, firstSite));
            nests.add(new Decided(id++, n));
        }
        return new NestDecisions(List.copyOf(nests));
    }

    @Override
    public void prepare(MethodNode m, boolean frames) {
        for (Decided d : nests) {
            UntracedCopy copy = UntracedCopy.of(m, d.nest(), frames);
            if (copy != null) {   // else the nest is always traced
                byRoot.put(d.nest().root(), d);
                copies.put(d.nest().root(), copy.entry());
                appended.add(copy.code());
            }
        }
    }

    @Override
    public InsnList atEntry(int ordinal, int thread) {
        Decided d = byRoot.get(ordinal);
        if (d == null) {
            return null;
        }
        InsnList l = new InsnList();
        for (NestModel.Input in : d.nest().model().inputs()) {
            boolean isInt = in.kind() == NestModel.InputKind.INT;
            l.add(new VarInsnNode(isInt ? Opcodes.ILOAD : Opcodes.ALOAD, in.slot()));
            l.add(new VarInsnNode(Opcodes.ALOAD, thread));
            l.add(new MethodInsnNode(Opcodes.INVOKESTATIC, NEST_ENTRY, isInt ? "intInput" : "refInput",
                    (isInt ? "(I" : "(Ljava/lang/Object;") + THREAD_DESC + ")V", false));
        }
        l.add(new VarInsnNode(Opcodes.ALOAD, thread));
        l.add(IntConstant.push(d.id()));
        l.add(new MethodInsnNode(Opcodes.INVOKESTATIC, NEST_ENTRY, "decide", "(" + THREAD_DESC + "I)Z", false));
        l.add(new JumpInsnNode(Opcodes.IFNE, copies.get(ordinal)));
        return l;
    }

    @Override
    public InsnList appended() {
        return appended;
    }
}
