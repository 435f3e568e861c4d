package io.loupe.instrument.deps;

import io.loupe.data.deps.MemoryUpdate;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceValue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Recognises the stores of a method that write back an update of what a load of the same location
 * read ({@link MemoryUpdate}: {@code acc.total += a[i]}, {@code hist[k] += x}, {@code Foo.sum *= x},
 * {@code best.v = Math.max(best.v, x)}), and names the array each array access goes through (the
 * local {@code tmp}, the field {@code Owner.buf}). DiscoPoP detects reductions from such
 * read–modify–write pairs of one location; the dependence profiler then tells whether, in a given
 * loop, nothing else touches that location (docs/deps.md, "What to do next").
 *
 * <p>A store is an update when its value is {@code load op e}, or {@code e op load} for an {@code op}
 * that commutes, looking through primitive conversions ({@code byteField += x} stores
 * {@code i2b(getfield + x)}), where:
 * <ul>
 *   <li>{@code op} is {@code + * & | ^} on int or long, {@code + *} on float or double (marked
 *       inexact), {@code x - e} (a sum of the {@code e}s subtracted), or {@code Math.min}/{@code max};
 *       the operators {@link LoopRegisterAnalysis} accepts for reductions in locals;</li>
 *   <li>{@code load} reads the location the store writes: the same field of the same object (one
 *       producer of the reference, as after {@code dup}, or two loads of one local with no store to
 *       it between them and the same definitions reaching both), the same static field, or the
 *       same element kind of the same array at the same index (same producer, same local, or the
 *       same constant);</li>
 *   <li>the loaded value is used by {@code op} alone and {@code op}'s result by the store alone: an
 *       update whose old or new value is also kept ({@code t = acc.total}, {@code y = (acc.total += x)})
 *       exposes a partial result, and is no reduction.</li>
 * </ul>
 * Whether {@code e} reads the location too, or another site touches it between, is left to the
 * profile: such an access has a dependence on the pair at the loop's level.
 */
final class MemoryUpdates {

    /** What was found, by access site ordinal: the update of each store that is one, the name of each array. */
    record Found(Map<Integer, MemoryUpdate> updates, Map<Integer, String> arrayNames) {
        static final Found NONE = new Found(Map.of(), Map.of());
    }

    private final MethodNode m;
    private final Frame<SourceValue>[] frames;
    private final Map<AbstractInsnNode, AccessSite> sitesByInsn = new HashMap<>();

    private MemoryUpdates(MethodNode m, Frame<SourceValue>[] frames, List<AccessSite> sites) {
        this.m = m;
        this.frames = frames;
        for (AccessSite s : sites) {
            sitesByInsn.put(m.instructions.get(s.position()), s);
        }
    }

    /**
     * The updates and array names of method {@code m} of {@code owner} (internal name), whose access
     * sites are {@code sites}. A method with no array access and no store right after an operation
     * that could make an update is not analysed.
     */
    static Found find(String owner, MethodNode m, List<AccessSite> sites) throws AnalyzerException {
        if (sites.stream().noneMatch(s -> s.kind() == AccessSite.Kind.ARRAY || candidate(m, s))) {
            return Found.NONE;
        }
        Frame<SourceValue>[] frames = new Analyzer<>(new ProducerInterpreter()).analyze(owner, m);
        MemoryUpdates u = new MemoryUpdates(m, frames, sites);
        Map<Integer, MemoryUpdate> updates = new HashMap<>();
        Map<Integer, String> names = new HashMap<>();
        for (AccessSite s : sites) {
            if (s.kind() == AccessSite.Kind.BULK) {
                continue;
            }
            AbstractInsnNode insn = m.instructions.get(s.position());
            if (s.kind() == AccessSite.Kind.ARRAY) {
                String name = u.arrayName(u.stack(insn, s.writes() ? 2 : 1), 0);
                if (name != null) {
                    names.put(s.ordinal(), name);
                }
            }
            if (s.writes()) {
                MemoryUpdate update = u.update(insn);
                if (update != null) {
                    updates.put(s.ordinal(), update);
                }
            }
        }
        return new Found(Map.copyOf(updates), Map.copyOf(names));
    }

    /** True if {@code s} is a store right after (conversions aside) an operation an update could use. */
    private static boolean candidate(MethodNode m, AccessSite s) {
        if (!s.writes() || s.kind() == AccessSite.Kind.BULK) {
            return false;
        }
        AbstractInsnNode n = m.instructions.get(s.position()).getPrevious();
        while (n != null && (n.getOpcode() < 0 || isConversion(n))) {
            n = n.getPrevious();
        }
        return n != null && operation(n) != null;
    }

    // ---------------------------------------------------------------- updates

    private MemoryUpdate update(AbstractInsnNode store) {
        AbstractInsnNode result = single(stack(store, 0));
        AbstractInsnNode op = strip(result);
        MemoryUpdate.Op kind = op == null ? null : operation(op);
        if (kind == null || !usedOnlyBy(store, stack(store, 0))) {
            return null;
        }
        SourceValue operand = stack(op, 1);
        AbstractInsnNode load = loadOf(store, operand);
        if (load == null && kind != MemoryUpdate.Op.MINUS) {
            operand = stack(op, 0);
            load = loadOf(store, operand);
        }
        if (load == null || !usedOnlyBy(op, operand)) {
            return null;
        }
        int code = op.getOpcode();
        boolean inexact = code == Opcodes.FADD || code == Opcodes.DADD || code == Opcodes.FSUB || code == Opcodes.DSUB
                || code == Opcodes.FMUL || code == Opcodes.DMUL;
        return new MemoryUpdate(sitesByInsn.get(load).ordinal(), kind, inexact);
    }

    /** The load site that produced {@code operand} (conversions aside) if it reads what {@code store} writes. */
    private AbstractInsnNode loadOf(AbstractInsnNode store, SourceValue operand) {
        AbstractInsnNode load = strip(single(operand));
        if (load == null || !sitesByInsn.containsKey(load)) {
            return null;
        }
        int s = store.getOpcode();
        int l = load.getOpcode();
        if (s == Opcodes.PUTSTATIC) {
            return l == Opcodes.GETSTATIC && sameField(load, store) ? load : null;
        }
        if (s == Opcodes.PUTFIELD) {
            return l == Opcodes.GETFIELD && sameField(load, store) && sameValue(stack(load, 0), stack(store, 1))
                    ? load : null;
        }
        if (s >= Opcodes.IASTORE && s <= Opcodes.SASTORE && l - Opcodes.IALOAD == s - Opcodes.IASTORE) {
            return sameValue(stack(load, 1), stack(store, 2)) && sameValue(stack(load, 0), stack(store, 1)) ? load : null;
        }
        return null;
    }

    private static boolean sameField(AbstractInsnNode a, AbstractInsnNode b) {
        FieldInsnNode x = (FieldInsnNode) a;
        FieldInsnNode y = (FieldInsnNode) b;
        return x.owner.equals(y.owner) && x.name.equals(y.name) && x.desc.equals(y.desc);
    }

    /**
     * True if the two values are certainly equal: one producer (copies by {@code dup} keep it), two
     * loads of one local between which it is not stored and which the same stores reach, or one int
     * constant.
     */
    private boolean sameValue(SourceValue a, SourceValue b) {
        AbstractInsnNode x = single(a);
        AbstractInsnNode y = single(b);
        if (x == null || y == null) {
            return false;
        }
        if (x == y) {
            return true;
        }
        if (isLocalLoad(x) && isLocalLoad(y) && x.getOpcode() == y.getOpcode()) {
            int v = ((VarInsnNode) x).var;
            if (v != ((VarInsnNode) y).var) {
                return false;
            }
            int px = m.instructions.indexOf(x);
            int py = m.instructions.indexOf(y);
            AbstractInsnNode first = px < py ? x : y;
            AbstractInsnNode last = px < py ? y : x;
            for (AbstractInsnNode n = first; n != last; n = n.getNext()) {
                if (writes(n, v)) {
                    return false;
                }
            }
            return frames[px].getLocal(v).equals(frames[py].getLocal(v));
        }
        Integer cx = intConstant(x);
        return cx != null && cx.equals(intConstant(y));
    }

    /**
     * True if the value of {@code operand}, taken by {@code consumer}, is used by it alone, and so is
     * every value it was converted from: from each producer to the instruction that takes its value
     * no frame holds that value twice on the stack (a {@code dup} would), so the one copy taken is
     * the only one.
     */
    private boolean usedOnlyBy(AbstractInsnNode consumer, SourceValue operand) {
        AbstractInsnNode taker = consumer;
        AbstractInsnNode value = single(operand);
        while (value != null) {
            int from = m.instructions.indexOf(value);
            int to = m.instructions.indexOf(taker);
            if (from >= to || !onlyCopy(value, from + 1, to)) {
                return false;
            }
            if (!isConversion(value)) {
                return true;
            }
            taker = value;
            value = single(stack(value, 0));
        }
        return false;
    }

    /** True if in frames {@code [from, to]} the value of {@code producer} is on the stack at most once, and at {@code to} once. */
    private boolean onlyCopy(AbstractInsnNode producer, int from, int to) {
        for (int p = from; p <= to; p++) {
            Frame<SourceValue> f = frames[p];
            if (f == null) {
                continue;
            }
            int copies = 0;
            for (int i = 0; i < f.getStackSize(); i++) {
                copies += f.getStack(i).insns.contains(producer) ? 1 : 0;
            }
            if (copies > 1 || p == to && copies != 1) {
                return false;
            }
        }
        return true;
    }

    /** The update operation {@code n} performs, or null when it can make none. */
    private static MemoryUpdate.Op operation(AbstractInsnNode n) {
        int code = n.getOpcode();
        if (code >= Opcodes.IADD && code <= Opcodes.DADD) {
            return MemoryUpdate.Op.PLUS;
        }
        if (code >= Opcodes.ISUB && code <= Opcodes.DSUB) {
            return MemoryUpdate.Op.MINUS;
        }
        if (code >= Opcodes.IMUL && code <= Opcodes.DMUL) {
            return MemoryUpdate.Op.TIMES;
        }
        switch (code) {
            case Opcodes.IAND, Opcodes.LAND -> {
                return MemoryUpdate.Op.AND;
            }
            case Opcodes.IOR, Opcodes.LOR -> {
                return MemoryUpdate.Op.OR;
            }
            case Opcodes.IXOR, Opcodes.LXOR -> {
                return MemoryUpdate.Op.XOR;
            }
            default -> {
            }
        }
        if (n instanceof MethodInsnNode c && code == Opcodes.INVOKESTATIC && c.owner.equals("java/lang/Math")
                && isBinary(c.desc)) {
            return c.name.equals("min") ? MemoryUpdate.Op.MIN : c.name.equals("max") ? MemoryUpdate.Op.MAX : null;
        }
        return null;
    }

    /** True for the descriptors of {@code Math.min} and {@code max}: two arguments of the result's type. */
    private static boolean isBinary(String desc) {
        return desc.equals("(II)I") || desc.equals("(JJ)J") || desc.equals("(FF)F") || desc.equals("(DD)D");
    }

    // ---------------------------------------------------------------- array names

    /** How the source names the array reference {@code ref}: a local, a field, or a row of a named array. */
    private String arrayName(SourceValue ref, int depth) {
        AbstractInsnNode n = single(ref);
        if (n == null || depth > 8) {
            return null;
        }
        if (n.getOpcode() == Opcodes.ALOAD) {
            return localName(((VarInsnNode) n).var, m.instructions.indexOf(n));
        }
        if (n instanceof FieldInsnNode f && (n.getOpcode() == Opcodes.GETFIELD || n.getOpcode() == Opcodes.GETSTATIC)) {
            return DepSiteFinder.className(f.owner) + "." + f.name;
        }
        if (n.getOpcode() == Opcodes.AALOAD) {
            String outer = arrayName(stack(n, 1), depth + 1);
            return outer == null ? null : outer + "[]";
        }
        return null;
    }

    private String localName(int var, int position) {
        if (m.localVariables == null) {
            return null;
        }
        for (LocalVariableNode lv : m.localVariables) {
            if (lv.index == var && m.instructions.indexOf(lv.start) <= position && position < m.instructions.indexOf(lv.end)) {
                return lv.name;
            }
        }
        return null;
    }

    // ---------------------------------------------------------------- helpers

    /** The value {@code depth} entries below the top of the stack before {@code insn}. */
    private SourceValue stack(AbstractInsnNode insn, int depth) {
        Frame<SourceValue> f = frames[m.instructions.indexOf(insn)];
        return f.getStack(f.getStackSize() - 1 - depth);
    }

    private static AbstractInsnNode single(SourceValue v) {
        return v != null && v.insns.size() == 1 ? v.insns.iterator().next() : null;
    }

    /** Looks through primitive conversions to the instruction that produced the converted value. */
    private AbstractInsnNode strip(AbstractInsnNode n) {
        while (n != null && isConversion(n)) {
            n = single(stack(n, 0));
        }
        return n;
    }

    private static boolean isConversion(AbstractInsnNode n) {
        return n.getOpcode() >= Opcodes.I2L && n.getOpcode() <= Opcodes.I2S;
    }

    private static boolean isLocalLoad(AbstractInsnNode n) {
        return n.getOpcode() >= Opcodes.ILOAD && n.getOpcode() <= Opcodes.ALOAD;
    }

    private static boolean writes(AbstractInsnNode n, int var) {
        return n.getOpcode() >= Opcodes.ISTORE && n.getOpcode() <= Opcodes.ASTORE && ((VarInsnNode) n).var == var
                || n instanceof IincInsnNode inc && inc.var == var;
    }

    private static Integer intConstant(AbstractInsnNode n) {
        int code = n.getOpcode();
        if (code >= Opcodes.ICONST_M1 && code <= Opcodes.ICONST_5) {
            return code - Opcodes.ICONST_0;
        }
        if (code == Opcodes.BIPUSH || code == Opcodes.SIPUSH) {
            return ((IntInsnNode) n).operand;
        }
        return n instanceof LdcInsnNode ldc && ldc.cst instanceof Integer i ? i : null;
    }
}
