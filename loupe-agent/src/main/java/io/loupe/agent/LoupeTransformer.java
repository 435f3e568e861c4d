package io.loupe.agent;

import io.loupe.instrument.ClassInstrumenter;
import io.loupe.runtime.dump.Warnings;
import io.loupe.runtime.registry.InstrumentationClock;
import io.loupe.runtime.sink.RuntimeSink;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;

/**
 * Filters early and instruments the rest. The JVM silently swallows exceptions thrown out of
 * {@code transform}, so every failure is caught here and reported once: the class is then loaded
 * exactly as it was, and the program runs on.
 */
final class LoupeTransformer implements ClassFileTransformer {

    private final ClassFilter filter;
    private final ClassInstrumenter instrumenter;
    private final boolean verbose;

    LoupeTransformer(ClassFilter filter, ClassInstrumenter instrumenter, boolean verbose) {
        this.filter = filter;
        this.instrumenter = instrumenter;
        this.verbose = verbose;
    }

    @Override
    public byte[] transform(ClassLoader loader, String internalName, Class<?> redefined, ProtectionDomain domain,
                            byte[] bytes) {
        // Bootstrap classes (loader == null) are the JDK's; redefinitions keep their first shape.
        if (loader == null || internalName == null || redefined != null) {
            return null;
        }
        String name = internalName.replace('/', '.');
        if (!filter.accepts(name)) {
            return null;
        }
        long start = System.nanoTime();
        byte[] out = null;
        try {
            out = instrumenter.instrument(bytes, RuntimeSink.INSTANCE);
            if (verbose && out != null) {
                Warnings.info("instrumented " + name);
            }
            return out;
        } catch (Throwable t) {
            Warnings.warn("left class " + name + " as it was: " + t);
            return null;
        } finally {
            InstrumentationClock.record(System.nanoTime() - start, out != null);
        }
    }
}
