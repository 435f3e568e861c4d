package io.loupe.instrument.values;

import io.loupe.data.values.QuietIds;
import io.loupe.data.values.SiteKind;
import io.loupe.data.values.ValueType;
import io.loupe.instrument.emit.FrameLocals;
import io.loupe.instrument.emit.IntConstant;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.util.ArrayList;
import java.util.List;

/**
 * Inserts the value probes of a method: each passes a copy of the site's value, the thread's
 * recorder array and the site's id to {@code io.loupe.runtime.values.Values} — {@code onX}, the
 * gate, under convergent profiling ({@code guardedX}, the gate unless the method is quiet, in a
 * guarded method); {@code fullX}, run counting, under full profiling. The array is
 * fetched once at method entry ({@code Values.recorders(firstId, lastId + 1)}, which also makes
 * sure the method's sites have their recorders) into a local appended after the method's own, so
 * no site looks up its thread.
 *
 * <ul>
 *   <li>{@code field}, {@code array}, {@code return}: right after the instruction,
 *   {@code dup} (or {@code dup2}), the array, the id, {@code invokestatic Values.onX} (or {@code fullX});</li>
 *   <li>{@code local} at a store: the same, right before the store (after any label or frame in
 *   front of it, so every path to the store passes the probe);</li>
 *   <li>{@code local} at an {@code iinc}: after it, {@code iload} of the variable, the array, the
 *   id, the call;</li>
 *   <li>{@code param}: at method entry, before everything (the entry frame is implicit, so code
 *   there needs no frame even if the first instruction is a jump target) but after the array is
 *   fetched, a load of the parameter, the array, the id, the call.</li>
 * </ul>
 * Probes leave the operand stack as they found it and add no branch and no handler. The one local
 * is assigned before any frame, so every frame simply lists it ({@link FrameLocals}); the maximum
 * stack size grows (the class writer recomputes it). {@code maxLocals} grows by one, so that
 * path probes inserted afterwards put their locals after this one.
 */
final class ValueProbeInserter {

    static final String VALUES = "io/loupe/runtime/values/Values";
    static final String RECORDERS = "[Lio/loupe/runtime/values/SiteRecorder;";

    private ValueProbeInserter() {
    }

    /**
     * Inserts the probes of {@code sites} (found by {@link ValueSiteFinder} in a method read from
     * the same bytes as {@code m}, which must not have been changed since) into {@code m}; site
     * {@code i} of the list gets id {@code firstId + i}.
     */
    static void insert(MethodNode m, List<ValueSite> sites, int firstId, boolean convergent) {
        insert(m, sites, firstId, "recorders", convergent ? gate(sites, "on") : "full");
    }

    /**
     * Past this many probes in one method, its convergent gates are calls ({@code Values.callX})
     * rather than forced inline ({@code Values.onX}). Inlined, each gate adds a few blocks and
     * values to the compiled method, and luaj's interpreter loop, with 263 sites that ran (3,873
     * bytes of bytecode), grew past what C1 can allocate registers for in every run and past C2's
     * node limit in some: then it ran interpreted, and luaj took five times as long. The next
     * largest method of luaj's that ran has 61 sites and compiles at both tiers.
     */
    static final int INLINE_GATES = 128;

    /**
     * The convergent gate for a method with these sites: inline ({@code inline}, {@code on} or
     * {@code guarded}), or past {@link #INLINE_GATES} probes a call ({@code call}, which serves
     * guarded methods too: it tests the array for null, as {@code guardedX} does).
     */
    private static String gate(List<ValueSite> sites, String inline) {
        return probes(sites) > INLINE_GATES ? "call" : inline;
    }

    /** The probes these sites get: the sites less the stores that share a load's probe ({@link StoredCopies}). */
    private static int probes(List<ValueSite> sites) {
        int probes = 0;
        for (int c : StoredCopies.sources(sites)) {
            if (c < 0) {
                probes++;
            }
        }
        return probes;
    }

    /**
     * {@link #insert}, the array fetched by {@code Values.<fetch>(firstId, lastId + 1)} and the
     * values passed to {@code Values.<record>X}.
     */
    private static void insert(MethodNode m, List<ValueSite> sites, int firstId, String fetch, String record) {
        if (sites.isEmpty()) {
            return;
        }
        AbstractInsnNode[] nodes = m.instructions.toArray();   // positions of the unchanged method
        int array = m.maxLocals;
        InsnList entry = new InsnList();
        entry.add(IntConstant.push(firstId));
        entry.add(IntConstant.push(firstId + sites.size()));
        entry.add(new MethodInsnNode(Opcodes.INVOKESTATIC, VALUES, fetch, "(II)" + RECORDERS, false));
        entry.add(new VarInsnNode(Opcodes.ASTORE, array));
        int[] copies = StoredCopies.sources(sites);
        for (int i = 0; i < sites.size(); i++) {
            ValueSite s = sites.get(i);
            int id = firstId + i;
            if (copies[i] >= 0) {
                continue;   // a store of the value just profiled: its profile is a copy (StoredCopies)
            }
            if (s.kind() == SiteKind.PARAM) {
                entry.add(new VarInsnNode(load(s.type()), s.var()));
                entry.add(record(s.type(), array, id, record));
                continue;
            }
            AbstractInsnNode at = nodes[s.position()];
            if (s.kind() == SiteKind.LOCAL && at instanceof IincInsnNode iinc) {
                InsnList probe = new InsnList();
                probe.add(new VarInsnNode(Opcodes.ILOAD, iinc.var));
                probe.add(record(s.type(), array, id, record));
                m.instructions.insert(at, probe);
            } else if (s.kind() == SiteKind.LOCAL) {
                checkOpcode(at, Opcodes.ISTORE, Opcodes.ASTORE);
                m.instructions.insertBefore(at, copyAndRecord(s.type(), array, id, record));
            } else {
                m.instructions.insert(at, copyAndRecord(s.type(), array, id, record));
            }
        }
        m.instructions.insert(entry);
        FrameLocals.append(array, List.of(RECORDERS), m.instructions);
        m.maxLocals = array + 1;
    }

    /**
     * {@link #insert} for convergent profiling with a {@link QuietCopy}: the method's original
     * code, run while all its sites have converged; the recorder array is fetched only when the
     * probed code runs, by {@code Values.probed}, which counts the activation.
     *
     * @param owner    the internal name of the method's class
     * @param frames   true if the class has stack map frames (version 50 or later)
     * @param declared where what the runtime must know of the method goes
     */
    static void insertWithQuietCopy(MethodNode m, List<ValueSite> sites, int firstId, String owner, boolean frames,
                                    boolean freeze, QuietDeclarations declared) {
        if (sites.isEmpty()) {
            return;
        }
        if (freeze) {
            declared.frozen(firstId);
        }
        QuietCopy copy = QuietCopy.of(m);
        QuietLoops.Found loops = QuietLoops.of(m);
        int array = m.maxLocals;
        AbstractInsnNode[] at = m.instructions.toArray();   // before the probes go in: the sites' positions
        List<Integer> loopSites = new ArrayList<>();
        for (QuietLoops.Header h : loops.headers()) {
            int key = -1;   // the loop's first site: its key in the runtime's QuietMethods.SEEN and LAPS
            for (int i = 0; i < sites.size() && key < 0; i++) {
                int position = sites.get(i).position();   // -1 for a parameter, read at entry
                if (position >= 0 && h.body().contains(at[position])) {
                    key = firstId + i;
                }
            }
            loopSites.add(key);
        }
        if (!loops.headers().isEmpty()) {
            // which sites run per iteration of those loops, which per activation: quiet periods are
            // credited by both; a site in a loop that counts its own quiet iterations (not under
            // values.freeze, whose checks fold away) is credited for that loop's iterations
            List<Integer> iterated = new ArrayList<>();
            List<Integer> ofLoop = new ArrayList<>();
            for (int i = 0; i < sites.size(); i++) {
                ValueSite s = sites.get(i);
                if (s.kind() == SiteKind.PARAM || !loops.inBodies().contains(at[s.position()])) {
                    continue;
                }
                iterated.add(firstId + i);
                int loop = -1;
                for (int j = 0; j < loops.headers().size() && loop < 0; j++) {
                    if (loops.headers().get(j).body().contains(at[s.position()])) {
                        loop = QuietCopy.countsOwnLaps(loopSites.get(j), freeze) ? loopSites.get(j) : -1;
                    }
                }
                ofLoop.add(loop);
            }
            declared.quietLoops(firstId, iterated.stream().mapToInt(Integer::intValue).toArray(),
                    ofLoop.stream().mapToInt(Integer::intValue).toArray());
        }
        List<Integer> checked = freeze ? List.of() : SeenChecks.of(m, sites, firstId);
        insert(m, sites, firstId, "probed", gate(sites, "on"));
        for (int j = 0; j < loops.headers().size(); j++) {
            copy.switchAt(m, loops.headers().get(j), array, firstId, firstId + sites.size(), loopSites.get(j), freeze);
        }
        for (int i : checked) {
            copy.checkSeen(at[sites.get(i).position()], firstId + i, firstId);
        }
        copy.appendTo(m, firstId, array, owner, frames, !loops.headers().isEmpty(), freeze);
    }

    /**
     * {@link #insert} for convergent profiling of a guarded method: quiet periods as a quiet
     * method has them, but no copy. The array is fetched by {@code Values.guarded}, which gives
     * {@code null} while the method is quiet, and each probe ({@code Values.guardedX}) tests it
     * before its gate: a test of a local instead of a gate, and a few bytes of bytecode more, not
     * twice the method. For the methods a copy does not pay for ({@link #guardPays}). A probe that
     * not every activation reaches has a check in front ({@link SeenChecks}): while the method is
     * quiet, its first run ends the quiet period, so that it is profiled.
     */
    static void insertGuarded(MethodNode m, List<ValueSite> sites, int firstId, boolean freeze,
                              QuietDeclarations declared) {
        if (freeze) {
            declared.frozen(firstId);
        }
        String gate = gate(sites, "guarded");
        List<Integer> checked = freeze ? List.of() : SeenChecks.of(m, sites, firstId);
        AbstractInsnNode[] at = m.instructions.toArray();   // before the probes go in: the sites' positions
        int array = m.maxLocals;
        insert(m, sites, firstId, freeze ? "guardedFreezable" : "guarded",
                freeze && gate.equals("call") ? "guardedCall" : gate);
        for (int i : checked) {
            // while the method is quiet, a block of sites that has never run its probes ends the period
            InsnList check = new InsnList();
            check.add(new VarInsnNode(Opcodes.ALOAD, array));
            check.add(IntConstant.push(firstId + i));
            check.add(IntConstant.push(firstId));
            check.add(new MethodInsnNode(Opcodes.INVOKESTATIC, VALUES, "guardedBlock", "(" + RECORDERS + "II)V", false));
            m.instructions.insertBefore(at[sites.get(i).position()], check);
        }
    }

    /**
     * True if {@code m} should be a quiet method ({@link QuietCopy}): its sites would run their
     * gates more than once per activation (more than one probe, or a loop), so the check at entry
     * replaces more than it adds, and its first site has an id the shared countdown has room for.
     * A method with one probe and no loop gets no copy (it is guarded, {@link #guardPays}): the
     * copy would double its bytecode for one gate, and take a tiny method past the size HotSpot
     * inlines everywhere, 35 bytes. Nor does a static initializer, which runs once, or a
     * constructor: doubled, constructors stopped being inlined where escape analysis needed them
     * (luaj's {@code LuaDouble(double)}, whose parameter never converges, ran its probes in a
     * doubled body and luaj took twice as long).
     */
    static boolean quietPays(MethodNode m, List<ValueSite> sites, int firstId) {
        if (firstId >= QuietIds.CAPACITY || m.name.equals("<clinit>")
                || (m.name.equals("<init>") && !QuietCopy.hasBackwardJump(m))) {
            return false;
        }
        int probes = probes(sites);
        return probes >= 2 || (probes == 1 && QuietCopy.hasBackwardJump(m));
    }

    /**
     * True if {@code m}, not a quiet method, should be guarded ({@link #insertGuarded}): a method
     * with no loop, other than a static initializer (which runs once), whose first site has an id
     * the shared countdown has room for. Getters and constructors are the commonest: a getter's one
     * probe would otherwise cost a thread lookup and a gate per call for ever. A loop's probes stay
     * plain gates: a test in front of each costs in every iteration of a long-running activation,
     * which the check at entry never makes quiet.
     */
    static boolean guardPays(MethodNode m, int firstId) {
        return firstId < QuietIds.CAPACITY && !m.name.equals("<clinit>") && !QuietCopy.hasBackwardJump(m);
    }

    private static void checkOpcode(AbstractInsnNode at, int min, int max) {
        if (at.getOpcode() < min || at.getOpcode() > max) {
            throw new IllegalStateException("value site at an unexpected instruction (opcode " + at.getOpcode() + ")");
        }
    }

    private static InsnList copyAndRecord(ValueType type, int array, int id, String record) {
        InsnList l = new InsnList();
        l.add(new InsnNode(type.wide() ? Opcodes.DUP2 : Opcodes.DUP));
        l.add(record(type, array, id, record));
        return l;
    }

    /** With the value on the stack: the array, the id, the call of {@code Values.<prefix>X}. */
    private static InsnList record(ValueType type, int array, int id, String prefix) {
        InsnList l = new InsnList();
        l.add(new VarInsnNode(Opcodes.ALOAD, array));
        l.add(IntConstant.push(id));
        l.add(call(type, prefix));
        return l;
    }

    private static int load(ValueType type) {
        return switch (type) {
            case LONG -> Opcodes.LLOAD;
            case FLOAT -> Opcodes.FLOAD;
            case DOUBLE -> Opcodes.DLOAD;
            case REFERENCE -> Opcodes.ALOAD;
            default -> Opcodes.ILOAD;
        };
    }

    /**
     * The call that records a value of {@code type}: {@code prefix} ({@code on}, {@code guarded}
     * or {@code full}) and the type; sub-int types go through the {@code Int} method.
     */
    static MethodInsnNode call(ValueType type, String prefix) {
        String[] nameAndValue = switch (type) {
            case LONG -> new String[] {"Long", "J"};
            case FLOAT -> new String[] {"Float", "F"};
            case DOUBLE -> new String[] {"Double", "D"};
            case REFERENCE -> new String[] {"Ref", "Ljava/lang/Object;"};
            default -> new String[] {"Int", "I"};
        };
        return new MethodInsnNode(Opcodes.INVOKESTATIC, VALUES, prefix + nameAndValue[0],
                "(" + nameAndValue[1] + RECORDERS + "I)V", false);
    }
}
