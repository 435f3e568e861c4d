package io.loupe.runtime.values;

import org.junit.jupiter.api.Test;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What instrumented code calls on its hot path stays within HotSpot's {@code MaxInlineSize} (35
 * bytes of bytecode): a larger callee is inlined only at call sites the JIT has seen run often,
 * so everywhere else a probe would be a real call. Methods that are out of line on purpose (the
 * slow paths, {@code @DontInline}) are not listed.
 */
class ProbeSizeTest {

    private static final int MAX_INLINE_SIZE = 35;

    @Test
    void hotPathMethodsAreSmallEnoughToInlineAnywhere() throws IOException {
        Map<String, Integer> values = codeLengths(Values.class);
        Map<String, Integer> recorder = codeLengths(SiteRecorder.class);
        Map<String, Integer> thread = codeLengths(ValueThread.class);
        for (String m : List.of("recorders", "quiet", "probed", "atLoop", "quietEntry", "guarded", "guardedInt",
                "guardedLong", "guardedFloat", "guardedDouble", "guardedRef", "onInt", "onLong", "onFloat", "onDouble",
                "onRef", "fullInt", "fullLong", "fullFloat", "fullDouble", "fullRef", "quietFreezable",
                "thawedQuiet", "quietEntryFreezable", "thawedQuietEntry", "atLoopFreezable", "guardedFreezable", "guardedCallInt", "guardedCallLong",
                "guardedCallFloat", "guardedCallDouble", "guardedCallRef", "quietBlock", "guardedBlock", "quietLap")) {
            assertSmall("Values." + m, values.get(m));
        }
        assertSmall("SiteRecorder.full", recorder.get("full"));
        assertSmall("SiteRecorder.fullRef", recorder.get("fullRef"));

        assertSmall("ValueThread.ready", thread.get("ready"));
        Map<String, Integer> quiet = codeLengths(QuietMethods.class);
        assertSmall("QuietMethods.countDown", quiet.get("countDown"));
        assertSmall("QuietMethods.countEntry", quiet.get("countEntry"));
        Map<String, Integer> frozen = codeLengths(FrozenMethods.class);
        assertSmall("FrozenMethods.frozen", frozen.get("frozen"));
        assertSmall("FrozenMethods.countDown", frozen.get("countDown"));
    }

    @Test
    void theClassFileReaderFindsCodeLengths() throws IOException {
        // a method of known size: `return;` is one byte, a private constructor five
        assertEquals(5, codeLengths(SiteRecorder.NoClass.class).get("<init>"));
    }

    private static void assertSmall(String name, Integer length) {
        assertTrue(length != null, name + " not found");
        assertTrue(length <= MAX_INLINE_SIZE, name + " has " + length + " bytes of bytecode, more than " + MAX_INLINE_SIZE);
    }

    /** Code length per method name (the largest, for overloads), read from the class file. */
    private static Map<String, Integer> codeLengths(Class<?> c) throws IOException {
        String resource = "/" + c.getName().replace('.', '/') + ".class";
        try (InputStream in = c.getResourceAsStream(resource)) {
            DataInputStream d = new DataInputStream(in);
            d.readInt();   // magic
            d.readInt();   // minor, major
            int count = d.readUnsignedShort();
            String[] utf8 = new String[count];
            for (int i = 1; i < count; i++) {
                int tag = d.readUnsignedByte();
                switch (tag) {
                    case 1 -> utf8[i] = d.readUTF();
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> d.readInt();
                    case 5, 6 -> {
                        d.readLong();
                        i++;   // takes two entries
                    }
                    case 7, 8, 16, 19, 20 -> d.readUnsignedShort();
                    case 15 -> {
                        d.readUnsignedByte();
                        d.readUnsignedShort();
                    }
                    default -> throw new IOException("constant pool tag " + tag);
                }
            }
            d.readUnsignedShort();   // access
            d.readUnsignedShort();   // this
            d.readUnsignedShort();   // super
            d.skipBytes(2 * d.readUnsignedShort());   // interfaces
            int fields = d.readUnsignedShort();
            for (int i = 0; i < fields; i++) {
                d.skipBytes(6);
                skipAttributes(d);
            }
            Map<String, Integer> lengths = new HashMap<>();
            int methods = d.readUnsignedShort();
            for (int i = 0; i < methods; i++) {
                d.readUnsignedShort();
                String name = utf8[d.readUnsignedShort()];
                d.readUnsignedShort();
                int attributes = d.readUnsignedShort();
                for (int a = 0; a < attributes; a++) {
                    String attribute = utf8[d.readUnsignedShort()];
                    int length = d.readInt();
                    if (attribute.equals("Code")) {
                        d.readUnsignedShort();   // max stack
                        d.readUnsignedShort();   // max locals
                        int code = d.readInt();
                        lengths.merge(name, code, Math::max);
                        d.skipBytes(length - 8);
                    } else {
                        d.skipBytes(length);
                    }
                }
            }
            return lengths;
        }
    }

    private static void skipAttributes(DataInputStream d) throws IOException {
        int n = d.readUnsignedShort();
        for (int i = 0; i < n; i++) {
            d.readUnsignedShort();
            d.skipBytes(d.readInt());
        }
    }
}
