package io.loupe.agent;

import io.loupe.instrument.instr.ClassInstrumenter;
import io.loupe.instrument.instr.PathSettings;
import io.loupe.runtime.dump.ProfileDumper;
import io.loupe.runtime.dump.Warnings;
import io.loupe.runtime.paths.PathThread;

import java.lang.instrument.Instrumentation;

/** Configures the runtime and installs the transformer; runs once the runtime is on the bootstrap class path. */
final class AgentStart {

    private AgentStart() {
    }

    static void start(AgentOptions options, Instrumentation inst, String version) {
        PathThread.configure(options.blockTrace() ? 1 : options.k(), options.maxNodes());
        new ProfileDumper(options.out().toAbsolutePath(), options.toString(), version).installShutdownHook();
        ClassInstrumenter instrumenter = new ClassInstrumenter(
                new PathSettings(options.k(), options.arrayLimit(), options.trivial(), options.blockTrace(), options.runLength()), Warnings::warn);
        inst.addTransformer(new LoupeTransformer(new ClassFilter(options.include(), options.exclude()), instrumenter,
                options.verbose()), false);
    }
}
