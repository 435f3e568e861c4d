package io.loupe.bench;

import io.loupe.analysis.recovery.DependenceRecovery;
import io.loupe.analysis.trace.TraceCompaction;
import io.loupe.data.format.TraceReader;
import io.loupe.data.trace.ThreadTrace;
import io.loupe.data.trace.Trace;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The sizes of whole-program traces, against general-purpose compressors as honest baselines, and
 * what recovering their dependences takes. For each trace file given (kept by the harness with
 * {@code --keep-profiles DIR} under the {@code trace} or {@code trace-addr} configuration), one
 * Markdown row: events; raw bytes (8 per event, the runtime's encoding); the file's bytes (with its
 * metadata: methods, ops, flow); the bytes of the online
 * grammars' chunks (Sequitur) and of the enhanced Sequitur's ({@code loupe trace compact}: Re-Pair,
 * written to a temporary file); {@code zstd -19} and {@code xz -9} of the same raw event stream
 * (each thread's events, 8 bytes little-endian, threads one after the other; a compressor that is
 * not installed gives "-"); and the seconds the dependence recovery took ({@link DependenceRecovery},
 * in this JVM) with the dependences it found.
 *
 * <p>Run: {@code java -cp loupe-bench/target/classes:$(cat loupe-bench/target/bench.classpath)
 * io.loupe.bench.TraceSizes [--max-raw-mb N] FILE...}: with {@code --max-raw-mb}, the general-purpose
 * compressors run only on traces of at most N MiB of raw events ({@code xz -9} takes about 20
 * minutes for 2 GiB on one core), and the row says "not run" for the others.
 */
public final class TraceSizes {

    private TraceSizes() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            System.err.println("usage: TraceSizes TRACE...");
            System.exit(2);
        }
        long maxRaw = Long.MAX_VALUE;
        List<String> files = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--max-raw-mb")) {
                maxRaw = Long.parseLong(args[++i]) << 20;
            } else {
                files.add(args[i]);
            }
        }
        System.out.println("| trace | events | raw bytes | file bytes | Sequitur | Re-Pair | zstd -19 | xz -9 | Re-Pair s | recovery s | dependences |");
        System.out.println("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
        for (String a : files) {
            System.out.println(row(Path.of(a), maxRaw));
        }
    }

    /** One trace's row; {@code zstd} and {@code xz} only up to {@code maxRaw} bytes of raw events (else "not run"). */
    private static String row(Path file, long maxRaw) throws Exception {
        Trace t = TraceReader.read(file);
        Path dir = Files.createTempDirectory("loupe-trace-sizes");
        try {
            String zstd = "not run";
            String xz = "not run";
            if (t.rawBytes() <= maxRaw) {
                Path raw = dir.resolve("events.raw");
                writeRaw(t, raw);
                zstd = compressed(List.of("zstd", "-19", "-q", "-c", raw.toString()), dir.resolve("z"));
                xz = compressed(List.of("xz", "-9", "-c", raw.toString()), dir.resolve("x"));
                Files.delete(raw);
            }
            Path compact = dir.resolve("compact.trace");
            long start = System.nanoTime();
            TraceCompaction.compact(t, compact, "bench");
            double repairSeconds = (System.nanoTime() - start) / 1e9;
            long repair = TraceReader.read(compact).compressedBytes();
            start = System.nanoTime();
            DependenceRecovery.Recovery r = DependenceRecovery.recover(t);
            double recoverySeconds = (System.nanoTime() - start) / 1e9;
            return String.format(Locale.ROOT, "| %s | %,d | %,d | %,d | %,d | %,d | %s | %s | %.1f | %.1f | %,d |",
                    file.getFileName(), t.events(), t.rawBytes(), t.fileBytes(), t.compressedBytes(), repair, zstd, xz, repairSeconds,
                    recoverySeconds, r.dependences().size());
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : files.toList()) {
                    Files.delete(p);
                }
            }
            Files.delete(dir);
        }
    }

    /** Every thread's events, 8 bytes each, little-endian. */
    private static void writeRaw(Trace t, Path raw) throws IOException {
        try (OutputStream os = new BufferedOutputStream(Files.newOutputStream(raw), 1 << 16)) {
            byte[] b = new byte[8];
            for (ThreadTrace th : t.threads()) {
                IOException[] failed = new IOException[1];
                th.forEachEvent(e -> {
                    for (int i = 0; i < 8; i++) {
                        b[i] = (byte) (e >>> (8 * i));
                    }
                    try {
                        os.write(b);
                    } catch (IOException ex) {
                        failed[0] = ex;
                    }
                });
                if (failed[0] != null) {
                    throw failed[0];
                }
            }
        }
    }

    /** The size of what {@code command} writes to its standard output, or "-" if it cannot run. */
    private static String compressed(List<String> command, Path out) throws InterruptedException {
        try {
            Process p = new ProcessBuilder(new ArrayList<>(command)).redirectOutput(out.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            if (p.waitFor() != 0) {
                return "-";
            }
            return String.format(Locale.ROOT, "%,d", Files.size(out));
        } catch (IOException e) {
            return "-";
        }
    }
}
