package io.loupe.data.format;

import io.loupe.data.meta.MethodMeta;
import io.loupe.data.trace.Grammar;
import io.loupe.data.trace.MethodFlow;
import io.loupe.data.trace.MethodOps;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;

/**
 * Appends a whole-program trace to its file while the program runs (docs/trace.md, <i>The
 * file</i>). The file is the magic {@code LOUPETRC} and a version, then blocks as the profile
 * format has them (type byte, varint payload length, payload, CRC32 of type, length and payload;
 * the first block's also covers magic and version):
 *
 * <pre>
 * HEADER   agent options, Loupe's version, start time (ms since the epoch)      first, once
 * METHODS  method metadata, as in a profile, each method's blocks that may      before the first event of each method
 *          throw and its ops (MethodOps: variables, then per op the
 *          instruction delta, kind, operand, name, line, anchor; then its
 *          flow, MethodFlow: locals, stack, names, per instruction the
 *          effect, line delta, target, per block its control dependences;
 *          then its first heap access site)
 * THREAD   thread number, name                                                 before the thread's first chunk
 * CHUNK    thread number, events, the dictionary's new events, a grammar       as each chunk fills
 * END      stats, warnings                                                     last, at a clean exit
 * </pre>
 *
 * A grammar is its rule count, then per rule the body length and the body's symbols, zig-zag
 * varints (a terminal {@code t ≥ 0}, rule {@code r} as {@code -(r + 1)}). Each block goes to the
 * operating system as soon as it is whole, so a JVM killed at any moment leaves every block
 * written before it: the reader stops at the first one that is not whole and keeps the rest.
 * Not thread-safe: the runtime calls it under its own lock.
 */
public final class TraceWriter implements Closeable {

    private final OutputStream stream;
    private final CompactDataOutput out;
    private final ByteArrayOutputStream payloadBytes = new ByteArrayOutputStream(1 << 16);
    private final CompactDataOutput payload = new CompactDataOutput(payloadBytes);
    private boolean first = true;

    private TraceWriter(OutputStream stream) {
        this.stream = stream;
        this.out = new CompactDataOutput(stream);
    }

    /** Creates (or empties) {@code file} and writes the magic, the version and the header block. */
    public static TraceWriter create(Path file, String options, String version, long startMillis) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
        TraceWriter w = new TraceWriter(Channels.newOutputStream(channel));
        w.out.writeBytes(TraceFormat.MAGIC);
        w.out.writeShort(TraceFormat.VERSION);
        w.payload.writeString(options);
        w.payload.writeString(version);
        w.payload.writeVarLong(startMillis);
        w.block(TraceFormat.HEADER);
        return w;
    }

    /** Bytes written so far. */
    public long size() {
        return out.size();
    }

    /**
     * Describes {@code methods}, each with the blocks that may throw ({@code throwing}) and what
     * its instructions do to locals and the heap ({@code ops}), in the same order.
     */
    public void methods(List<MethodMeta> methods, List<int[]> throwing, List<MethodOps> ops) throws IOException {
        for (int from = 0; from < methods.size(); from += TraceFormat.METHODS_PER_BLOCK) {
            int to = Math.min(methods.size(), from + TraceFormat.METHODS_PER_BLOCK);
            payload.writeVarInt(to - from);
            for (int i = from; i < to; i++) {
                MethodCodec.write(payload, methods.get(i));
                payload.writeIntArray(throwing.get(i));
                writeOps(ops.get(i));
            }
            block(TraceFormat.METHODS);
        }
    }

    private void writeOps(MethodOps ops) throws IOException {
        payload.writeVarInt(ops.variables().size());
        for (String v : ops.variables()) {
            payload.writeString(v);
        }
        payload.writeVarInt(ops.size());
        int prev = 0;
        for (int i = 0; i < ops.size(); i++) {
            payload.writeVarInt(ops.insns()[i] - prev);
            prev = ops.insns()[i];
            payload.writeVarInt(ops.kinds()[i]);
            payload.writeVarInt(ops.operands()[i]);
            payload.writeZigZagInt(ops.names()[i]);
            payload.writeZigZagInt(ops.lines()[i]);
            payload.writeZigZagInt(ops.anchors()[i]);
        }
        writeFlow(ops.flow());
        payload.writeZigZagInt(ops.heapSites());
    }

    private void writeFlow(MethodFlow flow) throws IOException {
        payload.writeVarInt(flow.locals());
        payload.writeVarInt(flow.stack());
        payload.writeVarInt(flow.names().size());
        for (String name : flow.names()) {
            payload.writeString(name);
        }
        payload.writeVarInt(flow.size());
        int line = 0;
        for (int i = 0; i < flow.size(); i++) {
            payload.writeVarInt(flow.effects()[i]);
            payload.writeZigZagInt(flow.lines()[i] - line);
            line = flow.lines()[i];
            payload.writeZigZagInt(flow.targets()[i]);
        }
        payload.writeVarInt(flow.control().length);
        for (int[] parents : flow.control()) {
            payload.writeVarInt(parents.length);
            for (int b : parents) {
                payload.writeVarInt(b);
            }
        }
    }

    /** Names thread {@code index}. */
    public void thread(int index, String name) throws IOException {
        payload.writeVarInt(index);
        payload.writeString(name);
        block(TraceFormat.THREAD);
    }

    /**
     * One chunk of thread {@code thread}: {@code events} terminals that {@code grammar} derives,
     * and the events of the terminals the thread's dictionary gained since its last chunk,
     * {@code added[0 .. addedCount)}.
     *
     * @return the block's size in bytes
     */
    public long chunk(int thread, long events, long[] added, int addedCount, Grammar grammar) throws IOException {
        long before = out.size();
        payload.writeVarInt(thread);
        payload.writeVarLong(events);
        payload.writeVarInt(addedCount);
        for (int i = 0; i < addedCount; i++) {
            payload.writeVarLong(added[i]);
        }
        payload.writeVarInt(grammar.rules());
        for (int r = 0; r < grammar.rules(); r++) {
            int[] body = grammar.body(r);
            payload.writeVarInt(body.length);
            for (int s : body) {
                payload.writeZigZagInt(s);
            }
        }
        block(TraceFormat.CHUNK);
        return out.size() - before;
    }

    /** The end of a run that ended cleanly. */
    public void end(Map<String, Long> stats, List<String> warnings) throws IOException {
        payload.writeVarInt(stats.size());
        for (Map.Entry<String, Long> e : stats.entrySet()) {
            payload.writeString(e.getKey());
            payload.writeZigZagLong(e.getValue());
        }
        payload.writeVarInt(warnings.size());
        for (String w : warnings) {
            payload.writeString(w);
        }
        block(TraceFormat.END);
    }

    @Override
    public void close() throws IOException {
        out.flush();
        stream.close();
    }

    /** Writes the payload gathered so far as one block of {@code type} and hands it to the OS. */
    private void block(int type) throws IOException {
        payload.flush();
        byte[] bytes = payloadBytes.toByteArray();
        payloadBytes.reset();
        payload.reset();
        out.beginChecksum(first ? TraceFormat.coveredByFirstBlock() : new byte[0]);
        first = false;
        out.writeByte(type);
        out.writeVarLong(bytes.length);
        out.writeBytes(bytes);
        out.writeFixedInt(out.endChecksum());
        out.flush();
    }
}
