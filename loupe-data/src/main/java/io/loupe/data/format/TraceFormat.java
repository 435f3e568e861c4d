package io.loupe.data.format;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** The constants of the trace file, shared by {@link TraceWriter} and {@link TraceReader}. */
final class TraceFormat {

    static final byte[] MAGIC = "LOUPETRC".getBytes(StandardCharsets.US_ASCII);
    /**
     * 6: with checks, static field accesses are checked too (one location each, but shared between threads);
     * 5: checks name a generation by the heap access site that began it and its instance, and each
     * method's ops carry their first site; 4: each method's ops carry its flow (MethodFlow, what a slice replays); 3: each op carries its anchor (a free load's earlier access, or -1); 2: each method's ops
     * (MethodOps) follow its blocks that may throw; 1 had none.
     */
    static final int VERSION = 6;

    static final int HEADER = 0x01;
    static final int METHODS = 0x02;
    static final int THREAD = 0x03;
    static final int CHUNK = 0x04;
    static final int END = 0xFF;

    static final int METHODS_PER_BLOCK = 1024;

    private TraceFormat() {
    }

    /** The magic and the version, which the first block's checksum covers too: this writer's. */
    static byte[] coveredByFirstBlock() {
        return coveredByFirstBlock(VERSION);
    }

    /** The magic and {@code version}, as a file of that version's first block's checksum covers them. */
    static byte[] coveredByFirstBlock(int version) {
        byte[] b = Arrays.copyOf(MAGIC, MAGIC.length + 2);
        b[MAGIC.length] = (byte) (version >>> 8);
        b[MAGIC.length + 1] = (byte) version;
        return b;
    }

    static String label(int type) {
        return switch (type) {
            case HEADER -> "header";
            case METHODS -> "methods";
            case THREAD -> "thread";
            case CHUNK -> "chunk";
            case END -> "end";
            default -> String.format("0x%02x", type);
        };
    }

    /** True if {@code file}'s first bytes are a trace's magic. */
    static boolean isMagic(byte[] first) {
        return first.length >= MAGIC.length && Arrays.equals(Arrays.copyOf(first, MAGIC.length), MAGIC);
    }
}
