package io.loupe.bench.workloads;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The workloads the harness knows, by the short name used on its command line. Each names the
 * driver class the harness launches in a child JVM, and the same work can be run in-process.
 */
public enum Workload {
    SCIMARK(SciMarkDriver.class, SciMarkDriver::run),
    COMPRESS(CompressionDriver.class, CompressionDriver::run),
    LUAJ(LuaDriver.class, LuaDriver::run),
    MATH(CommonsMathDriver.class, CommonsMathDriver::run),
    JACKSON(JacksonDriver.class, JacksonDriver::run),
    H2(H2Driver.class, H2Driver::run),
    LUCENE(LuceneDriver.class, LuceneDriver::run),
    // outside WORKLOADS.md: programs a user brings, measured so the README does not show our best case only
    CRYPTO(CryptoDriver.class, CryptoDriver::run),
    PARSER(ParserDriver.class, ParserDriver::run),
    // Java ports of PolyBench/C kernels: the loop nests abstract interpretation at loop entry is measured on
    POLYBENCH(PolyBenchDriver.class, PolyBenchDriver::run);

    private final Class<?> driver;
    private final Driver.Work work;

    Workload(Class<?> driver, Driver.Work work) {
        this.driver = driver;
        this.work = work;
    }

    /** The name used on the harness's command line and in its reports. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The class whose {@code main} runs this workload. */
    public String mainClass() {
        return driver.getName();
    }

    /** Runs the work in this JVM and returns the checksum line, without printing anything. */
    public String runInProcess(Size size) throws Exception {
        return work.run(size);
    }

    /** The workload called {@code id}, failing with the known names listed. */
    public static Workload byId(String id) {
        for (Workload workload : values()) {
            if (workload.id().equals(id)) {
                return workload;
            }
        }
        throw new IllegalArgumentException("unknown workload '" + id + "' (known: "
                + Arrays.stream(values()).map(Workload::id).collect(Collectors.joining(",")) + ")");
    }
}
