package io.loupe.instrument;

import io.loupe.data.sink.InstrumentationSink;
import io.loupe.instrument.check.BytecodeCheck;
import io.loupe.instrument.absint.NestDecisions;
import io.loupe.instrument.deps.DepClassRewrite;
import io.loupe.instrument.deps.ShadowFields;
import io.loupe.instrument.emit.CodeSizes;
import io.loupe.instrument.emit.CompressedFrames;
import io.loupe.instrument.emit.HandlerPrefixes;
import io.loupe.instrument.paths.PathClassRewrite;
import io.loupe.instrument.paths.PathSettings;
import io.loupe.instrument.rewrite.ClassRewrite;
import io.loupe.instrument.trace.TraceClassRewrite;
import io.loupe.instrument.values.ValueClassRewrite;
import io.loupe.instrument.values.ValueSettings;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.MethodTooLargeException;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Instruments every method of a class for path profiling (or the block tracer), value profiling,
 * or both, or for dependence profiling, and declares their metadata to an {@link
 * InstrumentationSink}. It writes to nothing but the sink (and the warnings): the same bytes,
 * settings and id bases give the same result.
 *
 * <p>This is the one driver every profiler goes through. Each profiler is a {@link ClassRewrite}
 * ({@link PathClassRewrite}, {@link ValueClassRewrite}, {@link DepClassRewrite}); the driver
 * plans them from the original bytes (their ids reserved before anything is rewritten, so ids are
 * a function of the class bytes and the load order), then tries: it rewrites each method with code
 * with each profiler in turn, writes the class and checks every rewritten method. A method that
 * cannot be instrumented — JSR/RET subroutines, a frame missing at a jump target, growing past the
 * 64 KiB code limit, or instrumented code that fails {@link BytecodeCheck} — is rewritten in a
 * lesser form if a profiler has one (a quiet method without its copy), or else left exactly as it
 * was, with one warning, and the next try starts again from the original bytes; the rest of the
 * class is still instrumented. The kept try's results are declared last.
 *
 * <p>Value probes go into a method before path probes: they add no branch, no handler and no
 * local, so the control-flow graph the path instrumentation sees has the original's branches, and
 * its locals are still appended after the method's own. (When the method's first instruction is a
 * jump target, the parameter probes in front of it form one block more, and with values on the
 * instruction numbers of the path metadata count the value probes.)
 */
public final class ClassInstrumenter {

    private final PathSettings paths;     // null: no path profiling
    private final ValueSettings values;   // null: no value profiling
    private final boolean deps;
    private final boolean absint;
    private final boolean hugeMethodsCompiled;
    private final Consumer<String> warnings;
    private final ShadowFields shadowFields;
    private final BytecodeCheck.Check check;

    /** Path profiling (or the block tracer) alone. */
    public ClassInstrumenter(PathSettings settings, Consumer<String> warnings) {
        this(InstrumentSettings.paths(settings), warnings);
    }

    public ClassInstrumenter(InstrumentSettings settings, Consumer<String> warnings) {
        this(settings, warnings, ShadowFields.EVERY_CLASS);
    }

    /** @param shadowFields which classes dependence profiling gives the synthetic shadow field */
    public ClassInstrumenter(InstrumentSettings settings, Consumer<String> warnings, ShadowFields shadowFields) {
        this(settings, warnings, shadowFields, true);
    }

    /** @param verify check instrumented code with {@link BytecodeCheck} (agent option {@code verify}) */
    public ClassInstrumenter(InstrumentSettings settings, Consumer<String> warnings, ShadowFields shadowFields,
                             boolean verify) {
        this(settings, warnings, shadowFields, verify ? BytecodeCheck::firstFailure : (bytes, tree, methods) -> null);
    }

    /**
     * @param check what every instrumented class passes before it is handed out: the first of the
     *              named rewritten methods that would not verify, or null ({@link BytecodeCheck};
     *              tests substitute a check that fails a chosen method)
     */
    public ClassInstrumenter(InstrumentSettings settings, Consumer<String> warnings, ShadowFields shadowFields,
                             BytecodeCheck.Check check) {
        this.paths = settings.paths();
        this.values = settings.values();
        this.deps = settings.deps();
        this.absint = settings.absint();
        this.hugeMethodsCompiled = settings.hugeMethodsCompiled();
        this.warnings = warnings;
        this.shadowFields = shadowFields;
        this.check = check;
    }

    /**
     * The instrumented class, or null if it is unchanged; ids are reserved from, and metadata
     * declared to, {@code sink}.
     */
    public byte[] instrument(byte[] original, InstrumentationSink sink) {
        ClassNode planned = read(original);
        List<Integer> withCode = new ArrayList<>();
        for (int i = 0; i < planned.methods.size(); i++) {
            MethodNode m = planned.methods.get(i);
            if ((m.access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) == 0 && m.instructions.size() > 0) {
                withCode.add(i);
            }
        }
        List<ClassRewrite> rewrites = plan(original, planned, withCode, sink);
        String className = planned.name.replace('/', '.');
        Set<Integer> leftAlone = new HashSet<>();
        tries:
        while (true) {
            ClassNode cn = read(original);   // a failed try may have left its tree half-edited
            rewrites.forEach(r -> r.begin(cn));
            List<MethodNode> probed = new ArrayList<>();   // rewritten methods, in class order
            int failed = rewriteMethods(cn, withCode, rewrites, leftAlone, probed);
            if (failed >= 0) {
                leftAlone.add(failed);
                continue;
            }
            Set<String> checked = new HashSet<>();
            probed.forEach(m -> checked.add(m.name + m.desc));
            boolean classChanged = false;
            for (ClassRewrite r : rewrites) {
                classChanged |= r.finish(checked::add);
            }
            if (probed.isEmpty() && !classChanged) {
                rewrites.forEach(r -> r.declare(sink));
                return null;
            }
            try {
                byte[] bytes = CompressedFrames.write(cn);
                for (ClassRewrite r : rewrites) {
                    int j = r.lessenAfterWriting(bytes);
                    if (j >= 0) {
                        if (!r.lessen(j)) {
                            throw new IllegalStateException("a rewrite asked to lessen method " + j + " and could not");
                        }
                        continue tries;
                    }
                }
                BytecodeCheck.Failure failure = checked.isEmpty() ? null : check.firstFailure(bytes, cn, checked);
                if (failure != null) {
                    int j = indexOf(cn, withCode, failure.name(), failure.desc());
                    if (j < 0 || leftAlone.contains(j)) {
                        throw failure.inLoupesOwnCode();   // the transformer leaves the whole class as it was
                    }
                    warnings.accept(failure.warning(className));
                    leftAlone.add(j);
                    continue;
                }
                if (!hugeMethodsCompiled) {
                    CodeSizes.pushedPastHuge(className, original, bytes, probed).forEach(warnings);
                }
                rewrites.forEach(r -> r.declare(sink));
                return bytes;
            } catch (MethodTooLargeException e) {
                int j = indexOf(cn, withCode, e.getMethodName(), e.getDescriptor());
                if (j < 0 || leftAlone.contains(j)) {
                    throw e;
                }
                for (ClassRewrite r : rewrites) {
                    if (r.lessen(j)) {
                        continue tries;   // in its lesser form it may fit
                    }
                }
                warnings.accept("left " + className + "." + e.getMethodName() + e.getDescriptor()
                        + " uninstrumented: its code would exceed 64 KiB");
                leftAlone.add(j);
            }
        }
    }

    /** Each profiler's part, planned: ids reserved, sites declared. */
    private List<ClassRewrite> plan(byte[] original, ClassNode cn, List<Integer> withCode, InstrumentationSink sink) {
        if (deps) {
            return List.of(DepClassRewrite.plan(original, cn, withCode, shadowFields,
                    absint ? NestDecisions.PLANNER : null, warnings, sink));
        }
        List<ClassRewrite> rewrites = new ArrayList<>(2);
        if (values != null) {   // first: see the class comment
            rewrites.add(ValueClassRewrite.plan(cn, withCode, values, paths != null, hugeMethodsCompiled, warnings, sink));
        }
        if (paths != null && paths.trace()) {
            rewrites.add(TraceClassRewrite.plan(paths, withCode.size(), warnings, sink));
        } else if (paths != null) {
            rewrites.add(PathClassRewrite.plan(paths, withCode.size(), warnings, sink));
        }
        return rewrites;
    }

    /**
     * Rewrites every method with code not left alone with each profiler, adding those changed to
     * {@code probed}, then keeps inserted code out of the handlers' entry blocks ({@link
     * HandlerPrefixes}); the method whose rewrite threw (to be left alone), or -1.
     */
    private int rewriteMethods(ClassNode cn, List<Integer> withCode, List<ClassRewrite> rewrites, Set<Integer> leftAlone,
                               List<MethodNode> probed) {
        List<HandlerPrefixes> handlers = new ArrayList<>(withCode.size());
        for (int index : withCode) {
            handlers.add(HandlerPrefixes.of(cn.methods.get(index)));
        }
        for (int j = 0; j < withCode.size(); j++) {
            MethodNode m = cn.methods.get(withCode.get(j));
            if (leftAlone.contains(j)) {
                for (ClassRewrite r : rewrites) {
                    r.leftAlone(j, m);
                }
                continue;
            }
            boolean changed = false;
            try {
                for (ClassRewrite r : rewrites) {
                    changed |= r.rewrite(j, m);
                }
            } catch (RuntimeException e) {
                warnings.accept("left " + cn.name.replace('/', '.') + "." + m.name + m.desc + " uninstrumented: " + e);
                return j;
            }
            if (changed) {
                probed.add(m);
            }
        }
        for (int j = 0; j < withCode.size(); j++) {
            handlers.get(j).separate(cn.methods.get(withCode.get(j)));
        }
        return -1;
    }

    private static int indexOf(ClassNode cn, List<Integer> withCode, String name, String desc) {
        for (int j = 0; j < withCode.size(); j++) {
            MethodNode m = cn.methods.get(withCode.get(j));
            if (m.name.equals(name) && m.desc.equals(desc)) {
                return j;
            }
        }
        return -1;
    }

    private static ClassNode read(byte[] bytes) {
        ClassNode cn = new ClassNode();
        new ClassReader(bytes).accept(cn, ClassReader.EXPAND_FRAMES);
        return cn;
    }
}
