package io.loupe.data.format;

import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32;

/**
 * Reads what {@link CompactDataOutput} writes, distrusting every byte. While a block's payload is
 * read, no read may pass the payload's end, and every count must fit in the bytes the payload has
 * left (each element takes at least one byte), so a corrupt count is caught before anything is
 * allocated for it. Arrays still grow as their elements arrive ({@link ClaimedArrays}): a stream
 * of unknown length may claim a block of any length.
 *
 * <p>Any defect becomes a {@link ProfileFormatException} naming the source and the block; the
 * end of the stream is reported as truncation, never as an {@code EOFException}.
 */
final class CompactDataInput {

    private final InputStream in;
    private final String source;
    private final long size;                  // bytes in the source, -1 when unknown
    private final byte[] buf = new byte[1 << 16];
    private int pos;
    private int lim;
    private long base;                        // source offset of buf[0]
    private long remaining = Long.MAX_VALUE;  // payload bytes left in the current block
    private String block;                     // the current block's label, null between blocks
    private final CRC32 crc = new CRC32();
    private int crcFrom = -1;                 // first byte of buf not yet summed, -1 when not summing

    CompactDataInput(InputStream in, String source, long size) {
        this.in = in;
        this.source = source;
        this.size = size;
    }

    ProfileFormatException fail(String problem) {
        return new ProfileFormatException(source, problem);
    }

    ProfileFormatException corrupt(String problem) {
        return fail("corrupt block " + block + ": " + problem);
    }

    ProfileFormatException truncated() {
        return fail(block == null ? "truncated" : "truncated in block " + block);
    }

    /** Bytes read from the source so far. */
    long position() {
        return base + pos;
    }

    /** True when the source has no more bytes. */
    boolean atEof() throws IOException {
        return pos == lim && !fill();
    }

    /**
     * Starts a block: begins its checksum, with {@code covered} (bytes read before the block that
     * its checksum covers too) summed first, and returns its type byte.
     */
    int beginBlock(byte[] covered) throws IOException {
        crc.reset();
        crc.update(covered);
        crcFrom = pos;
        return readUnsignedByte();
    }

    /** Names the block for messages, then reads its payload length and limits reads to it. */
    void enterPayload(String label) throws IOException {
        block = label;
        long length = readVarLong();
        if (length < 0 || size >= 0 && length > size - (base + pos)) {
            throw truncated(); // the payload would end beyond the end of the file
        }
        remaining = length;
    }

    /** Fails unless the payload was read exactly to its end. */
    void expectPayloadEnd() throws ProfileFormatException {
        if (remaining != 0) {
            throw corrupt(remaining + " bytes after the content");
        }
    }

    void skipPayload() throws IOException {
        while (remaining > 0) {
            if (pos == lim && !fill()) {
                throw truncated();
            }
            int n = (int) Math.min(remaining, lim - pos);
            pos += n;
            remaining -= n;
        }
    }

    /** Reads the stored CRC after the payload and fails if it differs from the computed one. */
    void verifyChecksum() throws IOException {
        crc.update(buf, crcFrom, pos - crcFrom);
        crcFrom = -1;
        remaining = Long.MAX_VALUE;
        int computed = (int) crc.getValue();
        if (readFixedInt() != computed) {
            throw fail("checksum mismatch in block " + block);
        }
        block = null;
    }

    int readUnsignedByte() throws IOException {
        if (remaining == 0) {
            throw corrupt("content runs past the end of the block");
        }
        if (pos == lim && !fill()) {
            throw truncated();
        }
        remaining--;
        return buf[pos++] & 0xFF;
    }

    boolean readBoolean() throws IOException {
        int b = readUnsignedByte();
        if (b > 1) {
            throw corrupt("bad boolean " + b);
        }
        return b == 1;
    }

    int readUnsignedShort() throws IOException {
        return readUnsignedByte() << 8 | readUnsignedByte();
    }

    int readFixedInt() throws IOException {
        return readUnsignedShort() << 16 | readUnsignedShort();
    }

    int readVarInt() throws IOException {
        int v = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            int b = readUnsignedByte();
            v |= (b & 0x7F) << shift;
            if (b < 0x80) {
                return v;
            }
        }
        throw corrupt("a number longer than 5 bytes");
    }

    long readVarLong() throws IOException {
        long v = 0;
        for (int shift = 0; shift < 70; shift += 7) {
            int b = readUnsignedByte();
            v |= (long) (b & 0x7F) << shift;
            if (b < 0x80) {
                return v;
            }
        }
        throw corrupt("a number longer than 10 bytes");
    }

    int readZigZagInt() throws IOException {
        int v = readVarInt();
        return (v >>> 1) ^ -(v & 1);
    }

    long readZigZagLong() throws IOException {
        long v = readVarLong();
        return (v >>> 1) ^ -(v & 1);
    }

    /** A count of elements that follow, each at least one byte long. */
    int readCount() throws IOException {
        int n = readVarInt();
        if (n < 0 || n > remaining) {
            throw corrupt("a count of " + Integer.toUnsignedString(n) + " exceeds the block");
        }
        return n;
    }

    /** The inverse of {@link CompactDataOutput#writeString}. */
    String readString() throws IOException {
        int code = readVarInt();
        if (code == 0) {
            return null;
        }
        int length = code - 1;
        if (length < 0 || length > remaining) {
            throw corrupt("a string of " + Integer.toUnsignedString(length) + " bytes exceeds the block");
        }
        return Utf8.decode(this, length);
    }

    /** The inverse of {@link CompactDataOutput#writeIntArray}. */
    int[] readIntArray() throws IOException {
        int n = readCount();
        int[] a = ClaimedArrays.newInts(n);
        int prev = 0;
        for (int i = 0; i < n; i++) {
            a = ClaimedArrays.room(a, i, n);
            prev += readZigZagInt();
            a[i] = prev;
        }
        return a;
    }

    private boolean fill() throws IOException {
        if (crcFrom >= 0) {
            crc.update(buf, crcFrom, pos - crcFrom);
            crcFrom = 0;
        }
        base += lim;
        pos = 0;
        lim = 0;
        int n;
        do {
            n = in.read(buf, 0, buf.length);
        } while (n == 0);
        if (n < 0) {
            return false;
        }
        lim = n;
        return true;
    }
}
