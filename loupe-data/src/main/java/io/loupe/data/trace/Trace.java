package io.loupe.data.trace;

import io.loupe.data.meta.MethodMeta;

import java.util.List;
import java.util.Map;

/**
 * A whole-program trace as read from its file: the metadata of the methods it names, each
 * thread's chunks, and what the end of the run added (stats and warnings). A trace whose run was
 * killed is {@linkplain #complete() incomplete}: it holds every chunk written before the first
 * damaged or missing block, and {@link #problem()} says what stopped the reader.
 *
 * @param options  the agent options of the run
 * @param methods  method metadata by id (an id the file does not describe is null)
 * @param throwing by method id, the blocks that may throw, in increasing order
 * @param ops      by method id, what its instructions do to locals and the heap ({@link MethodOps#NONE} in a trace of format 1)
 * @param threads  in the order they first wrote a chunk
 * @param problem  null for a complete trace
 * @param fileBytes the bytes read: the whole file, or its readable prefix when incomplete
 * @param version  the trace format the file was written in
 */
public record Trace(String options, List<MethodMeta> methods, List<int[]> throwing, List<MethodOps> ops, List<ThreadTrace> threads, Map<String, Long> stats,
                    List<String> warnings, boolean complete, String problem, long fileBytes, int version) {

    /** Events over every thread. */
    public long events() {
        return threads.stream().mapToLong(ThreadTrace::events).sum();
    }

    /** The events' size uncompressed: 8 bytes each, the runtime's own encoding. */
    public long rawBytes() {
        return events() * Long.BYTES;
    }

    /** Bytes of every chunk in the file. */
    public long compressedBytes() {
        return threads.stream().mapToLong(ThreadTrace::compressedBytes).sum();
    }

    /** The blocks of method {@code id} that may throw, in increasing order (empty if unknown). */
    public int[] throwingBlocks(int id) {
        int[] t = id >= 0 && id < throwing.size() ? throwing.get(id) : null;
        return t != null ? t : new int[0];
    }

    /** What the instructions of method {@code id} do to locals and the heap ({@link MethodOps#NONE} if unknown). */
    public MethodOps ops(int id) {
        MethodOps o = id >= 0 && id < ops.size() ? ops.get(id) : null;
        return o != null ? o : MethodOps.NONE;
    }

    /** What the run recorded of heap accesses: checks, addresses (the CF + address trace) or nothing. */
    public HeapEvents heapEvents() {
        return HeapEvents.ofOptions(options);
    }

    /**
     * True if the trace checks static field accesses too: a trace with checks of format 6 on
     * (before, their stores and loads were left to the control flow, which cannot order two threads).
     */
    public boolean staticsChecked() {
        return heapEvents() == HeapEvents.CHECKS && version >= 6;
    }

    /** True if op {@code i} of method {@code id} has a check or its address events ({@link MethodOps#checked(int, boolean)}). */
    public boolean checked(int id, int i) {
        return ops(id).checked(i, staticsChecked());
    }

    /** True if the run recorded heap addresses ({@code trace.heap=addresses}): the CF + address trace. */
    public boolean addresses() {
        return heapEvents() == HeapEvents.ADDRESSES;
    }

    /** The metadata of method {@code id}, or null. */
    public MethodMeta method(int id) {
        return id >= 0 && id < methods.size() ? methods.get(id) : null;
    }
}
