package io.loupe.instrument;

import io.loupe.instrument.paths.PathSettings;
import io.loupe.instrument.values.ValueSettings;

/**
 * What {@link ClassInstrumenter} does to a class: path profiling (or the block tracer), value
 * profiling, or both; or dependence profiling alone. A null component is a profiler that is off.
 *
 * @param paths  path profiling or the block tracer; null for none
 * @param values value profiling; null for none
 * @param deps   dependence profiling (the same probes serve camp and lamp mode)
 * @param hugeMethodsCompiled true if the JVM compiles methods past HotSpot's limit
 *               ({@link CodeSizes#HUGE}; {@code -XX:-DontCompileHugeMethods}): then a method that
 *               instrumentation takes past it is no cause for a warning, and a quiet method's copy
 *               may take it there (docs/values.md, <i>Quiet methods</i>)
 * @param absint with dependence profiling: abstract interpretation at loop entry (docs/absint.md),
 *               which gives each eligible loop nest an untraced copy and a decision at its entry
 */
public record InstrumentSettings(PathSettings paths, ValueSettings values, boolean deps, boolean hugeMethodsCompiled,
                                 boolean absint) {

    public InstrumentSettings {
        if (paths == null && values == null && !deps) {
            throw new IllegalArgumentException("nothing to instrument: no profiler");
        }
        if (deps && (paths != null || values != null)) {
            // Dependence probes add edges (trampolines) and locals that the path and value
            // inserters would have to know about; and each profiler's cost would distort the others.
            throw new IllegalArgumentException("dependence profiling cannot be combined with other profilers");
        }
        if (absint && !deps) {
            throw new IllegalArgumentException("abstract interpretation at loop entry needs dependence profiling");
        }
        if (paths != null && paths.blockTrace() && values != null) {
            throw new IllegalArgumentException("the block tracer cannot be combined with value profiling");
        }
    }

    /** For a JVM that does not compile huge methods, HotSpot's default. */
    public InstrumentSettings(PathSettings paths, ValueSettings values, boolean deps) {
        this(paths, values, deps, false, false);
    }

    public InstrumentSettings(PathSettings paths, ValueSettings values) {
        this(paths, values, false);
    }

    /** These settings for a JVM that compiles huge methods ({@code compiled} true) or does not. */
    public InstrumentSettings hugeMethodsCompiled(boolean compiled) {
        return new InstrumentSettings(paths, values, deps, compiled, absint);
    }

    /** Dependence profiling alone. */
    public static InstrumentSettings depsAlone() {
        return new InstrumentSettings(null, null, true);
    }

    /** Dependence profiling alone, with abstract interpretation at loop entry. */
    public static InstrumentSettings depsWithAbsint() {
        return new InstrumentSettings(null, null, true, false, true);
    }

    /** Path profiling (or the block tracer) alone. */
    public static InstrumentSettings paths(PathSettings paths) {
        return new InstrumentSettings(paths, null);
    }

    /** Value profiling alone. */
    public static InstrumentSettings values(ValueSettings values) {
        return new InstrumentSettings(null, values);
    }
}
