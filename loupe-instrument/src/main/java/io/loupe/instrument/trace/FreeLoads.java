package io.loupe.instrument.trace;

import io.loupe.instrument.flow.ControlFlowGraph;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicInterpreter;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The static classification of the checks (docs/trace.md, <i>Checks</i>): which field and element
 * loads are <i>free</i> — their location's generation follows from the control flow, so they need
 * no check. A load is free when an earlier access of the same block (a load or a store) reached the
 * same location — the same field through the same reference, or the same array through the same
 * reference at the same index — and nothing between may have written it: no call (nor
 * {@code invokedynamic}, nor a bulk operation), no monitor, no {@code new}, {@code getstatic} or
 * {@code putstatic} (each may run a static initializer), no store of a field of that name and type
 * into any object, no array store at all. Then the load is in the generation that access saw or
 * began, whatever the objects are at run time: the paper's fully free pairs (Tallam and Gupta,
 * TACO 2007, §2), within a block.
 *
 * <p>"The same reference" and "the same index" are the same value, as a symbolic execution of
 * the block finds it: a local loaded twice with no store to it between, a {@code dup}, an integer
 * constant, and what a free load reads, which is what its anchor read or stored. Another thread may still write the location between the two accesses; that write
 * races with the second one, which may then see either generation (docs/trace.md).
 */
final class FreeLoads {

    /** A location as the block's symbolic values name it: a field or an array type, a reference, an index. */
    private record Key(String variable, SourceValue reference, SourceValue index) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.variable.equals(variable) && k.reference == reference && k.index == index;
        }

        @Override
        public int hashCode() {
            return variable.hashCode() * 31 + System.identityHashCode(reference) * 17 + System.identityHashCode(index);
        }
    }

    /**
     * A source interpreter whose copies keep their value's identity (a local loaded, stored,
     * duplicated is the same value) and whose integer constants are one value each.
     */
    private static final class Symbols extends SourceInterpreter {
        private final Map<Integer, SourceValue> constants = new HashMap<>();

        Symbols() {
            super(Opcodes.ASM9);
        }

        @Override
        public SourceValue copyOperation(AbstractInsnNode insn, SourceValue value) {
            return value;
        }

        @Override
        public SourceValue newOperation(AbstractInsnNode insn) {
            Integer c = intConstant(insn);
            if (c != null) {
                return constants.computeIfAbsent(c, x -> new SourceValue(1));
            }
            return super.newOperation(insn);
        }

        private static Integer intConstant(AbstractInsnNode insn) {
            int op = insn.getOpcode();
            if (op >= Opcodes.ICONST_M1 && op <= Opcodes.ICONST_5) {
                return op - Opcodes.ICONST_0;
            }
            if (op == Opcodes.BIPUSH || op == Opcodes.SIPUSH) {
                return ((IntInsnNode) insn).operand;
            }
            if (op == Opcodes.LDC && ((LdcInsnNode) insn).cst instanceof Integer i) {
                return i;
            }
            return null;
        }
    }

    private FreeLoads() {
    }

    /**
     * The anchors of {@code m}'s free loads: for each free load (an instruction of
     * {@code cfg.instructions()}), the earlier access of its block it shares a location with.
     *
     * @param owner     the class (internal name)
     * @param accesses  the field and element accesses the trace sees, with the variable each names
     *                  ({@code name:desc} for a field, the array's type for an element)
     */
    static Map<AbstractInsnNode, AbstractInsnNode> find(String owner, MethodNode m, ControlFlowGraph cfg,
                                                         Map<AbstractInsnNode, String> accesses) throws AnalyzerException {
        Map<AbstractInsnNode, AbstractInsnNode> anchors = new IdentityHashMap<>();
        if (accesses.isEmpty()) {
            return anchors;
        }
        Frame<BasicValue>[] shapes = new Analyzer<>(new BasicInterpreter()).analyze(owner, m);
        Map<AbstractInsnNode, Integer> position = new IdentityHashMap<>();
        AbstractInsnNode[] nodes = m.instructions.toArray();
        for (int p = 0; p < nodes.length; p++) {
            position.put(nodes[p], p);
        }
        List<AbstractInsnNode> insns = cfg.instructions();
        Symbols symbols = new Symbols();
        for (ControlFlowGraph.Block b : cfg.blocks()) {
            Frame<BasicValue> shape = shapes[position.get(insns.get(b.first()))];
            if (shape == null) {
                continue;   // unreachable
            }
            Frame<SourceValue> f = new Frame<>(m.maxLocals, m.maxStack);
            for (int i = 0; i < m.maxLocals; i++) {
                f.setLocal(i, new SourceValue(shape.getLocal(i).getSize()));   // a long's size: a dup2 of it copies one value
            }
            for (int i = 0; i < shape.getStackSize(); i++) {
                f.push(new SourceValue(shape.getStack(i).getSize()));
            }
            Map<Key, AbstractInsnNode> seen = new HashMap<>();
            Map<AbstractInsnNode, SourceValue> values = new IdentityHashMap<>();
            for (int i = b.first(); i <= b.last(); i++) {
                AbstractInsnNode n = insns.get(i);
                String variable = accesses.get(n);
                visit(n, f, variable, seen, anchors);
                boolean store = variable != null && stores(n);
                if (store) {
                    values.put(n, f.getStack(f.getStackSize() - 1));   // the value stored
                }
                if (n.getOpcode() >= 0) {
                    f.execute(n, symbols);
                }
                if (variable != null && !store) {
                    // a free load reads the value its anchor read or stored: the same symbol, so that
                    // what is reached through it is the same location too (a.next.value after a.next.value = v)
                    AbstractInsnNode anchor = anchors.get(n);
                    if (anchor != null) {
                        f.pop();
                        f.push(values.get(anchor));
                    }
                    values.put(n, f.getStack(f.getStackSize() - 1));
                }
            }
        }
        return anchors;
    }

    /** Before {@code n} runs: a load free of an access seen, the accesses an instruction may write forgotten. */
    private static void visit(AbstractInsnNode n, Frame<SourceValue> f, String variable, Map<Key, AbstractInsnNode> seen,
                              Map<AbstractInsnNode, AbstractInsnNode> anchors) {
        int op = n.getOpcode();
        int top = f.getStackSize() - 1;
        switch (op) {
            case Opcodes.GETFIELD -> {
                if (variable != null) {
                    access(new Key(variable, f.getStack(top), null), n, false, seen, anchors);
                }
            }
            case Opcodes.PUTFIELD -> {
                FieldInsnNode fi = (FieldInsnNode) n;
                forget(seen, fi.name + ":" + fi.desc);
                if (variable != null) {
                    access(new Key(variable, f.getStack(top - 1), null), n, true, seen, anchors);
                }
            }
            case Opcodes.IALOAD, Opcodes.LALOAD, Opcodes.FALOAD, Opcodes.DALOAD, Opcodes.AALOAD, Opcodes.BALOAD,
                 Opcodes.CALOAD, Opcodes.SALOAD -> {
                if (variable != null) {
                    access(new Key(variable, f.getStack(top - 1), f.getStack(top)), n, false, seen, anchors);
                }
            }
            case Opcodes.IASTORE, Opcodes.LASTORE, Opcodes.FASTORE, Opcodes.DASTORE, Opcodes.AASTORE, Opcodes.BASTORE,
                 Opcodes.CASTORE, Opcodes.SASTORE -> {
                seen.keySet().removeIf(k -> k.index != null);   // arrays of one static type may alias others
                if (variable != null) {
                    access(new Key(variable, f.getStack(top - 2), f.getStack(top - 1)), n, true, seen, anchors);
                }
            }
            case Opcodes.INVOKEVIRTUAL, Opcodes.INVOKESPECIAL, Opcodes.INVOKESTATIC, Opcodes.INVOKEINTERFACE,
                 Opcodes.INVOKEDYNAMIC, Opcodes.MONITORENTER, Opcodes.MONITOREXIT, Opcodes.NEW, Opcodes.GETSTATIC,
                 Opcodes.PUTSTATIC -> seen.clear();
            default -> {
                // no heap write
            }
        }
    }

    private static boolean stores(AbstractInsnNode n) {
        int op = n.getOpcode();
        return op == Opcodes.PUTFIELD || op >= Opcodes.IASTORE && op <= Opcodes.SASTORE;
    }

    private static void access(Key k, AbstractInsnNode n, boolean store, Map<Key, AbstractInsnNode> seen,
                               Map<AbstractInsnNode, AbstractInsnNode> anchors) {
        AbstractInsnNode before = seen.get(k);
        if (!store && before != null) {
            anchors.put(n, before);
            return;
        }
        seen.put(k, n);
    }

    /** Forgets every access of field {@code field} ({@code name:desc}), through any reference. */
    private static void forget(Map<Key, AbstractInsnNode> seen, String field) {
        for (Iterator<Key> it = seen.keySet().iterator(); it.hasNext(); ) {
            Key k = it.next();
            if (k.index == null && k.variable.equals(field)) {
                it.remove();
            }
        }
    }

    /** The variable of a field instruction as the recovery locates it: {@code name:desc}, whatever class it names. */
    static String field(FieldInsnNode f) {
        return f.name + ":" + f.desc;
    }
}
