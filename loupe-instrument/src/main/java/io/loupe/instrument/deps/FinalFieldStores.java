package io.loupe.instrument.deps;

import io.loupe.data.graph.StrongComponents;
import io.loupe.instrument.flow.UninitializedObjects;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The stores of a class that are the only instrumented store their location will ever see: the
 * one {@code putstatic} of a static final field in the static initializer, and the one
 * {@code putfield} of a final instance field into {@code this} in a constructor (docs/deps.md,
 * "Final fields"). The runtime seals such a location at its store: later loads give their RAW
 * dependence as before but keep no load entry, since no store will come to take a WAR from it.
 *
 * <p>Why these are the only stores: the JVM lets only the declaring class store a final field, and
 * (class files of version 53 on) only in its {@code <clinit>} for a static one and in an
 * {@code <init>} for an instance one; older class files may store from any method of the class, so
 * every method is searched. A static initializer runs once per class; a constructor once per
 * object, and a constructor that delegates to another with {@code this(…)} is refused if it stores
 * the field too. A store counts as single only if it is the field's one store in its method and on
 * no cycle of the method's control flow, exception edges included, so it runs at most once per
 * activation. An instance store must go into {@code this} (local 0, never reassigned): bytecode
 * may store another object's final field in a constructor, which javac never does.
 *
 * <p>One more store can reach the location: the profiler names an instance field by name and
 * descriptor alone ({@code DepRegistry}), so a subclass field hiding this one shares its location
 * in objects of the subclass. In an open class the runtime therefore seals only when the object's
 * class is the declaring class itself ({@link Seal#OWN_CLASS}: {@code Deps.putFinalField} compares
 * them, given the class as a constant); a class file too old for a class constant (before version
 * 49) gets seals in final classes only, whose objects are all of the declaring class.
 */
public final class FinalFieldStores {

    private FinalFieldStores() {
    }

    /** How a single store seals its location. */
    public enum Seal {
        /** Always: a static field's store, or an instance field's in a final class. */
        ALWAYS,
        /** Only if the object is of the declaring class itself (an open class: a subclass may hide the field). */
        OWN_CLASS
    }

    /** The single stores of {@code cn}'s final fields (instructions of its methods) and how each seals. */
    public static Map<AbstractInsnNode, Seal> of(ClassNode cn) {
        boolean finalClass = (cn.access & Opcodes.ACC_FINAL) != 0;
        boolean classConstants = (cn.version & 0xFFFF) >= Opcodes.V1_5;
        Map<String, Boolean> finals = new HashMap<>();   // name:desc → static
        for (FieldNode f : cn.fields) {
            boolean isStatic = (f.access & Opcodes.ACC_STATIC) != 0;
            if ((f.access & Opcodes.ACC_FINAL) != 0 && (isStatic || finalClass || classConstants)) {
                finals.put(f.name + ":" + f.desc, isStatic);
            }
        }
        if (finals.isEmpty()) {
            return Map.of();
        }
        Map<String, List<Store>> stores = new HashMap<>();
        Set<String> refused = new HashSet<>();
        for (MethodNode m : cn.methods) {
            for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
                if (n instanceof FieldInsnNode f && (f.getOpcode() == Opcodes.PUTFIELD || f.getOpcode() == Opcodes.PUTSTATIC)) {
                    String key = f.name + ":" + f.desc;
                    Boolean isStatic = finals.get(key);
                    if (isStatic == null) {
                        continue;
                    }
                    stores.computeIfAbsent(key, k -> new ArrayList<>()).add(new Store(m, f));
                    if (!f.owner.equals(cn.name) || isStatic != (f.getOpcode() == Opcodes.PUTSTATIC)) {
                        refused.add(key);   // named through another class, or the wrong kind: not vouched for
                    }
                }
            }
        }
        Map<AbstractInsnNode, Seal> single = new IdentityHashMap<>();
        Map<MethodNode, Shape> shapes = new IdentityHashMap<>();
        for (Map.Entry<String, List<Store>> e : stores.entrySet()) {
            List<Store> list = e.getValue();
            boolean isStatic = finals.get(e.getKey());
            if (!refused.contains(e.getKey()) && onlyOnePerMethod(list, isStatic ? "<clinit>" : "<init>")) {
                for (Store s : list) {
                    Shape shape = shapes.computeIfAbsent(s.method(), m -> Shape.of(cn.name, m));
                    if (shape != null && shape.once(s.insn()) && (isStatic || shape.intoThis(s.insn()) && !shape.delegates)) {
                        single.put(s.insn(), isStatic || finalClass ? Seal.ALWAYS : Seal.OWN_CLASS);
                    }
                }
            }
        }
        return single;
    }

    /**
     * Per instruction, whether it lies on a cycle: in a strongly connected component of more
     * than one instruction, or with an edge to itself. Once per method, in time linear in its
     * size: a static initializer may store thousands of fields.
     */
    static boolean[] onCycle(List<List<Integer>> successors) {
        int n = successors.size();
        int[] component = StrongComponents.of(n, v -> true, new StrongComponents.Successors() {
            @Override
            public int count(int v) {
                return successors.get(v).size();
            }

            @Override
            public int get(int v, int i) {
                return successors.get(v).get(i);
            }
        });
        int[] size = new int[n];
        for (int c : component) {
            size[c]++;
        }
        boolean[] cycle = new boolean[n];
        for (int v = 0; v < n; v++) {
            cycle[v] = size[component[v]] > 1 || successors.get(v).contains(v);
        }
        return cycle;
    }

    private record Store(MethodNode method, FieldInsnNode insn) {
    }

    /** Every store in a method named {@code where}, and no two in one method. */
    private static boolean onlyOnePerMethod(List<Store> list, String where) {
        Set<MethodNode> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Store s : list) {
            if (!s.method().name.equals(where) || !seen.add(s.method())) {
                return false;
            }
        }
        return true;
    }

    /** A method's control flow (exception edges included) and the sources of its stack values. */
    private static final class Shape {
        private final MethodNode m;
        private final Frame<SourceValue>[] frames;
        private final List<List<Integer>> successors;
        /** Whether local 0 is ever written (then it need not be {@code this}). */
        private final boolean thisReassigned;
        /** Whether the method calls {@code this(…)}: another constructor of its class on {@code this}. */
        private final boolean delegates;
        /** Per instruction, whether it lies on a cycle of the control flow ({@link FinalFieldStores#onCycle}), once asked. */
        private boolean[] onCycle;

        private Shape(MethodNode m, Frame<SourceValue>[] frames, List<List<Integer>> successors, boolean delegates) {
            this.m = m;
            this.frames = frames;
            this.successors = successors;
            boolean reassigned = false;
            for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
                if (n instanceof VarInsnNode v && v.var == 0 && v.getOpcode() >= Opcodes.ISTORE && v.getOpcode() <= Opcodes.ASTORE
                        || n instanceof IincInsnNode i && i.var == 0) {
                    reassigned = true;
                }
            }
            this.thisReassigned = reassigned;
            this.delegates = delegates;
        }

        /**
         * Whether constructor {@code m} calls {@code this(…)}, or its {@code super(…)}/{@code this(…)}
         * call is not of javac's shape (then it is taken to delegate).
         */
        private static boolean delegates(String owner, MethodNode m) throws AnalyzerException {
            if (!m.name.equals("<init>")) {
                return false;
            }
            int call = UninitializedObjects.thisInitCall(owner, m);
            return call < 0 || ((MethodInsnNode) m.instructions.get(call)).owner.equals(owner);
        }

        /** The method's shape, or null if it cannot be analysed (its stores are then not vouched for). */
        static Shape of(String owner, MethodNode m) {
            List<List<Integer>> successors = new ArrayList<>();
            for (int i = 0; i < m.instructions.size(); i++) {
                successors.add(new ArrayList<>(2));
            }
            Analyzer<SourceValue> analyzer = new Analyzer<>(new SourceInterpreter()) {
                @Override
                protected void newControlFlowEdge(int insn, int successor) {
                    successors.get(insn).add(successor);
                }

                @Override
                protected boolean newControlFlowExceptionEdge(int insn, int successor) {
                    successors.get(insn).add(successor);
                    return true;
                }
            };
            try {
                return new Shape(m, analyzer.analyze(owner, m), successors, delegates(owner, m));
            } catch (AnalyzerException | RuntimeException e) {
                return null;
            }
        }

        /** Whether {@code insn} is reachable and on no cycle: it runs at most once per activation. */
        boolean once(AbstractInsnNode insn) {
            int at = m.instructions.indexOf(insn);
            if (onCycle == null) {
                onCycle = onCycle(successors);
            }
            return frames[at] != null && !onCycle[at];   // unreachable: never runs, nothing to seal
        }

        /** Whether the receiver of {@code putfield insn} is always {@code this}. */
        boolean intoThis(AbstractInsnNode insn) {
            if (thisReassigned || (m.access & Opcodes.ACC_STATIC) != 0) {
                return false;
            }
            Frame<SourceValue> f = frames[m.instructions.indexOf(insn)];
            SourceValue receiver = f.getStack(f.getStackSize() - 2);   // a long or double is one entry
            for (AbstractInsnNode source : receiver.insns) {
                if (!(source instanceof VarInsnNode v && v.getOpcode() == Opcodes.ALOAD && v.var == 0)) {
                    return false;
                }
            }
            return !receiver.insns.isEmpty();
        }
    }
}
