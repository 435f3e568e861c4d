package io.loupe.data.format;

import java.io.IOException;
import java.io.OutputStream;
import java.util.zip.CRC32;

/**
 * The primitive encodings of the profile format: unsigned LEB128 varints, zig-zag for values that
 * may be negative, strings as length-prefixed UTF-8 ({@link Utf8}), and
 * delta-coded int arrays. Keeps its own buffer (one virtual call per 8 KiB, not per byte: forests
 * are written a byte or two per field) and a running CRC32 over a marked range of the output.
 *
 * <p>Writing to {@link OutputStream#nullOutputStream()} only counts: {@link ProfileWriter} encodes
 * each block twice, once to learn its length and once to write it, so no block is ever buffered.
 */
final class CompactDataOutput {

    private final OutputStream out;
    private final byte[] buf = new byte[8192];
    private int pos;
    private long drained;
    private final CRC32 crc = new CRC32();
    private int crcFrom = -1; // first byte of buf not yet summed, -1 when no checksum is running

    CompactDataOutput(OutputStream out) {
        this.out = out;
    }

    /** Bytes written so far (including those still buffered). */
    long size() {
        return drained + pos;
    }

    /** Forgets everything written so far; for reuse as a counter. */
    void reset() {
        drained = 0;
        pos = 0;
        crcFrom = -1;
    }

    /** Starts a CRC32 over {@code covered} (bytes written before) and the bytes written from now on. */
    void beginChecksum(byte[] covered) {
        crc.reset();
        crc.update(covered);
        crcFrom = pos;
    }

    /** Ends the running checksum and returns it. */
    int endChecksum() {
        crc.update(buf, crcFrom, pos - crcFrom);
        crcFrom = -1;
        return (int) crc.getValue();
    }

    void writeByte(int b) throws IOException {
        if (pos == buf.length) {
            drain();
        }
        buf[pos++] = (byte) b;
    }

    void writeBytes(byte[] bytes) throws IOException {
        for (byte b : bytes) {
            writeByte(b);
        }
    }

    void writeBoolean(boolean b) throws IOException {
        writeByte(b ? 1 : 0);
    }

    /** Big-endian, as the format version is written. */
    void writeShort(int v) throws IOException {
        writeByte(v >>> 8);
        writeByte(v);
    }

    /** Four bytes big-endian, as the block checksums are written. */
    void writeFixedInt(int v) throws IOException {
        writeShort(v >>> 16);
        writeShort(v);
    }

    /** Unsigned varint of the 32 bits: 1 byte below 128, 5 bytes for negative values. */
    void writeVarInt(int v) throws IOException {
        writeVarLong(v & 0xFFFF_FFFFL);
    }

    /** Unsigned varint of the 64 bits: 7 bits per byte, low bits first, high bit = more follows. */
    void writeVarLong(long v) throws IOException {
        while ((v & ~0x7FL) != 0) {
            writeByte((int) (v & 0x7F) | 0x80);
            v >>>= 7;
        }
        writeByte((int) v);
    }

    /** Zig-zag varint: small magnitudes, negative or not, take one byte (-1 → 1, 1 → 2). */
    void writeZigZagInt(int v) throws IOException {
        writeVarInt((v << 1) ^ (v >> 31));
    }

    void writeZigZagLong(long v) throws IOException {
        writeVarLong((v << 1) ^ (v >> 63));
    }

    /** A string, or null: varint (byte length + 1, 0 for null), then the bytes (see {@link Utf8}). */
    void writeString(String s) throws IOException {
        if (s == null) {
            writeVarInt(0);
        } else {
            writeVarInt(Utf8.length(s) + 1);
            Utf8.encode(s, this);
        }
    }

    /**
     * Length, then each element as the zig-zag difference to the one before (the first to 0): line
     * lists and block lists are mostly ascending, so most elements take one byte. The difference
     * wraps around like int arithmetic, and so does the sum that undoes it.
     */
    void writeIntArray(int[] a) throws IOException {
        writeVarInt(a.length);
        int prev = 0;
        for (int v : a) {
            writeZigZagInt(v - prev);
            prev = v;
        }
    }

    /** Writes out the buffer and flushes the stream. */
    void flush() throws IOException {
        drain();
        out.flush();
    }

    private void drain() throws IOException {
        if (crcFrom >= 0) {
            crc.update(buf, crcFrom, pos - crcFrom);
            crcFrom = 0;
        }
        out.write(buf, 0, pos);
        drained += pos;
        pos = 0;
    }
}
