package io.loupe.bench.workloads;

import io.loupe.bench.polybench.Atax;
import io.loupe.bench.polybench.Bicg;
import io.loupe.bench.polybench.Cholesky;
import io.loupe.bench.polybench.Correlation;
import io.loupe.bench.polybench.Covariance;
import io.loupe.bench.polybench.Doitgen;
import io.loupe.bench.polybench.Durbin;
import io.loupe.bench.polybench.Fdtd2d;
import io.loupe.bench.polybench.FloydWarshall;
import io.loupe.bench.polybench.Gemm;
import io.loupe.bench.polybench.Gemver;
import io.loupe.bench.polybench.Gesummv;
import io.loupe.bench.polybench.Gramschmidt;
import io.loupe.bench.polybench.Heat3d;
import io.loupe.bench.polybench.Jacobi1d;
import io.loupe.bench.polybench.Jacobi2d;
import io.loupe.bench.polybench.KernelTime;
import io.loupe.bench.polybench.Lu;
import io.loupe.bench.polybench.Ludcmp;
import io.loupe.bench.polybench.Mvt;
import io.loupe.bench.polybench.Nussinov;
import io.loupe.bench.polybench.Seidel2d;
import io.loupe.bench.polybench.Symm;
import io.loupe.bench.polybench.Syr2k;
import io.loupe.bench.polybench.Syrk;
import io.loupe.bench.polybench.ThreeMm;
import io.loupe.bench.polybench.Trisolv;
import io.loupe.bench.polybench.Trmm;
import io.loupe.bench.polybench.TwoMm;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Runs the PolyBench/C 4.2 kernels of this package once each, every one on arrays of its own
 * allocated and initialised afresh, and prints one checksum line under the contract of
 * {@link Driver}: {@code polybench NAME=SUM NAME=SUM ...}, SUM the sum of the kernel's output
 * arrays (those PolyBench dumps) as {@link Double#toString(double)} writes it.
 *
 * <p>Size {@code full} is PolyBench's MEDIUM dataset (about 1.5 s without an agent on two cores);
 * {@code small} halves every dimension and time-step count (about 0.5 s), but for gramschmidt (*):
 * its matrix halved (m=100, n=120) has column j + 100 equal to column j, which orthogonalises to
 * exactly zero and then divides 0 by 0, a checksum of NaN; small swaps m and n instead.
 *
 * <p>Run: {@code java -cp loupe-bench/target/classes:$(cat loupe-bench/target/bench.classpath)
 * io.loupe.bench.polybench.PolyBenchDriver [small|full] [KERNEL[,KERNEL...]]}; the optional
 * second argument names the kernels to run (in the order below whatever the order given), by
 * default all of them.
 *
 * <table>
 * <caption>The kernels in the order they run, their sizes in the order of PolyBench's parameters</caption>
 * <tr><th>kernel</th><th>parameters</th><th>small</th><th>full (MEDIUM)</th></tr>
 * <tr><td>gemm</td><td>ni nj nk</td><td>100 110 120</td><td>200 220 240</td></tr>
 * <tr><td>2mm</td><td>ni nj nk nl</td><td>90 95 105 110</td><td>180 190 210 220</td></tr>
 * <tr><td>3mm</td><td>ni nj nk nl nm</td><td>90 95 100 105 110</td><td>180 190 200 210 220</td></tr>
 * <tr><td>atax</td><td>m n</td><td>195 205</td><td>390 410</td></tr>
 * <tr><td>bicg</td><td>m n</td><td>195 205</td><td>390 410</td></tr>
 * <tr><td>mvt</td><td>n</td><td>200</td><td>400</td></tr>
 * <tr><td>gesummv</td><td>n</td><td>125</td><td>250</td></tr>
 * <tr><td>gemver</td><td>n</td><td>200</td><td>400</td></tr>
 * <tr><td>symm</td><td>m n</td><td>100 120</td><td>200 240</td></tr>
 * <tr><td>syrk</td><td>n m</td><td>120 100</td><td>240 200</td></tr>
 * <tr><td>syr2k</td><td>n m</td><td>120 100</td><td>240 200</td></tr>
 * <tr><td>trmm</td><td>m n</td><td>100 120</td><td>200 240</td></tr>
 * <tr><td>trisolv</td><td>n</td><td>200</td><td>400</td></tr>
 * <tr><td>lu</td><td>n</td><td>200</td><td>400</td></tr>
 * <tr><td>ludcmp</td><td>n</td><td>200</td><td>400</td></tr>
 * <tr><td>cholesky</td><td>n</td><td>200</td><td>400</td></tr>
 * <tr><td>durbin</td><td>n</td><td>200</td><td>400</td></tr>
 * <tr><td>gramschmidt</td><td>m n</td><td>120 100 *</td><td>200 240</td></tr>
 * <tr><td>covariance</td><td>m n</td><td>120 130</td><td>240 260</td></tr>
 * <tr><td>correlation</td><td>m n</td><td>120 130</td><td>240 260</td></tr>
 * <tr><td>doitgen</td><td>nr nq np</td><td>25 20 30</td><td>50 40 60</td></tr>
 * <tr><td>jacobi-1d</td><td>tsteps n</td><td>50 200</td><td>100 400</td></tr>
 * <tr><td>jacobi-2d</td><td>tsteps n</td><td>50 125</td><td>100 250</td></tr>
 * <tr><td>seidel-2d</td><td>tsteps n</td><td>50 200</td><td>100 400</td></tr>
 * <tr><td>fdtd-2d</td><td>tmax nx ny</td><td>50 100 120</td><td>100 200 240</td></tr>
 * <tr><td>heat-3d</td><td>tsteps n</td><td>50 20</td><td>100 40</td></tr>
 * <tr><td>floyd-warshall</td><td>n</td><td>250</td><td>500</td></tr>
 * <tr><td>nussinov</td><td>n</td><td>250</td><td>500</td></tr>
 * </table>
 */
public final class PolyBenchDriver {

    /** One kernel: its PolyBench name, its sizes, and the body that allocates, initialises, runs and sums it. */
    private record Kernel(String name, int[] small, int[] full, ToDoubleFunction<int[]> body) {
        double run(Size size) {
            return body.applyAsDouble(size == Size.SMALL ? small : full);
        }
    }

    private static final List<Kernel> KERNELS = List.of(
            new Kernel("gemm", sizes(100, 110, 120), sizes(200, 220, 240), d -> Gemm.run(d[0], d[1], d[2])),
            new Kernel("2mm", sizes(90, 95, 105, 110), sizes(180, 190, 210, 220),
                    d -> TwoMm.run(d[0], d[1], d[2], d[3])),
            new Kernel("3mm", sizes(90, 95, 100, 105, 110), sizes(180, 190, 200, 210, 220),
                    d -> ThreeMm.run(d[0], d[1], d[2], d[3], d[4])),
            new Kernel("atax", sizes(195, 205), sizes(390, 410), d -> Atax.run(d[0], d[1])),
            new Kernel("bicg", sizes(195, 205), sizes(390, 410), d -> Bicg.run(d[0], d[1])),
            new Kernel("mvt", sizes(200), sizes(400), d -> Mvt.run(d[0])),
            new Kernel("gesummv", sizes(125), sizes(250), d -> Gesummv.run(d[0])),
            new Kernel("gemver", sizes(200), sizes(400), d -> Gemver.run(d[0])),
            new Kernel("symm", sizes(100, 120), sizes(200, 240), d -> Symm.run(d[0], d[1])),
            new Kernel("syrk", sizes(120, 100), sizes(240, 200), d -> Syrk.run(d[0], d[1])),
            new Kernel("syr2k", sizes(120, 100), sizes(240, 200), d -> Syr2k.run(d[0], d[1])),
            new Kernel("trmm", sizes(100, 120), sizes(200, 240), d -> Trmm.run(d[0], d[1])),
            new Kernel("trisolv", sizes(200), sizes(400), d -> Trisolv.run(d[0])),
            new Kernel("lu", sizes(200), sizes(400), d -> Lu.run(d[0])),
            new Kernel("ludcmp", sizes(200), sizes(400), d -> Ludcmp.run(d[0])),
            new Kernel("cholesky", sizes(200), sizes(400), d -> Cholesky.run(d[0])),
            new Kernel("durbin", sizes(200), sizes(400), d -> Durbin.run(d[0])),
            new Kernel("gramschmidt", sizes(120, 100), sizes(200, 240), d -> Gramschmidt.run(d[0], d[1])),
            new Kernel("covariance", sizes(120, 130), sizes(240, 260), d -> Covariance.run(d[0], d[1])),
            new Kernel("correlation", sizes(120, 130), sizes(240, 260), d -> Correlation.run(d[0], d[1])),
            new Kernel("doitgen", sizes(25, 20, 30), sizes(50, 40, 60), d -> Doitgen.run(d[0], d[1], d[2])),
            new Kernel("jacobi-1d", sizes(50, 200), sizes(100, 400), d -> Jacobi1d.run(d[0], d[1])),
            new Kernel("jacobi-2d", sizes(50, 125), sizes(100, 250), d -> Jacobi2d.run(d[0], d[1])),
            new Kernel("seidel-2d", sizes(50, 200), sizes(100, 400), d -> Seidel2d.run(d[0], d[1])),
            new Kernel("fdtd-2d", sizes(50, 100, 120), sizes(100, 200, 240), d -> Fdtd2d.run(d[0], d[1], d[2])),
            new Kernel("heat-3d", sizes(50, 20), sizes(100, 40), d -> Heat3d.run(d[0], d[1])),
            new Kernel("floyd-warshall", sizes(250), sizes(500), d -> FloydWarshall.run(d[0])),
            new Kernel("nussinov", sizes(250), sizes(500), d -> Nussinov.run(d[0])));

    private PolyBenchDriver() {
    }

    /** {@code args}: the size ({@code small} or {@code full}, by default {@code full}), then optionally the kernels. */
    public static void main(String[] args) throws Exception {
        if (args.length > 2) {
            throw new IllegalArgumentException(
                    "expected at most two arguments (small|full, then kernel names), got " + args.length);
        }
        List<Kernel> selected = args.length == 2 ? select(args[1]) : KERNELS;
        String[] sizeOnly = args.length == 0 ? args : new String[] {args[0]};
        Driver.main(sizeOnly, size -> run(size, selected));
        System.err.println(lastKernelTimes);
    }

    /** Runs every kernel at {@code size} and returns the checksum line. */
    public static String run(Size size) {
        return run(size, KERNELS);
    }

    /** Runs the kernels named in the comma-separated {@code names} at {@code size} and returns the checksum line. */
    public static String run(Size size, String names) {
        return run(size, select(names));
    }

    /** The kernels' names, in the order the driver runs them. */
    public static List<String> kernelNames() {
        return KERNELS.stream().map(Kernel::name).toList();
    }

    private static String run(Size size, List<Kernel> kernels) {
        StringBuilder line = new StringBuilder("polybench");
        StringBuilder times = new StringBuilder(KERNEL_MS_PREFIX.strip());
        KernelTime.take();
        for (Kernel kernel : kernels) {
            line.append(' ').append(kernel.name()).append('=').append(kernel.run(size));
            times.append(' ').append(kernel.name()).append('=').append(KernelTime.take() / 1e6);
        }
        lastKernelTimes = times.toString();
        return line.toString();
    }

    /**
     * Prefix of the stderr line {@link #main} prints after the work: each kernel's own time in
     * milliseconds ({@link KernelTime}), {@code NAME=MS} separated by spaces.
     */
    public static final String KERNEL_MS_PREFIX = "loupe-bench kernel-ms ";
    private static String lastKernelTimes;

    /** The kernels named in the comma-separated {@code names}, in the driver's order; an unknown name fails. */
    private static List<Kernel> select(String names) {
        List<String> wanted = new ArrayList<>();
        for (String name : names.split(",")) {
            String trimmed = name.strip();
            if (!kernelNames().contains(trimmed)) {
                throw new IllegalArgumentException("unknown kernel '" + trimmed + "' (known: "
                        + String.join(",", kernelNames()) + ")");
            }
            wanted.add(trimmed);
        }
        return KERNELS.stream().filter(k -> wanted.contains(k.name())).toList();
    }

    private static int[] sizes(int... dimensions) {
        return dimensions;
    }
}
