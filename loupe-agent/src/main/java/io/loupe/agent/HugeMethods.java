package io.loupe.agent;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;

import java.lang.management.ManagementFactory;

/**
 * Whether this JVM compiles methods longer than HotSpot's {@code HugeMethodLimit} (8,000 bytes of
 * bytecode): only with {@code -XX:-DontCompileHugeMethods}, which {@code bin/loupe run} gives every
 * program it starts ({@code InstrumentSettings.hugeMethodsCompiled}). Where it does, a method that
 * instrumentation takes past the limit is no cause for a warning, and a quiet method's copy may
 * take the method there: Commons Math's {@code SingularValueDecomposition} constructor and LuaJ's
 * interpreter loop then get copies, and run quiet, instead of running their gates for good.
 */
final class HugeMethods {

    private HugeMethods() {
    }

    /**
     * True if the JVM compiles huge methods; false if it does not or cannot say (a JVM without
     * HotSpot's diagnostic bean). Asked once, at agent start (the bean costs some 20–35 ms to
     * reach).
     */
    static boolean compiled() {
        try {
            HotSpotDiagnosticMXBean hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            if (hotspot == null) {
                return false;
            }
            VMOption option = hotspot.getVMOption("DontCompileHugeMethods");
            return "false".equals(option.getValue());
        } catch (RuntimeException | LinkageError e) {
            return false;   // not HotSpot, or no such flag
        }
    }
}
