package io.loupe.bench.workloads;

import org.luaj.vm2.Globals;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.lib.jse.JsePlatform;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The LuaJ interpreter (compiled to LuaJ bytecode, then interpreted over register arrays and
 * tables) running {@code kernels.lua}, a resource of this module with four small classic kernels:
 * binary trees, fannkuch-redux, n-body and spectral norm. The script returns the checksum line.
 *
 * <p>Run: {@code java -cp loupe-bench/target/classes:$(cat loupe-bench/target/bench.classpath)
 * io.loupe.bench.workloads.LuaDriver [small|full]}
 */
public final class LuaDriver {
    private static final String SCRIPT = "kernels.lua";

    private LuaDriver() {
    }

    public static void main(String[] args) throws Exception {
        Driver.main(args, LuaDriver::run);
    }

    static String run(Size size) {
        Globals globals = JsePlatform.standardGlobals();
        LuaValue chunk;
        InputStream resource = Objects.requireNonNull(LuaDriver.class.getResourceAsStream(SCRIPT),
                SCRIPT + " is missing from the class path");
        try (Reader script = new InputStreamReader(resource, StandardCharsets.UTF_8)) {
            chunk = globals.load(script, SCRIPT);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return chunk.call(LuaValue.valueOf(size.argument())).tojstring();
    }
}
