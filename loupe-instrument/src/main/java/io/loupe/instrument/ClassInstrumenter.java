package io.loupe.instrument;

import io.loupe.data.meta.ClassSlotLayout;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.sink.InstrumentationSink;
import io.loupe.data.values.ValueSiteMeta;
import io.loupe.instrument.check.BytecodeCheck;
import io.loupe.instrument.deps.DepClassInstrumenter;
import io.loupe.instrument.deps.ShadowFields;
import io.loupe.instrument.emit.CodeSizes;
import io.loupe.instrument.emit.CompressedFrames;
import io.loupe.instrument.emit.HandlerPrefixes;
import io.loupe.instrument.paths.PathClassRewriter;
import io.loupe.instrument.paths.PathSettings;
import io.loupe.instrument.values.QuietDeclarations;
import io.loupe.instrument.values.StoredCopies;
import io.loupe.instrument.values.ValueProbeInserter;
import io.loupe.instrument.values.ValueSettings;
import io.loupe.instrument.values.ValueSite;
import io.loupe.instrument.values.ValueSiteFinder;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.MethodTooLargeException;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Instruments every method of a class for path profiling (or the block tracer), value profiling,
 * or both, and declares their metadata to an {@link InstrumentationSink}; for dependence
 * profiling it hands the class to {@link DepClassInstrumenter}. It writes to nothing but the sink
 * (and the warnings): the same bytes, settings and id bases give the same result.
 *
 * <p>Ids: the class's methods with code get consecutive ids reserved in declaration order before
 * anything is rewritten, so ids are a function of the class bytes and the load order. A method
 * that cannot be instrumented — JSR/RET subroutines, a frame missing at a jump target, growing
 * past the 64 KiB code limit, or instrumented code that fails {@link BytecodeCheck} — is left
 * exactly as it was and declared as uninstrumented, with one warning; the rest of the class is
 * still instrumented.
 *
 * <p>Value sites are found in the original bytecode of every method first, and the class's site
 * ids reserved at once (in method order, then site order); every reserved id is declared,
 * including the sites of methods left as they were (they never run). In each method, value
 * probes are inserted first, then path probes: value probes add no branch, no handler and no
 * local, so the control-flow graph the path instrumentation sees has the original's branches,
 * and its locals are still appended after the method's own. (When the method's first instruction
 * is a jump target, the parameter probes in front of it form one block more, and with values on
 * the instruction numbers of the path metadata count the value probes.)
 */
public final class ClassInstrumenter {

    private final PathSettings settings;   // null: no path profiling
    private final ValueSettings values;    // null: no value profiling
    private final boolean hugeMethodsCompiled;
    private final Consumer<String> warnings;
    private final DepClassInstrumenter deps;   // null: no dependence profiling
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
    ClassInstrumenter(InstrumentSettings settings, Consumer<String> warnings, ShadowFields shadowFields,
                      BytecodeCheck.Check check) {
        this.settings = settings.paths();
        this.values = settings.values();
        this.hugeMethodsCompiled = settings.hugeMethodsCompiled();
        this.warnings = warnings;
        this.check = check;
        this.deps = settings.deps() ? new DepClassInstrumenter(warnings, shadowFields, check, hugeMethodsCompiled) : null;
    }

    /**
     * The instrumented class, or null if no method was changed; ids are reserved from, and
     * metadata declared to, {@code sink}.
     */
    public byte[] instrument(byte[] original, InstrumentationSink sink) {
        if (deps != null) {
            return deps.instrument(original, sink);
        }
        ClassNode probe = read(original);
        List<Integer> withCode = new ArrayList<>();
        for (int i = 0; i < probe.methods.size(); i++) {
            MethodNode m = probe.methods.get(i);
            if ((m.access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) == 0 && m.instructions.size() > 0) {
                withCode.add(i);
            }
        }
        if (withCode.isEmpty()) {
            return null;
        }
        ValueSites sites = values == null ? null : findValueSites(probe, withCode, sink);
        if (settings == null && sites.total == 0) {
            return null;
        }
        int base = settings != null ? sink.reserveMethods(withCode.size()) : -1;
        int classKey = settings != null && !settings.blockTrace() ? sink.reserveClassSlots() : -1;
        Set<Integer> leftAlone = new HashSet<>();
        Set<Integer> noQuiet = new HashSet<>();
        ClassNode tree = probe;   // finding the value sites reads the tree and leaves it as it was
        try {
            while (true) {
                Attempt a = attempt(original, tree, base, classKey, withCode, leftAlone, noQuiet, sites);
                if (a.retry >= 0) {
                    // the tree may be half-edited: start again from the original bytes
                    (a.dropQuiet ? noQuiet : leftAlone).add(a.retry);
                    tree = read(original);
                    continue;
                }
                if (settings != null) {
                    for (int j = 0; j < a.metas.length; j++) {
                        sink.method(a.metas[j], a.arraySizes[j]);
                    }
                }
                if (a.layout != null) {
                    sink.classSlots(classKey, a.layout);
                }
                a.quiet.declareTo(sink);
                return a.bytes;
            }
        } finally {
            if (sites != null) {
                sites.metas.forEach(sink::valueSite);   // every reserved id, whatever happened
                for (int j = 0; j < sites.perMethod.size(); j++) {
                    int[] sources = StoredCopies.sources(sites.perMethod.get(j));
                    for (int i = 0; i < sources.length; i++) {
                        if (sources[i] >= 0) {
                            sink.valueSiteCopies(sites.firstIds[j] + i, sites.firstIds[j] + sources[i]);
                        }
                    }
                }
            }
        }
    }

    /** The value sites of a class's methods with code, their first ids and their metadata. */
    private record ValueSites(List<List<ValueSite>> perMethod, int[] firstIds, List<ValueSiteMeta> metas, int total) {
    }

    /** Finds the value sites of every method with code in the original bytes, reserves their ids, builds their metadata. */
    private ValueSites findValueSites(ClassNode cn, List<Integer> withCode, InstrumentationSink sink) {
        String className = cn.name.replace('/', '.');
        List<List<ValueSite>> perMethod = new ArrayList<>(withCode.size());
        int total = 0;
        for (int index : withCode) {
            MethodNode m = cn.methods.get(index);
            List<ValueSite> found;
            try {
                found = ValueSiteFinder.find(cn.name, m, values);
                if (settings == null && ValueSiteFinder.hasSubroutines(m)) {
                    warnings.accept("left " + className + "." + m.name + m.desc + " uninstrumented: JSR/RET subroutines");
                }
            } catch (AnalyzerException | RuntimeException e) {
                warnings.accept("left " + className + "." + m.name + m.desc + " without value sites: " + e);
                found = List.of();
            }
            perMethod.add(found);
            total += found.size();
        }
        int[] firstIds = new int[withCode.size()];
        List<ValueSiteMeta> metas = new ArrayList<>(total);
        int next = total == 0 ? 0 : sink.reserveValueSites(total);
        for (int j = 0; j < withCode.size(); j++) {
            MethodNode m = cn.methods.get(withCode.get(j));
            firstIds[j] = next;
            for (ValueSite site : perMethod.get(j)) {
                metas.add(site.meta(next++, firstIds[j], className, m.name, m.desc, cn.sourceFile));
            }
        }
        return new ValueSites(perMethod, firstIds, metas, total);
    }

    /**
     * One try at the class: either its bytes (null if unchanged) with metadata and what its quiet
     * methods declare, or a method to leave alone.
     */
    private record Attempt(byte[] bytes, MethodMeta[] metas, int[] arraySizes, ClassSlotLayout layout,
                           QuietDeclarations quiet, int retry, boolean dropQuiet) {

        /** Another try with method {@code j} not made quiet ({@code dropQuiet}), or not instrumented. */
        static Attempt retry(int j, boolean dropQuiet) {
            return new Attempt(null, null, null, null, null, j, dropQuiet);
        }
    }

    /** One try at the class, editing {@code cn}, a tree of its {@code original} bytes. */
    private Attempt attempt(byte[] original, ClassNode cn, int base, int classKey, List<Integer> withCode, Set<Integer> leftAlone,
                            Set<Integer> noQuiet, ValueSites sites) {
        String className = cn.name.replace('/', '.');
        MethodMeta[] metas = new MethodMeta[withCode.size()];
        int[] arraySizes = new int[withCode.size()];
        boolean changed = false;
        PathClassRewriter paths = settings == null ? null : new PathClassRewriter(settings, cn, classKey);
        Set<Integer> quieted = new HashSet<>();   // quiet methods (QuietCopy)
        QuietDeclarations quiet = new QuietDeclarations();
        Set<String> rewritten = new HashSet<>();   // name + desc of the methods given probes
        List<Map.Entry<MethodNode, HandlerPrefixes>> handlers = new ArrayList<>();
        for (int j = 0; j < withCode.size(); j++) {
            MethodNode m = cn.methods.get(withCode.get(j));
            handlers.add(Map.entry(m, HandlerPrefixes.of(m)));
        }
        for (int j = 0; j < withCode.size(); j++) {
            MethodNode m = cn.methods.get(withCode.get(j));
            int id = base + j;
            if (leftAlone.contains(j)) {
                if (settings != null) {
                    metas[j] = PathClassRewriter.uninstrumented(m, id, className, cn.sourceFile);
                }
                continue;
            }
            try {
                if (sites != null && !sites.perMethod.get(j).isEmpty()) {
                    List<ValueSite> ms = sites.perMethod.get(j);
                    // quiet periods (copied or guarded) with value profiling alone: path probes
                    // would count a quiet copy's paths apart
                    boolean quietPeriods = values.quiet() && settings == null;
                    if (quietPeriods && !noQuiet.contains(j) && ValueProbeInserter.quietPays(m, ms, sites.firstIds[j])) {
                        ValueProbeInserter.insertWithQuietCopy(m, ms, sites.firstIds[j], cn.name,
                                (cn.version & 0xffff) >= Opcodes.V1_6, values.freeze(), quiet);
                        quieted.add(j);
                    } else if (quietPeriods && ValueProbeInserter.guardPays(m, sites.firstIds[j])) {
                        ValueProbeInserter.insertGuarded(m, ms, sites.firstIds[j], values.freeze(), quiet);
                    } else {
                        ValueProbeInserter.insert(m, ms, sites.firstIds[j], values.convergent());
                    }
                    rewritten.add(m.name + m.desc);
                    changed = true;
                }
                if (settings == null) {
                    continue;
                }
                PathClassRewriter.Rewritten r = paths.rewrite(m, id, warnings);
                metas[j] = r.meta();
                arraySizes[j] = r.arraySize();
                if (r.changed()) {
                    rewritten.add(m.name + m.desc);
                    changed = true;
                }
            } catch (RuntimeException e) {
                warnings.accept("left " + className + "." + m.name + m.desc + " uninstrumented: " + e);
                return Attempt.retry(j, false);
            }
        }
        if (!changed) {
            return new Attempt(null, metas, arraySizes, null, quiet, -1, false);
        }
        handlers.forEach(e -> e.getValue().separate(e.getKey()));
        ClassSlotLayout layout = paths == null ? null : paths.finish(rewritten::add);
        try {
            byte[] bytes = CompressedFrames.write(cn);
            if (!quieted.isEmpty() && !hugeMethodsCompiled) {
                // A quiet copy that pushes its method past HotSpot's limit for compiling costs far
                // more than it saves: the method would be interpreted for ever, unless the JVM
                // compiles huge methods.
                Map<String, Integer> sizes = CodeSizes.of(bytes);
                for (int j : quieted) {
                    MethodNode m = cn.methods.get(withCode.get(j));
                    if (sizes.getOrDefault(m.name + m.desc, 0) > CodeSizes.HUGE) {
                        return Attempt.retry(j, true);
                    }
                }
            }
            BytecodeCheck.Failure failure = check.firstFailure(bytes, cn, rewritten);
            if (failure != null) {
                int j = indexOf(cn, withCode, failure.name(), failure.desc());
                if (j < 0 || leftAlone.contains(j)) {
                    throw failure.inLoupesOwnCode();   // the transformer leaves the whole class as it was
                }
                warnings.accept(failure.warning(className));
                return Attempt.retry(j, false);
            }
            List<MethodNode> probed = cn.methods.stream()
                    .filter(m -> rewritten.contains(m.name + m.desc) && !PathClassRewriter.added(m.name)).toList();
            if (!hugeMethodsCompiled) {
                CodeSizes.pushedPastHuge(className, original, bytes, probed).forEach(warnings);
            }
            return new Attempt(bytes, metas, arraySizes, layout, quiet, -1, false);
        } catch (MethodTooLargeException e) {
            int j = indexOf(cn, withCode, e.getMethodName(), e.getDescriptor());
            if (j < 0 || leftAlone.contains(j)) {
                throw e;
            }
            if (quieted.contains(j)) {
                return Attempt.retry(j, true);   // without its quiet copy it may fit
            }
            warnings.accept("left " + className + "." + e.getMethodName() + e.getDescriptor()
                    + " uninstrumented: its code would exceed 64 KiB");
            return Attempt.retry(j, false);
        }
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
