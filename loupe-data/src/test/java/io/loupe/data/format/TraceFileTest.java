package io.loupe.data.format;

import io.loupe.data.meta.BlockMeta;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.trace.MethodOps;
import io.loupe.data.trace.Sequitur;
import io.loupe.data.trace.ThreadTrace;
import io.loupe.data.trace.Trace;
import io.loupe.data.trace.TraceEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TraceFileTest {

    private static final int CHUNK = 300;

    /** Writes {@code events} as the runtime does: one dictionary, chunks of {@link #CHUNK} events. Returns chunk ends. */
    private static List<Long> write(Path file, long[] events) throws IOException {
        List<Long> ends = new ArrayList<>();
        try (TraceWriter w = TraceWriter.create(file, "profile=trace", "test", 0)) {
            MethodMeta m = new MethodMeta(3, "C", "m", "()V", null, List.of(new BlockMeta(0, 0, new int[] {7}, false)),
                    List.of(), List.of(), 1, 0, MethodMeta.Storage.ARRAY);
            w.methods(List.of(m), List.of(new int[] {0}), List.of(new MethodOps.Builder()
                    .local(0, MethodOps.LOCAL_STORE, 1, "i", 7).heap(2, MethodOps.ARRAY_LOAD, "int[]", 8)
                    .local(3, MethodOps.LOCAL_INC, 1, null, 8).build()));
            w.thread(0, "main");
            Map<Long, Integer> dictionary = new HashMap<>();
            long[] added = new long[events.length];
            int addedCount = 0;
            Sequitur g = new Sequitur();
            for (int i = 0; i < events.length; i++) {
                Integer t = dictionary.get(events[i]);
                if (t == null) {
                    t = dictionary.size();
                    dictionary.put(events[i], t);
                    added[addedCount++] = events[i];
                }
                g.append(t);
                if (g.length() == CHUNK || i == events.length - 1) {
                    w.chunk(0, g.length(), added, addedCount, g.grammar());
                    ends.add(w.size());
                    addedCount = 0;
                    g = new Sequitur();
                }
            }
            w.end(Map.of("trace.events", (long) events.length), List.of("a warning"));
        }
        return ends;
    }

    private static long[] events(int n, long seed) {
        Random r = new Random(seed);
        long[] e = new long[n];
        for (int i = 0; i < n; i++) {
            e[i] = TraceEvent.of(TraceEvent.PATH, 3, r.nextInt(5) == 0 ? r.nextInt(40) : i % 3);
        }
        return e;
    }

    private static long[] read(Trace t) {
        List<Long> out = new ArrayList<>();
        for (ThreadTrace th : t.threads()) {
            th.forEachEvent(out::add);
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    @Test
    void aTraceReadsBackAsWritten(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("a.trace");
        long[] events = events(1000, 1);
        write(file, events);
        Trace t = TraceReader.read(file);
        assertTrue(t.complete(), t.problem());
        assertArrayEquals(events, read(t));
        assertEquals("profile=trace", t.options());
        assertEquals("C", t.method(3).className());
        assertArrayEquals(new int[] {0}, t.throwingBlocks(3));
        MethodOps ops = t.ops(3);
        assertArrayEquals(new int[] {0, 2, 3}, ops.insns());
        assertEquals("i", ops.variable(0));
        assertEquals("int[]", ops.variable(1));
        assertEquals("1", ops.variable(2));
        assertArrayEquals(new int[] {7, 8, 8}, ops.lines());
        assertEquals(4, t.threads().get(0).chunks().size());
        assertEquals(1000L, t.stats().get("trace.events"));
        assertEquals(List.of("a warning"), t.warnings());
        assertEquals(Files.size(file), t.fileBytes());
        assertEquals(8000, t.rawBytes());
    }

    @Test
    void aFileCutAnywhereReadsAsItsWholeChunks(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("a.trace");
        long[] events = events(700, 2);
        List<Long> ends = write(file, events);
        byte[] whole = Files.readAllBytes(file);
        Path cut = dir.resolve("cut.trace");
        int headerEnd = -1;
        for (int length = whole.length - 1; length > 0; length--) {
            int n = length;
            Files.write(cut, Arrays.copyOf(whole, n));
            Trace t;
            try {
                t = TraceReader.read(cut);
            } catch (ProfileFormatException e) {
                headerEnd = n;   // the header itself is cut: not a trace
                break;
            }
            assertFalse(t.complete());
            long chunks = ends.stream().filter(end -> end <= n).count();
            long[] expected = Arrays.copyOf(events, (int) Math.min(events.length, chunks * CHUNK));
            assertArrayEquals(expected, read(t), "cut at " + n);
            assertTrue(t.fileBytes() <= n);
        }
        assertTrue(headerEnd > 0 && headerEnd < 64, "the header is a few dozen bytes: " + headerEnd);
    }

    @Test
    void aDamagedChunkEndsTheTraceBeforeIt(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("a.trace");
        long[] events = events(900, 3);
        List<Long> ends = write(file, events);
        byte[] b = Files.readAllBytes(file);
        int inSecond = (int) (ends.get(0) + (ends.get(1) - ends.get(0)) / 2);
        b[inSecond] ^= 0x40;
        Files.write(file, b);
        Trace t = TraceReader.read(file);
        assertFalse(t.complete());
        assertTrue(t.problem().contains("checksum"), t.problem());
        assertArrayEquals(Arrays.copyOf(events, CHUNK), read(t));
    }

    @Test
    void aFileThatIsNoTraceIsRefused(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("no.trace");
        Files.writeString(file, "LOUPEPRF and more");
        ProfileFormatException e = assertThrows(ProfileFormatException.class, () -> TraceReader.read(file));
        assertTrue(e.getMessage().contains("bad magic"), e.getMessage());
        assertFalse(TraceReader.isTrace(file));
    }
}
