package io.loupe.instrument.deps;

import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.CallSiteMeta;
import io.loupe.data.deps.DepLoopMeta;
import io.loupe.data.deps.ShadowFieldSpec;
import io.loupe.data.sink.InstrumentationSink;
import io.loupe.instrument.check.BytecodeCheck;
import io.loupe.instrument.emit.CodeSizes;
import io.loupe.instrument.emit.CompressedFrames;
import io.loupe.instrument.emit.HandlerPrefixes;
import io.loupe.instrument.flow.UninitializedObjects;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.MethodTooLargeException;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Instruments every method of a class for dependence profiling and declares the class's access
 * sites, loops and call sites to an {@link InstrumentationSink}.
 *
 * <p>Every method with code is modelled first ({@link DepSiteFinder}) and the class's ids reserved
 * at once, in method order then site order; every reserved id is declared, including those of
 * methods left as they were (they never run). A method that cannot be instrumented — its model
 * fails, a frame is missing at a jump target, it would grow past 64 KiB, or its instrumented code
 * fails {@link BytecodeCheck} — is left exactly as it was, with one warning; the rest of the class
 * is still instrumented. Methods with JSR/RET subroutines have an empty model and are left alone
 * too.
 */
public final class DepClassInstrumenter {

    private final Consumer<String> warnings;
    private final ShadowFields shadowFields;
    private final BytecodeCheck.Check check;
    private final boolean hugeMethodsCompiled;

    /**
     * @param check the first of the named rewritten methods of a class that would not verify, or
     *              null ({@link BytecodeCheck})
     */
    public DepClassInstrumenter(Consumer<String> warnings, ShadowFields shadowFields,
                                BytecodeCheck.Check check) {
        this(warnings, shadowFields, check, false);
    }

    /** @param hugeMethodsCompiled true if the JVM compiles huge methods: no warning for one pushed past the limit */
    public DepClassInstrumenter(Consumer<String> warnings, ShadowFields shadowFields,
                                BytecodeCheck.Check check, boolean hugeMethodsCompiled) {
        this.warnings = warnings;
        this.shadowFields = shadowFields;
        this.check = check;
        this.hugeMethodsCompiled = hugeMethodsCompiled;
    }

    /** A method's model, ids and what the inserter must know besides. */
    private record Planned(int index, DepSites sites, DepProbeInserter.Ids ids) {
    }

    /** The instrumented class, or null if nothing in it is profiled and it needs no shadow field. */
    public byte[] instrument(byte[] original, InstrumentationSink sink) {
        ClassNode cn = read(original);
        String className = cn.name.replace('/', '.');
        boolean shadowField = needsShadowField(cn);
        List<MethodNode> methods = new ArrayList<>();
        List<DepSites> models = new ArrayList<>();
        List<Integer> indexes = new ArrayList<>();
        int accesses = 0, loops = 0, calls = 0;
        for (int i = 0; i < cn.methods.size(); i++) {
            MethodNode m = cn.methods.get(i);
            if ((m.access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0 || m.instructions.size() == 0) {
                continue;
            }
            DepSites sites;
            try {
                sites = DepSiteFinder.find(cn.name, m);
                if (sites == DepSites.EMPTY) {
                    warnings.accept("left " + className + "." + m.name + m.desc + " uninstrumented: JSR/RET subroutines");
                    continue;
                }
            } catch (AnalyzerException | RuntimeException e) {
                warnings.accept("left " + className + "." + m.name + m.desc + " uninstrumented: " + e);
                continue;
            }
            if (sites.accesses().isEmpty() && sites.calls().isEmpty() && sites.loops().isEmpty()) {
                continue;
            }
            methods.add(m);
            models.add(sites);
            indexes.add(i);
            accesses += sites.accesses().size();
            loops += sites.loops().size();
            calls += sites.calls().size();
        }
        if (methods.isEmpty()) {
            return shadowField ? write(withShadowField(cn)) : null;
        }
        int site = accesses == 0 ? 0 : sink.reserveAccessSites(accesses);
        int loop = loops == 0 ? 0 : sink.reserveLoops(loops);
        int call = calls == 0 ? 0 : sink.reserveCalls(calls);
        List<Planned> plans = new ArrayList<>();
        Map<AbstractInsnNode, FinalFieldStores.Seal> sealing = FinalFieldStores.of(cn);
        // carried registers are analysed when the profile is written, for the loops that ran
        DeferredLoopRegisters registers = new DeferredLoopRegisters(original, className, warnings);
        try {
            for (int j = 0; j < methods.size(); j++) {
                MethodNode m = methods.get(j);
                DepSites sites = models.get(j);
                for (AccessSiteMeta meta : sites.accessMeta(site, className, m.name, m.desc, cn.sourceFile)) {
                    sink.accessSite(meta);
                }
                for (DepLoopMeta meta : sites.loopMeta(loop, className, m.name, m.desc, cn.sourceFile)) {
                    sink.loop(meta);
                }
                if (!sites.loops().isEmpty()) {
                    registers.add(indexes.get(j), loop, sites.loops().size());
                }
                List<CallSiteMeta> callMetas = sites.callMeta(call, className, m.name, m.desc, cn.sourceFile);
                for (int c = 0; c < callMetas.size(); c++) {
                    sink.callSite(callMetas.get(c), c);
                }
                plans.add(new Planned(indexes.get(j), sites, ids(cn, m, sites, sealing, site, loop, call, sink)));
                site += sites.accesses().size();
                loop += sites.loops().size();
                call += sites.calls().size();
            }
        } catch (AnalyzerException e) {
            throw new IllegalStateException(e);   // the finder analysed the same method without complaint
        }
        if (!registers.isEmpty()) {
            sink.deferredRegisters(loop - loops, loops, registers);
        }
        Set<Integer> leftAlone = new HashSet<>();
        while (true) {
            ClassNode copy = read(original);
            boolean frames = (copy.version & 0xffff) >= Opcodes.V1_6;
            int failed = -1;
            for (Planned p : plans) {
                if (leftAlone.contains(p.index)) {
                    continue;
                }
                MethodNode m = copy.methods.get(p.index);
                try {
                    HandlerPrefixes handlers = HandlerPrefixes.of(m);
                    new DepProbeInserter(m, p.sites, p.ids, frames).insert();
                    handlers.separate(m);
                } catch (RuntimeException e) {
                    warnings.accept("left " + className + "." + m.name + m.desc + " uninstrumented: " + e);
                    failed = p.index;
                    break;
                }
            }
            if (failed >= 0) {
                leftAlone.add(failed);   // the tree may be half-edited: start again from the original bytes
                continue;
            }
            if (leftAlone.size() == plans.size()) {
                return shadowField ? write(withShadowField(read(original))) : null;
            }
            try {
                ClassNode written = shadowField ? withShadowField(copy) : copy;
                byte[] bytes = write(written);
                Set<String> rewritten = new HashSet<>();
                List<MethodNode> probed = new ArrayList<>();
                for (Planned p : plans) {
                    if (!leftAlone.contains(p.index)) {
                        MethodNode m = copy.methods.get(p.index);
                        rewritten.add(m.name + m.desc);
                        probed.add(m);
                    }
                }
                BytecodeCheck.Failure failure = check.firstFailure(bytes, written, rewritten);
                if (failure == null) {
                    if (!hugeMethodsCompiled) {
                        CodeSizes.pushedPastHuge(className, original, bytes, probed).forEach(warnings);
                    }
                    return bytes;
                }
                int index = indexOf(copy, failure.name(), failure.desc());
                if (index < 0 || leftAlone.contains(index)) {
                    throw failure.inLoupesOwnCode();   // the transformer leaves the whole class as it was
                }
                warnings.accept(failure.warning(className));
                leftAlone.add(index);
            } catch (MethodTooLargeException e) {
                int index = indexOf(copy, e.getMethodName(), e.getDescriptor());
                if (index < 0 || leftAlone.contains(index)) {
                    throw e;
                }
                warnings.accept("left " + className + "." + e.getMethodName() + e.getDescriptor()
                        + " uninstrumented: its code would exceed 64 KiB");
                leftAlone.add(index);
            }
        }
    }

    /**
     * Field ids, callee ids, the putfields into an uninitialized {@code this}, the stores that seal
     * their location ({@link FinalFieldStores}), the constructor's init call.
     */
    private static DepProbeInserter.Ids ids(ClassNode cn, MethodNode m, DepSites sites,
                                            Map<AbstractInsnNode, FinalFieldStores.Seal> sealing,
                                            int site, int loop, int call, InstrumentationSink sink)
            throws AnalyzerException {
        int[] fieldIds = new int[sites.accesses().size()];
        boolean[] skipped = new boolean[sites.accesses().size()];
        FinalFieldStores.Seal[] seals = new FinalFieldStores.Seal[sites.accesses().size()];
        boolean[] uninitialized = m.name.equals("<init>") ? UninitializedObjects.putfields(cn.name, m) : null;
        AbstractInsnNode[] nodes = m.instructions.toArray();
        for (AccessSite s : sites.accesses()) {
            AbstractInsnNode n = nodes[s.position()];
            if (n instanceof FieldInsnNode f) {
                fieldIds[s.ordinal()] = s.kind() == AccessSite.Kind.STATIC
                        ? sink.staticField(f.owner, f.name, f.desc)
                        : sink.instanceField(f.name, f.desc);
                skipped[s.ordinal()] = uninitialized != null && uninitialized[s.position()];
                seals[s.ordinal()] = sealing.get(n);
            }
        }
        int[] calleeIds = new int[sites.calls().size()];
        for (CallSite c : sites.calls()) {
            calleeIds[c.ordinal()] = sink.callee(c.callee());
        }
        int initCall = -1;
        if (m.name.equals("<init>")) {
            initCall = UninitializedObjects.thisInitCall(cn.name, m);
            if (initCall < 0) {
                initCall = -2;
            }
        }
        return new DepProbeInserter.Ids(site, loop, call, fieldIds, calleeIds, skipped, seals, initCall);
    }

    private static int indexOf(ClassNode cn, String name, String desc) {
        for (int i = 0; i < cn.methods.size(); i++) {
            MethodNode m = cn.methods.get(i);
            if (m.name.equals(name) && m.desc.equals(desc)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Whether objects of this class need the synthetic shadow field declared here: a class (not an
     * interface) whose superclass will not declare it, and that does not have it already.
     */
    private boolean needsShadowField(ClassNode cn) {
        if (!shadowFields.declared() || (cn.access & (Opcodes.ACC_INTERFACE | Opcodes.ACC_MODULE)) != 0 || cn.superName == null) {
            return false;
        }
        for (FieldNode f : cn.fields) {
            if (f.name.equals(ShadowFieldSpec.NAME)) {
                return false;
            }
        }
        return !shadowFields.instrumented().test(cn.superName);
    }

    /**
     * Adds the shadow field: private (no other class can name it), transient (left out of Java
     * serialization, its default {@code serialVersionUID} and the serializers that skip transient
     * fields) and synthetic (skipped by frameworks that skip compiler-made members).
     */
    private static ClassNode withShadowField(ClassNode cn) {
        cn.fields.add(new FieldNode(Opcodes.ACC_PRIVATE | Opcodes.ACC_TRANSIENT | Opcodes.ACC_SYNTHETIC,
                ShadowFieldSpec.NAME, ShadowFieldSpec.DESCRIPTOR, null, null));
        return cn;
    }

    private static byte[] write(ClassNode cn) {
        return CompressedFrames.write(cn);
    }

    private static ClassNode read(byte[] bytes) {
        ClassNode cn = new ClassNode();
        new ClassReader(bytes).accept(cn, ClassReader.EXPAND_FRAMES);
        return cn;
    }
}
