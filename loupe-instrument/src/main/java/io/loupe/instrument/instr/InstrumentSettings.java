package io.loupe.instrument.instr;

import io.loupe.instrument.values.ValueSettings;

/**
 * What {@link ClassInstrumenter} does to a class: path profiling (or the block tracer), value
 * profiling, or both. A null component is a profiler that is off.
 *
 * @param paths  path profiling or the block tracer; null for none
 * @param values value profiling; null for none
 */
public record InstrumentSettings(PathSettings paths, ValueSettings values) {

    public InstrumentSettings {
        if (paths == null && values == null) {
            throw new IllegalArgumentException("nothing to instrument: no profiler");
        }
        if (paths != null && paths.blockTrace() && values != null) {
            throw new IllegalArgumentException("the block tracer cannot be combined with value profiling");
        }
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
