package io.loupe.data.format;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

import static io.loupe.data.format.Frames.bytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class CompactDataTest {

    interface Writes {
        void to(CompactDataOutput out) throws IOException;
    }

    static byte[] encode(Writes writes) throws IOException {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        CompactDataOutput out = new CompactDataOutput(sink);
        writes.to(out);
        out.flush();
        return sink.toByteArray();
    }

    static CompactDataInput decode(byte[] bytes) {
        return new CompactDataInput(new ByteArrayInputStream(bytes), "data", bytes.length);
    }

    @Test
    void varintsTakeOneByteBelow128AndFiveForNegativeInts() throws IOException {
        assertArrayEquals(bytes(0x7F), encode(o -> o.writeVarInt(127)));
        assertArrayEquals(bytes(0x80, 0x01), encode(o -> o.writeVarInt(128)));
        assertArrayEquals(bytes(0xFF, 0xFF, 0xFF, 0xFF, 0x0F), encode(o -> o.writeVarInt(-1)));
        assertEquals(10, encode(o -> o.writeVarLong(-1L)).length);
    }

    @Test
    void zigZagMakesSmallNegativeNumbersOneByte() throws IOException {
        assertArrayEquals(bytes(0x01), encode(o -> o.writeZigZagInt(-1)));
        assertArrayEquals(bytes(0x02), encode(o -> o.writeZigZagInt(1)));
        assertArrayEquals(bytes(0x03), encode(o -> o.writeZigZagLong(-2)));
    }

    @Test
    void stringsArePrefixedWithTheirLengthPlusOneAndNullIsZero() throws IOException {
        assertArrayEquals(bytes(0x00), encode(o -> o.writeString(null)));
        assertArrayEquals(bytes(0x01), encode(o -> o.writeString("")));
        assertArrayEquals(bytes(0x03, 0xC3, 0xA9), encode(o -> o.writeString("\u00e9")));
        assertArrayEquals(bytes(0x04, 0xED, 0xA0, 0x80), encode(o -> o.writeString("\uD800")));
    }

    @Test
    void intArraysAreWrittenAsDifferences() throws IOException {
        assertArrayEquals(bytes(3, 20, 2, 1), encode(o -> o.writeIntArray(new int[] {10, 11, 10})));
    }

    @Test
    void theEndOfTheDataIsTruncationNotAnEofException() {
        ProfileFormatException e = assertThrows(ProfileFormatException.class, () -> decode(bytes(0x80)).readVarInt());

        assertEquals("data: truncated", e.getMessage());
    }

    @Test
    void aVarintThatNeverEndsIsRejected() {
        byte[] endless = bytes(0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF);

        assertThrows(ProfileFormatException.class, () -> decode(endless).readVarInt());
        assertThrows(ProfileFormatException.class, () -> decode(endless).readVarLong());
    }

    @Test
    void malformedUtf8IsRejected() {
        assertThrows(ProfileFormatException.class, () -> decode(bytes(0x02, 0xFF)).readString());
        assertThrows(ProfileFormatException.class, () -> decode(bytes(0x03, 0xC3, 0x41)).readString());
        assertThrows(ProfileFormatException.class, () -> decode(bytes(0x02, 0xC3, 0xA9)).readString());
    }

    @Test
    void aByteCountsAsBooleanOnlyWhenItIsZeroOrOne() throws IOException {
        assertEquals(true, decode(bytes(1)).readBoolean());
        assertThrows(ProfileFormatException.class, () -> decode(bytes(2)).readBoolean());
    }
}
