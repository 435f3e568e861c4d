package io.loupe.runtime.trace;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The naive block tracer ({@code profile=blocktrace}): records, per thread, every method
 * activation and every basic block it enters, with no numbering and no cleverness. It is the
 * independent oracle that path profiles are checked against, and a debugging aid for small
 * programs; its trace grows with the run, so it is not meant for long ones.
 *
 * <p>Text output, one event per line, per thread: {@code T name}, then {@code A act method}
 * (activation {@code act} of method id {@code method} begins), {@code B act block},
 * {@code L act} (the activation is about to return or throw normally).
 */
public final class BlockTrace {

    private static final List<BlockTrace> ALL = new ArrayList<>();
    private static final ThreadLocal<BlockTrace> CURRENT = ThreadLocal.withInitial(BlockTrace::create);

    private final String thread;
    private long[] events = new long[1024];
    private int size;
    private int activations;

    private BlockTrace(String thread) {
        this.thread = thread;
    }

    private static BlockTrace create() {
        BlockTrace t = new BlockTrace(Thread.currentThread().getName());
        synchronized (ALL) {
            ALL.add(t);
        }
        return t;
    }

    /** A method activation begins; returns its number for the activation's later events. */
    public static int activation(int methodId) {
        BlockTrace t = CURRENT.get();
        int act = t.activations++;
        t.add('A', act, methodId);
        return act;
    }

    /** Activation {@code act} enters block {@code block}. */
    public static void block(int act, int block) {
        CURRENT.get().add('B', act, block);
    }

    /** Activation {@code act} is about to return or throw. */
    public static void leave(int act) {
        CURRENT.get().add('L', act, 0);
    }

    private void add(char kind, int act, int value) {
        if (size + 2 > events.length) {
            events = java.util.Arrays.copyOf(events, events.length * 2);
        }
        events[size++] = ((long) kind << 32) | (act & 0xffffffffL);
        events[size++] = value;
    }

    /** Writes every thread's events to {@code file}. */
    public static void write(Path file) throws IOException {
        List<BlockTrace> all;
        synchronized (ALL) {
            all = new ArrayList<>(ALL);
        }
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (BlockTrace t : all) {
                w.write("T " + t.thread + "\n");
                long[] e = t.events;
                int n = Math.min(t.size, e.length) & ~1;
                for (int i = 0; i < n; i += 2) {
                    char kind = (char) (e[i] >>> 32);
                    int act = (int) e[i];
                    w.write(kind == 'L' ? "L " + act + "\n" : kind + " " + act + " " + e[i + 1] + "\n");
                }
            }
        }
    }

    /** True if any thread recorded anything. */
    public static boolean used() {
        synchronized (ALL) {
            return !ALL.isEmpty();
        }
    }
}
