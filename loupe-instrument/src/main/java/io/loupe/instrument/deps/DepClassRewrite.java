package io.loupe.instrument.deps;

import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.CallSiteMeta;
import io.loupe.data.deps.DepLoopMeta;
import io.loupe.data.deps.ShadowFieldSpec;
import io.loupe.data.sink.InstrumentationSink;
import io.loupe.instrument.flow.UninitializedObjects;
import io.loupe.instrument.rewrite.ClassRewrite;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Dependence profiling's part in rewriting a class. When it is planned, every method with code is
 * modelled ({@link DepSiteFinder}), the class's ids reserved at once (in method order, then site
 * order) and its access sites, loops and call sites declared; every reserved id is declared,
 * including those of methods left as they were (they never run). A method whose model fails is
 * left alone with one warning; so is a method with JSR/RET subroutines (its model is empty).
 * The class gets the synthetic shadow field ({@link ShadowFieldSpec}) where {@link ShadowFields}
 * says, even when no method in it is profiled.
 */
public final class DepClassRewrite implements ClassRewrite {

    /** A method's model, ids, the code another part adds at loop entries, and what the inserter must know besides. */
    private record Planned(DepSites sites, DepProbeInserter.Ids ids, LoopEntryCode entries) {
    }

    private final Map<Integer, Planned> plans;   // by index among the methods with code
    private final boolean shadowField;

    // the try under way
    private ClassNode cn;
    private boolean frames;

    private DepClassRewrite(Map<Integer, Planned> plans, boolean shadowField) {
        this.plans = plans;
        this.shadowField = shadowField;
    }

    /**
     * Models {@code withCode}, the indexes of {@code cn}'s methods with code ({@code cn} read from
     * {@code original}); reserves the ids of their sites and declares them to {@code sink}.
     *
     * @param shadowFields which classes get the synthetic shadow field
     */
    public static DepClassRewrite plan(byte[] original, ClassNode cn, List<Integer> withCode, ShadowFields shadowFields,
                                       Consumer<String> warnings, InstrumentationSink sink) {
        return plan(original, cn, withCode, shadowFields, null, warnings, sink);
    }

    /**
     * As {@link #plan(byte[], ClassNode, List, ShadowFields, Consumer, InstrumentationSink)}, with
     * {@code entries} (null for none) planning code at the entries of each method's loops.
     */
    public static DepClassRewrite plan(byte[] original, ClassNode cn, List<Integer> withCode, ShadowFields shadowFields,
                                       LoopEntryCode.Planner entries, Consumer<String> warnings,
                                       InstrumentationSink sink) {
        String className = cn.name.replace('/', '.');
        List<Integer> planned = new ArrayList<>();
        List<DepSites> models = new ArrayList<>();
        int accesses = 0, loops = 0, calls = 0;
        for (int j = 0; j < withCode.size(); j++) {
            MethodNode m = cn.methods.get(withCode.get(j));
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
            planned.add(j);
            models.add(sites);
            accesses += sites.accesses().size();
            loops += sites.loops().size();
            calls += sites.calls().size();
        }
        boolean shadowField = needsShadowField(cn, shadowFields);
        Map<Integer, Planned> plans = new HashMap<>();
        if (planned.isEmpty()) {
            return new DepClassRewrite(plans, shadowField);
        }
        int site = accesses == 0 ? 0 : sink.reserveAccessSites(accesses);
        int loop = loops == 0 ? 0 : sink.reserveLoops(loops);
        int call = calls == 0 ? 0 : sink.reserveCalls(calls);
        Map<AbstractInsnNode, FinalFieldStores.Seal> sealing = FinalFieldStores.of(cn);
        // carried registers are analysed when the profile is written, for the loops that ran
        DeferredLoopRegisters registers = new DeferredLoopRegisters(original, className, warnings);
        try {
            for (int p = 0; p < planned.size(); p++) {
                int index = withCode.get(planned.get(p));
                MethodNode m = cn.methods.get(index);
                DepSites sites = models.get(p);
                for (AccessSiteMeta meta : sites.accessMeta(site, className, m.name, m.desc, cn.sourceFile)) {
                    sink.accessSite(meta);
                }
                for (DepLoopMeta meta : sites.loopMeta(loop, className, m.name, m.desc, cn.sourceFile)) {
                    sink.loop(meta);
                }
                if (!sites.loops().isEmpty()) {
                    registers.add(index, loop, sites.loops().size());
                }
                List<CallSiteMeta> callMetas = sites.callMeta(call, className, m.name, m.desc, cn.sourceFile);
                for (int c = 0; c < callMetas.size(); c++) {
                    sink.callSite(callMetas.get(c), c);
                }
                LoopEntryCode entryCode = entries == null || sites.loops().isEmpty() ? null
                        : entries.plan(cn.name, m, sites, loop, site, sink);
                plans.put(planned.get(p), new Planned(sites, ids(cn, m, sites, sealing, site, loop, call, sink), entryCode));
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
        return new DepClassRewrite(plans, shadowField);
    }

    @Override
    public void begin(ClassNode cn) {
        this.cn = cn;
        this.frames = (cn.version & 0xffff) >= Opcodes.V1_6;
    }

    @Override
    public boolean rewrite(int j, MethodNode m) {
        Planned p = plans.get(j);
        if (p == null) {
            return false;
        }
        new DepProbeInserter(m, p.sites, p.ids, p.entries, frames).insert();
        return true;
    }

    /**
     * Adds the shadow field: private (no other class can name it), transient (left out of Java
     * serialization, its default {@code serialVersionUID} and the serializers that skip transient
     * fields) and synthetic (skipped by frameworks that skip compiler-made members).
     */
    @Override
    public boolean finish(Consumer<String> added) {
        if (!shadowField) {
            return false;
        }
        cn.fields.add(new FieldNode(Opcodes.ACC_PRIVATE | Opcodes.ACC_TRANSIENT | Opcodes.ACC_SYNTHETIC,
                ShadowFieldSpec.NAME, ShadowFieldSpec.DESCRIPTOR, null, null));
        return true;
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

    /**
     * Whether objects of this class need the synthetic shadow field declared here: a class (not an
     * interface) whose superclass will not declare it, and that does not have it already.
     */
    private static boolean needsShadowField(ClassNode cn, ShadowFields shadowFields) {
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
}
