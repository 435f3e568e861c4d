package io.loupe.instrument.deps;

import io.loupe.data.deps.CarriedRegisterMeta;
import io.loupe.data.deps.LoopRegisterSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The {@link LoopRegisterAnalysis} of one class's loops, run when the profile is written and only
 * for the methods whose loops ran: it keeps the class's original bytes (the instrumenter's input,
 * never changed) and, per method with loops, the method's index and its first loop id.
 */
final class DeferredLoopRegisters implements LoopRegisterSource {

    private final byte[] original;
    private final String className;
    private final Consumer<String> warnings;
    private final List<int[]> methods = new ArrayList<>();   // {method index, first loop id, loop count}

    DeferredLoopRegisters(byte[] original, String className, Consumer<String> warnings) {
        this.original = original;
        this.className = className;
        this.warnings = warnings;
    }

    /** Method {@code index} of the class has loops {@code [firstLoop, firstLoop + count)}. */
    void add(int index, int firstLoop, int count) {
        methods.add(new int[] {index, firstLoop, count});
    }

    boolean isEmpty() {
        return methods.isEmpty();
    }

    @Override
    public Map<Integer, List<CarriedRegisterMeta>> registers(Set<Integer> loops) {
        Map<Integer, List<CarriedRegisterMeta>> out = new HashMap<>();
        ClassNode cn = null;
        for (int[] m : methods) {
            if (!anyOf(loops, m[1], m[2])) {
                continue;
            }
            MethodNode method = null;
            try {
                if (cn == null) {
                    cn = new ClassNode();
                    new ClassReader(original).accept(cn, ClassReader.EXPAND_FRAMES);
                }
                method = cn.methods.get(m[0]);
                for (LoopRegisters r : LoopRegisterAnalysis.analyze(cn.name, method)) {
                    out.put(m[1] + r.loop(), r.meta());
                }
            } catch (AnalyzerException | RuntimeException e) {
                // the memory profile does not need it: the loops are reported without registers
                String name = method == null ? "method " + m[0] : method.name + method.desc;
                warnings.accept("no carried register analysis of " + className + "." + name + ": " + e);
            }
        }
        return out;
    }

    private static boolean anyOf(Set<Integer> loops, int first, int count) {
        for (int i = first; i < first + count; i++) {
            if (loops.contains(i)) {
                return true;
            }
        }
        return false;
    }
}
