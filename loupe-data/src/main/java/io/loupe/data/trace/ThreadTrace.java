package io.loupe.data.trace;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * What a trace file holds of one thread: its name, its dictionary (terminal {@code t} stands for
 * event {@code dictionary()[t]}, a {@link TraceEvent}), and its chunks in order.
 */
public final class ThreadTrace {

    private final int index;
    private final String name;
    private long[] dictionary = new long[64];
    private int terminals;
    private final List<TraceChunk> chunks = new ArrayList<>();

    public ThreadTrace(int index, String name) {
        this.index = index;
        this.name = name;
    }

    /** The thread's number in the file (the order threads first wrote). */
    public int index() {
        return index;
    }

    public String name() {
        return name;
    }

    /** Appends the event of the next terminal. */
    public void define(long event) {
        if (terminals == dictionary.length) {
            dictionary = java.util.Arrays.copyOf(dictionary, terminals * 2);
        }
        dictionary[terminals++] = event;
    }

    /** Terminals defined so far. */
    public int terminals() {
        return terminals;
    }

    /** The event terminal {@code t} stands for. */
    public long event(int t) {
        if (t < 0 || t >= terminals) {
            throw new IllegalArgumentException("terminal " + t + " is not in the dictionary of thread " + name);
        }
        return dictionary[t];
    }

    public void add(TraceChunk chunk) {
        chunks.add(chunk);
    }

    public List<TraceChunk> chunks() {
        return Collections.unmodifiableList(chunks);
    }

    /** Events recorded, over every chunk. */
    public long events() {
        long n = 0;
        for (TraceChunk c : chunks) {
            n += c.events();
        }
        return n;
    }

    /** Rules over every chunk's grammar, their start rules included. */
    public long rules() {
        long n = 0;
        for (TraceChunk c : chunks) {
            n += c.grammar().rules();
        }
        return n;
    }

    /** Symbols on the right-hand sides of every chunk's grammar. */
    public long symbols() {
        long n = 0;
        for (TraceChunk c : chunks) {
            n += c.grammar().symbols();
        }
        return n;
    }

    /** Bytes of the thread's chunks in the file. */
    public long compressedBytes() {
        long n = 0;
        for (TraceChunk c : chunks) {
            n += c.bytes();
        }
        return n;
    }

    /** Hands every event of the thread, in order, to {@code out}, expanding the chunks one by one. */
    public void forEachEvent(LongConsumer out) {
        for (TraceChunk c : chunks) {
            c.grammar().expand(t -> out.accept(event(t)));
        }
    }
}
