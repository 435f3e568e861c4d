package io.loupe.instrument.trace;

import io.loupe.data.sink.InstrumentationSink;
import io.loupe.data.trace.HeapEvents;
import io.loupe.instrument.emit.AccessOperands;
import io.loupe.instrument.emit.IntConstant;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.util.List;

/**
 * The probes of a whole-program trace's heap events: before each heap access a call that appends
 * to the thread's trace either the object or array it touches (and the index, or a bulk
 * operation's range: the address trace, {@code trace.heap=addresses}; {@code TraceThread.field},
 * {@code element}, …, each access its fixed number of events,
 * {@link io.loupe.data.trace.MethodOps#addressEvents}) or the generation its location is in (the
 * checks, {@code trace.heap=checks}; {@code Checks.loadField}, {@code storeElement},
 * {@code loadStatic}, …, each with its heap access site, a global number the sink reserves per
 * method, and a field's access with its global field id). The probe sees the operands the dependence profiler's probe
 * sees ({@link AccessOperands}) and records nothing, but the events' places, for an access that
 * is going to throw, as the profiler records nothing then. Inserted after the path probes, into
 * straight-line code: scratch locals live between two instructions, where no frame lies.
 */
final class HeapProbes {

    static final String TRACE_THREAD = "io/loupe/runtime/trace/TraceThread";
    static final String CHECKS = "io/loupe/runtime/trace/Checks";
    private static final String T = "L" + TRACE_THREAD + ";";

    private final HeapEvents mode;
    private final String owner;
    private final InstrumentationSink sink;
    private final int thread;
    private final int scratch;
    private int scratchSize;
    private int site;   // the next probe's heap access site (checks)

    private HeapProbes(HeapEvents mode, InstrumentationSink sink, int thread, int scratch, int sites) {
        if (mode == HeapEvents.NONE) {
            throw new IllegalArgumentException("no heap events, no probes");
        }
        this.mode = mode;
        this.owner = mode == HeapEvents.CHECKS ? CHECKS : TRACE_THREAD;
        this.sink = sink;
        this.thread = thread;
        this.scratch = scratch;
        this.site = sites;
    }

    /**
     * Puts a probe before each of {@code accesses} (original instructions of {@code m}).
     *
     * @param mode    addresses or checks
     * @param sink    gives a checked field access its field id
     * @param thread  the local holding the activation's {@code TraceThread}
     * @param scratch the first local free for a probe's operands (past the path register's)
     * @param sites   with checks, the heap access site of the first access; the others follow in order
     */
    static void insert(HeapEvents mode, InstrumentationSink sink, MethodNode m, List<AbstractInsnNode> accesses,
                       int thread, int scratch, int sites) {
        HeapProbes p = new HeapProbes(mode, sink, thread, scratch, sites);
        for (AbstractInsnNode at : accesses) {
            m.instructions.insertBefore(at, p.probe(at));
            p.site++;
        }
        m.maxLocals = Math.max(m.maxLocals, p.scratch + p.scratchSize);
    }

    private boolean checks() {
        return mode == HeapEvents.CHECKS;
    }

    private InsnList probe(AbstractInsnNode at) {
        int op = at.getOpcode();
        InsnList l = new InsnList();
        if (op == Opcodes.GETSTATIC || op == Opcodes.PUTSTATIC) {
            FieldInsnNode f = (FieldInsnNode) at;   // probed with checks only
            l.add(IntConstant.push(sink.staticField(f.owner, f.name, f.desc)));
            l.add(call(op == Opcodes.GETSTATIC ? "loadStatic" : "storeStatic", "(I"));
        } else if (at instanceof FieldInsnNode f) {
            l.add(AccessOperands.fieldObject(f));
            if (checks()) {
                l.add(IntConstant.push(sink.instanceField(f.name, f.desc)));
                l.add(call(op == Opcodes.GETFIELD ? "loadField" : "storeField", "(Ljava/lang/Object;I"));
            } else {
                l.add(call("field", "(Ljava/lang/Object;"));
            }
        } else if (op >= Opcodes.IALOAD && op <= Opcodes.SALOAD) {
            l.add(new InsnNode(Opcodes.DUP2));
            l.add(call(checks() ? "loadElement" : "element", "(Ljava/lang/Object;I"));
        } else if (op >= Opcodes.IASTORE && op <= Opcodes.SASTORE) {
            scratchSize = Math.max(scratchSize, AccessOperands.storedValue(op).getSize());
            l.add(AccessOperands.arrayStoreOperands(op, scratch));
            if (op == Opcodes.AASTORE) {
                l.add(AccessOperands.restoreValue(op, scratch));
                l.add(call(checks() ? "storeElementRef" : "elementRef", "(Ljava/lang/Object;ILjava/lang/Object;"));
            } else {
                l.add(call(checks() ? "storeElement" : "element", "(Ljava/lang/Object;I"));
            }
            l.add(AccessOperands.restoreValue(op, scratch));
        } else if (at instanceof MethodInsnNode call) {
            bulk(call, l);
        } else {
            throw new IllegalStateException("no address probe for opcode " + op);
        }
        return l;
    }

    /** A bulk array operation: its arguments set aside, those the probe needs passed, all loaded back. */
    private void bulk(MethodInsnNode call, InsnList l) {
        if (call.name.equals("clone")) {
            l.add(new InsnNode(Opcodes.DUP));
            l.add(call("cloneArray", "(Ljava/lang/Object;"));
            return;
        }
        int args = Type.getArgumentTypes(call.desc).length;
        int[] slots = AccessOperands.argumentSlots(call, scratch);
        scratchSize = Math.max(scratchSize, slots[args]);
        l.add(AccessOperands.setArgumentsAside(call, slots));
        int[] pass;
        String desc;
        switch (call.name) {
            case "arraycopy" -> {
                pass = new int[] {0, 1, 2, 3, 4};
                desc = "(Ljava/lang/Object;ILjava/lang/Object;II";
            }
            case "fill" -> {
                pass = args == 2 ? new int[] {0} : new int[] {0, 1, 2};
                desc = args == 2 ? "(Ljava/lang/Object;" : "(Ljava/lang/Object;II";
            }
            case "copyOf" -> {
                pass = new int[] {0, 1};
                desc = "(Ljava/lang/Object;I";
            }
            case "copyOfRange" -> {
                pass = new int[] {0, 1, 2};
                desc = "(Ljava/lang/Object;II";
            }
            default -> throw new IllegalStateException("unknown bulk operation " + call.name);
        }
        for (int i : pass) {
            l.add(AccessOperands.argument(call, slots, i));
        }
        l.add(call(call.name, desc));
        l.add(AccessOperands.argumentsBack(call, slots));
    }

    /**
     * The call of probe {@code name} whose arguments, all on the stack but the last, begin
     * {@code args}: with checks the site is passed too, then the thread.
     */
    private InsnList call(String name, String args) {
        InsnList l = new InsnList();
        if (checks()) {
            l.add(IntConstant.push(site));
        }
        l.add(new VarInsnNode(Opcodes.ALOAD, thread));
        l.add(new MethodInsnNode(Opcodes.INVOKESTATIC, owner, name, args + (checks() ? "I" : "") + T + ")V", false));
        return l;
    }
}
