package io.loupe.instrument.trace;

import io.loupe.instrument.emit.AccessOperands;
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
 * The address trace's probes ({@code trace.addresses=true}): before each heap access a call that
 * appends the object or array it touches (and the index, or a bulk operation's range) to the
 * thread's trace ({@code TraceThread.field}, {@code element}, …), each access its fixed number of
 * events ({@link io.loupe.data.trace.MethodOps#addressEvents}). The probe sees the operands the
 * dependence profiler's probe sees ({@link AccessOperands}) and records nothing, but the events'
 * places, for an access that is going to throw, as the profiler records nothing then. Inserted
 * after the path probes, into straight-line code: scratch locals live between two instructions,
 * where no frame lies.
 */
final class AddressProbes {

    static final String TRACE_THREAD = "io/loupe/runtime/trace/TraceThread";
    private static final String T = "L" + TRACE_THREAD + ";";

    private final int thread;
    private final int scratch;
    private int scratchSize;

    private AddressProbes(int thread, int scratch) {
        this.thread = thread;
        this.scratch = scratch;
    }

    /**
     * Puts a probe before each of {@code accesses} (original instructions of {@code m}).
     *
     * @param thread  the local holding the activation's {@code TraceThread}
     * @param scratch the first local free for a probe's operands (past the path register's)
     */
    static void insert(MethodNode m, List<AbstractInsnNode> accesses, int thread, int scratch) {
        AddressProbes p = new AddressProbes(thread, scratch);
        for (AbstractInsnNode at : accesses) {
            m.instructions.insertBefore(at, p.probe(at));
        }
        m.maxLocals = Math.max(m.maxLocals, p.scratch + p.scratchSize);
    }

    private InsnList probe(AbstractInsnNode at) {
        int op = at.getOpcode();
        InsnList l = new InsnList();
        if (at instanceof FieldInsnNode f) {
            l.add(AccessOperands.fieldObject(f));
            l.add(call("field", "(Ljava/lang/Object;" + T + ")V"));
        } else if (op >= Opcodes.IALOAD && op <= Opcodes.SALOAD) {
            l.add(new InsnNode(Opcodes.DUP2));
            l.add(call("element", "(Ljava/lang/Object;I" + T + ")V"));
        } else if (op >= Opcodes.IASTORE && op <= Opcodes.SASTORE) {
            scratchSize = Math.max(scratchSize, AccessOperands.storedValue(op).getSize());
            l.add(AccessOperands.arrayStoreOperands(op, scratch));
            if (op == Opcodes.AASTORE) {
                l.add(AccessOperands.restoreValue(op, scratch));
                l.add(call("elementRef", "(Ljava/lang/Object;ILjava/lang/Object;" + T + ")V"));
            } else {
                l.add(call("element", "(Ljava/lang/Object;I" + T + ")V"));
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
            l.add(call("cloneArray", "(Ljava/lang/Object;" + T + ")V"));
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
                desc = "(Ljava/lang/Object;ILjava/lang/Object;II" + T + ")V";
            }
            case "fill" -> {
                pass = args == 2 ? new int[] {0} : new int[] {0, 1, 2};
                desc = args == 2 ? "(Ljava/lang/Object;" + T + ")V" : "(Ljava/lang/Object;II" + T + ")V";
            }
            case "copyOf" -> {
                pass = new int[] {0, 1};
                desc = "(Ljava/lang/Object;I" + T + ")V";
            }
            case "copyOfRange" -> {
                pass = new int[] {0, 1, 2};
                desc = "(Ljava/lang/Object;II" + T + ")V";
            }
            default -> throw new IllegalStateException("unknown bulk operation " + call.name);
        }
        for (int i : pass) {
            l.add(AccessOperands.argument(call, slots, i));
        }
        l.add(call(call.name, desc));
        l.add(AccessOperands.argumentsBack(call, slots));
    }

    private InsnList call(String name, String desc) {
        InsnList l = new InsnList();
        l.add(new VarInsnNode(Opcodes.ALOAD, thread));
        l.add(new MethodInsnNode(Opcodes.INVOKESTATIC, TRACE_THREAD, name, desc, false));
        return l;
    }
}
