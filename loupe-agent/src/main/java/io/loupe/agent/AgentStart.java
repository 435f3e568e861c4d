package io.loupe.agent;

import io.loupe.data.deps.DepMode;
import io.loupe.data.values.SiteKind;
import io.loupe.instrument.ClassInstrumenter;
import io.loupe.instrument.InstrumentSettings;
import io.loupe.instrument.deps.ShadowFields;
import io.loupe.instrument.paths.PathSettings;
import io.loupe.instrument.values.ValueSettings;
import io.loupe.runtime.deps.Deps;
import io.loupe.runtime.deps.ShadowFieldFilter;
import io.loupe.runtime.dump.PeriodicDumps;
import io.loupe.runtime.dump.ProfileDumper;
import io.loupe.runtime.dump.Warnings;
import io.loupe.runtime.paths.PathThread;
import io.loupe.data.trace.HeapEvents;
import io.loupe.runtime.trace.TraceOutput;
import io.loupe.runtime.trace.TraceThread;
import io.loupe.runtime.values.FrozenMethods;
import io.loupe.runtime.values.ValueConfig;
import io.loupe.runtime.values.ValueProfiler;

import java.lang.instrument.Instrumentation;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/** Configures the runtime and installs the transformer; runs once the runtime is on the bootstrap class path. */
final class AgentStart {

    private AgentStart() {
    }

    static void start(AgentOptions options, Instrumentation inst, String version) {
        PathThread.configure(options.blockTrace() ? 1 : options.k(), options.maxNodes());
        if (options.values()) {
            ValueProfiler.configure(valueConfig(options));
            if (options.freeze()) {
                FrozenMethods.configure(options.thawAfter());
            }
        }
        ClassFilter filter = new ClassFilter(options.include(), options.exclude());
        ShadowFields shadowFields = ShadowFields.NONE;
        if (options.deps()) {
            if (openInternals(inst) && ShadowFieldFilter.install()) {
                shadowFields = ShadowFields.topmost(internalName -> filter.accepts(internalName.replace('/', '.')));
            }
            Deps.configure(DepMode.ofId(options.depsMode()), options.absint(), options.absintAlways());
        }
        if (options.trace()) {
            TraceThread.configure(options.chunkEvents());
            try {
                TraceOutput.open(options.out().toAbsolutePath(), options.toString(), version);
            } catch (java.io.IOException e) {
                System.err.println("[loupe] cannot write the trace " + options.out() + ", profiling is off: " + e);
                return;
            }
        }
        ProfileDumper.reserve(ProfileDumper.reserveFor(Runtime.getRuntime().maxMemory()));
        ProfileDumper.releaseOnOutOfMemory();   // premain runs on the thread that runs main
        ProfileDumper dumper = new ProfileDumper(options.out().toAbsolutePath(), options.toString(), version);
        dumper.atEnd(() -> filter.unmatchedIncludes().stream()
                .map(glob -> "include '" + glob + "' matched no class loaded during the run").toList());
        dumper.installShutdownHook();
        if (!options.trace()) {   // a whole-program trace is written as the program runs: nothing to dump
            if (options.jmx()) {
                new ProfilerControl(dumper, options, version).registerInBackground();
            }
            if (options.dumpIntervalMillis() > 0) {
                PeriodicDumps.start(dumper, options.out().toAbsolutePath(), options.dumpIntervalMillis());
            }
        }
        ClassInstrumenter instrumenter = new ClassInstrumenter(settings(options).hugeMethodsCompiled(HugeMethods.compiled()),
                Warnings::warn, shadowFields, options.verify());
        inst.addTransformer(new LoupeTransformer(filter, instrumenter, options.verbose()), false);
        if (!options.instrumenterC2()) {
            InstrumenterCompilation.keepC2Off();
        }
    }

    /**
     * Exports {@code jdk.internal.misc} to the runtime (the boot loader's unnamed module), whose
     * shadow fields ({@code ShadowField}) are read and installed through its {@code Unsafe}, and
     * opens {@code jdk.internal.reflect}, whose field filter keeps them out of reflection
     * ({@code ShadowFieldFilter}). False, with the shadow map serving every object, if the JDK
     * refuses.
     */
    private static boolean openInternals(Instrumentation inst) {
        Set<Module> runtime = Set.of(Deps.class.getModule());
        try {
            inst.redefineModule(Object.class.getModule(), Set.of(), Map.of("jdk.internal.misc", runtime),
                    Map.of("jdk.internal.reflect", runtime), Set.of(), Map.of());
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** What the instrumenter does: path profiling or the block tracer, value profiling, or both. */
    static InstrumentSettings settings(AgentOptions options) {
        if (options.deps()) {
            return options.absint() ? InstrumentSettings.depsWithAbsint() : InstrumentSettings.depsAlone();
        }
        if (options.trace()) {
            return InstrumentSettings.paths(PathSettings.wholeProgramTrace(HeapEvents.of(options.heap())));
        }
        PathSettings paths = options.paths() || options.blockTrace()
                ? new PathSettings(options.k(), options.arrayLimit(), options.trivial(), options.blockTrace(), options.runLength())
                : null;
        ValueSettings values = options.values() ? new ValueSettings(valueKinds(options), options.convergent(),
                options.convergent() && options.quiet(), options.freeze()) : null;
        return new InstrumentSettings(paths, values);
    }

    static Set<SiteKind> valueKinds(AgentOptions options) {
        Set<SiteKind> kinds = EnumSet.noneOf(SiteKind.class);
        for (String label : options.valueKinds()) {
            kinds.add(SiteKind.ofLabel(label));
        }
        return kinds;
    }

    static ValueConfig valueConfig(AgentOptions options) {
        return new ValueConfig(options.tableSize(), options.topN(), options.clearInterval(), options.convergent(),
                options.criterion(), options.interval(), options.recheck(), options.increaseBound(),
                options.decreaseBound(), options.backoff(), options.seed());
    }
}
