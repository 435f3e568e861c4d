package io.loupe.validation.transparency;

import java.util.List;

/**
 * The warnings Loupe gives on real code by design: a method left uninstrumented for a known reason
 * (ClassInstrumenter), and a method that instrumentation took past HotSpot's limit for compiling
 * (CodeSizes). Any other warning on the transparency subjects is a failure.
 */
final class KnownWarnings {

    private static final List<String> ENDINGS = List.of("uninstrumented: JSR/RET subroutines",
            "uninstrumented: its code would exceed 64 KiB",
            "it runs interpreted unless the JVM gets -XX:-DontCompileHugeMethods (bin/loupe run gives it)");

    private KnownWarnings() {
    }

    static boolean isKnown(String warning) {
        return ENDINGS.stream().anyMatch(warning::endsWith);
    }
}
