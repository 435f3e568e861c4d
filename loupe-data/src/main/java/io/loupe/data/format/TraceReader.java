package io.loupe.data.format;

import io.loupe.data.meta.MethodMeta;
import io.loupe.data.trace.Grammar;
import io.loupe.data.trace.MethodFlow;
import io.loupe.data.trace.MethodOps;
import io.loupe.data.trace.ThreadTrace;
import io.loupe.data.trace.Trace;
import io.loupe.data.trace.TraceChunk;
import io.loupe.data.trace.TraceEvent;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;

/**
 * Reads a trace file written by {@link TraceWriter}. A file that is not a trace (no magic, a newer
 * version, a damaged header) is refused with a one-line {@link ProfileFormatException}. Past the
 * header the reader keeps every whole block and stops at the first that is not — cut short by a
 * killed JVM, or damaged — and the trace says so ({@link Trace#complete()}, {@link Trace#problem()}).
 * A chunk must hold together: its thread named before it, its terminals in the dictionary, its
 * grammar without cycles, deriving as many events as it says; events of kinds the format defines.
 */
public final class TraceReader {

    private final CompactDataInput in;
    private String options;
    private final List<MethodMeta> methods = new ArrayList<>();
    private final List<int[]> throwing = new ArrayList<>();
    private final List<MethodOps> ops = new ArrayList<>();
    private int version;
    private final Map<Integer, ThreadTrace> threads = new LinkedHashMap<>();
    private final List<ThreadTrace> writing = new ArrayList<>();   // in the order of their first chunk
    private final Map<String, Long> stats = new LinkedHashMap<>();
    private final List<String> warnings = new ArrayList<>();

    private TraceReader(CompactDataInput in) {
        this.in = in;
    }

    /** True if {@code file} starts with a trace's magic. */
    public static boolean isTrace(Path file) throws IOException {
        try (InputStream s = Files.newInputStream(file)) {
            return TraceFormat.isMagic(s.readNBytes(TraceFormat.MAGIC.length));
        }
    }

    public static Trace read(Path file) throws IOException {
        try (InputStream stream = Files.newInputStream(file)) {
            long size = Files.isRegularFile(file) ? Files.size(file) : -1;
            return new TraceReader(new CompactDataInput(stream, file.toString(), size)).readTrace();
        }
    }

    private Trace readTrace() throws IOException {
        readMagicAndVersion();
        readBlock(true);   // the header: a file without one is not a trace
        String problem = null;
        boolean complete = false;
        long whole = in.position();   // bytes up to the last whole block
        while (true) {
            if (in.atEof()) {
                problem = "the trace ends without its end block: the run did not end cleanly";
                break;
            }
            try {
                boolean more = readBlock(false);
                whole = in.position();
                if (!more) {
                    complete = true;
                    if (!in.atEof()) {
                        problem = "unexpected data after the end block";
                        complete = false;
                    }
                    break;
                }
            } catch (ProfileFormatException e) {
                problem = e.getMessage() + "; the blocks before it are read";
                break;
            }
        }
        List<MethodMeta> byId = new ArrayList<>();
        List<int[]> throwingById = new ArrayList<>();
        List<MethodOps> opsById = new ArrayList<>();
        for (int i = 0; i < methods.size(); i++) {
            MethodMeta m = methods.get(i);
            while (byId.size() <= m.id()) {
                byId.add(null);
                throwingById.add(null);
                opsById.add(null);
            }
            byId.set(m.id(), m);
            throwingById.set(m.id(), throwing.get(i));
            opsById.set(m.id(), ops.get(i));
        }
        return new Trace(options, Collections.unmodifiableList(byId), Collections.unmodifiableList(throwingById),
                Collections.unmodifiableList(opsById),
                Collections.unmodifiableList(writing),
                Collections.unmodifiableMap(stats), Collections.unmodifiableList(warnings), complete, problem, whole, version);
    }

    private void readMagicAndVersion() throws IOException {
        if (in.atEof()) {
            throw in.fail("empty file");
        }
        for (byte b : TraceFormat.MAGIC) {
            if (in.atEof()) {
                throw in.fail("truncated");
            }
            if (in.readUnsignedByte() != (b & 0xFF)) {
                throw in.fail("not a Loupe trace (bad magic)");
            }
        }
        version = in.readUnsignedShort();
        if (version > TraceFormat.VERSION) {
            throw in.fail("written by a newer Loupe (trace format " + version + "; this reader reads up to "
                    + TraceFormat.VERSION + ")");
        }
        if (version < 1) {
            throw in.fail("unsupported trace format version " + version);
        }
    }

    /** Reads one block; false after the end block. Blocks take effect only once their checksum holds. */
    private boolean readBlock(boolean header) throws IOException {
        long start = in.position();
        int type = in.beginBlock(header ? TraceFormat.coveredByFirstBlock(version) : new byte[0]);
        in.enterPayload(TraceFormat.label(type));
        LongConsumer effect;
        try {
            if (header != (type == TraceFormat.HEADER)) {
                in.skipPayload();
                in.verifyChecksum();
                throw in.fail(header ? "the first block is not the header" : "a second header block");
            }
            effect = decode(type);
            in.expectPayloadEnd();
        } catch (ProfileFormatException e) {
            in.skipPayload();
            in.verifyChecksum();
            throw e;
        } catch (RuntimeException e) {
            ProfileFormatException problem = in.corrupt(e.getMessage() == null ? e.toString() : e.getMessage());
            in.skipPayload();
            in.verifyChecksum();
            throw problem;
        }
        in.verifyChecksum();
        effect.accept(in.position() - start);
        return type != TraceFormat.END;
    }

    /** A method's ops (format 2 on): its variables, then each op relative to the one before. */
    private MethodOps readOps(MethodMeta m) throws IOException {
        int nv = in.readCount();
        List<String> variables = new ArrayList<>(nv);
        for (int i = 0; i < nv; i++) {
            variables.add(in.readString());
        }
        int n = in.readCount();
        int[] insns = new int[n];
        byte[] kinds = new byte[n];
        int[] operands = new int[n];
        int[] names = new int[n];
        int[] lines = new int[n];
        int[] anchors = new int[n];
        int insn = 0;
        for (int i = 0; i < n; i++) {
            insn += in.readVarInt();
            insns[i] = insn;
            int kind = in.readVarInt();
            if (kind < MethodOps.LOCAL_LOAD || kind > MethodOps.UNSEEN_FIELD_STORE) {
                throw in.corrupt("method " + m.id() + " has an op of unknown kind " + kind);
            }
            kinds[i] = (byte) kind;
            operands[i] = in.readVarInt();
            names[i] = in.readZigZagInt();
            lines[i] = in.readZigZagInt();
            anchors[i] = version >= 3 ? in.readZigZagInt() : MethodOps.NO_ANCHOR;
            boolean local = MethodOps.local(kinds[i]);
            if (!local && operands[i] >= nv || names[i] >= nv || names[i] < -1) {
                throw in.corrupt("method " + m.id() + " has an op naming no variable");
            }
        }
        try {
            MethodFlow flow = version >= 4 ? readFlow(m) : MethodFlow.NONE;
            int sites = version >= 5 ? in.readZigZagInt() : -1;
            return new MethodOps(insns, kinds, operands, names, lines, variables, anchors, flow, sites);
        } catch (IllegalArgumentException e) {
            throw in.corrupt("method " + m.id() + ": " + e.getMessage());
        }
    }

    /** A method's flow (format 4 on): its sizes and names, per instruction, per block. */
    private MethodFlow readFlow(MethodMeta m) throws IOException {
        int locals = in.readVarInt();
        int stack = in.readVarInt();
        int nn = in.readCount();
        List<String> names = new ArrayList<>(nn);
        for (int i = 0; i < nn; i++) {
            names.add(in.readString());
        }
        int n = in.readCount();
        int[] effects = new int[n];
        int[] lines = new int[n];
        int[] targets = new int[n];
        int line = 0;
        for (int i = 0; i < n; i++) {
            effects[i] = in.readVarInt();
            line += in.readZigZagInt();
            lines[i] = line;
            targets[i] = in.readZigZagInt();
        }
        int nb = in.readCount();
        if (n > 0 && nb != m.blocks().size()) {
            throw in.corrupt("method " + m.id() + " has flow for " + nb + " blocks, not " + m.blocks().size());
        }
        int[][] control = new int[nb][];
        for (int b = 0; b < nb; b++) {
            control[b] = new int[in.readCount()];
            for (int k = 0; k < control[b].length; k++) {
                control[b][k] = in.readVarInt();
                if (control[b][k] >= nb) {
                    throw in.corrupt("method " + m.id() + " has a control dependence on no block");
                }
            }
        }
        return new MethodFlow(effects, lines, targets, names, control, locals, stack);
    }

    private LongConsumer decode(int type) throws IOException {
        switch (type) {
            case TraceFormat.HEADER -> {
                String opts = in.readString();
                in.readString();   // Loupe's version
                in.readVarLong();  // start time
                return bytes -> options = opts;
            }
            case TraceFormat.METHODS -> {
                int n = in.readCount();
                List<MethodMeta> block = new ArrayList<>();
                List<int[]> blockThrowing = new ArrayList<>();
                List<MethodOps> blockOps = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    MethodMeta m = MethodCodec.read(in);
                    int[] t = in.readIntArray();
                    for (int b : t) {
                        if (b < 0 || b >= m.blocks().size()) {
                            throw in.corrupt("method " + m.id() + " has no block " + b);
                        }
                    }
                    block.add(m);
                    blockThrowing.add(t);
                    blockOps.add(version >= 2 ? readOps(m) : MethodOps.NONE);
                }
                return bytes -> {
                    methods.addAll(block);
                    throwing.addAll(blockThrowing);
                    ops.addAll(blockOps);
                };
            }
            case TraceFormat.THREAD -> {
                int index = in.readVarInt();
                String name = in.readString();
                if (threads.containsKey(index)) {
                    throw in.corrupt("thread " + index + " named twice");
                }
                return bytes -> threads.put(index, new ThreadTrace(index, name));
            }
            case TraceFormat.CHUNK -> {
                return chunk();
            }
            case TraceFormat.END -> {
                Map<String, Long> s = new LinkedHashMap<>();
                int n = in.readCount();
                for (int i = 0; i < n; i++) {
                    s.put(in.readString(), in.readZigZagLong());
                }
                List<String> w = new ArrayList<>();
                n = in.readCount();
                for (int i = 0; i < n; i++) {
                    w.add(in.readString());
                }
                return bytes -> {
                    stats.putAll(s);
                    warnings.addAll(w);
                };
            }
            default -> throw in.corrupt("unknown block type " + TraceFormat.label(type));
        }
    }

    private LongConsumer chunk() throws IOException {
        int index = in.readVarInt();
        ThreadTrace thread = threads.get(index);
        if (thread == null) {
            throw in.corrupt("a chunk of thread " + index + ", which no block named");
        }
        long events = in.readVarLong();
        int added = in.readCount();
        long[] definitions = new long[added];
        for (int i = 0; i < added; i++) {
            definitions[i] = in.readVarLong();
            if (!TraceEvent.valid(definitions[i])) {
                throw in.corrupt("an event of unknown kind " + TraceEvent.kind(definitions[i]));
            }
        }
        int terminals = thread.terminals() + added;
        int rules = in.readCount();
        if (rules == 0) {
            throw in.corrupt("a grammar without a start rule");
        }
        int[][] bodies = new int[rules][];
        for (int r = 0; r < rules; r++) {
            int[] body = new int[in.readCount()];
            for (int i = 0; i < body.length; i++) {
                int s = in.readZigZagInt();
                if (Grammar.isRule(s) ? Grammar.ruleOf(s) >= rules : s >= terminals) {
                    throw in.corrupt("symbol " + s + " of rule " + r + " is neither a rule nor a terminal");
                }
                body[i] = s;
            }
            bodies[r] = body;
        }
        Grammar grammar = new Grammar(bodies);
        long derived = grammar.lengths()[0];   // throws on a cycle
        if (derived != events) {
            throw in.corrupt("the grammar derives " + derived + " events, the chunk says " + events);
        }
        return bytes -> {
            for (long d : definitions) {
                thread.define(d);
            }
            if (!writing.contains(thread)) {
                writing.add(thread);
            }
            thread.add(new TraceChunk(events, grammar, bytes));
        };
    }
}
