package io.loupe.data.format;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;

/** Takes profile files apart into blocks and builds blocks by hand, independently of the writer. */
final class Frames {

    /** A block of a file: where it starts, its type, and where its payload lies. */
    record Block(int offset, int type, int payloadOffset, int length) {
        int end() {
            return payloadOffset + length + 4;
        }

        /** The block's bytes in {@code file}, checksum included. */
        byte[] slice(byte[] file) {
            return Arrays.copyOfRange(file, offset, end());
        }
    }

    private Frames() {
    }

    /** The blocks of a well-formed file, in order. */
    static List<Block> blocks(byte[] file) {
        List<Block> blocks = new ArrayList<>();
        int at = 10; // magic and version
        while (at < file.length) {
            int type = file[at] & 0xFF;
            int length = 0;
            int p = at + 1;
            for (int shift = 0; ; shift += 7) {
                int b = file[p++] & 0xFF;
                length |= (b & 0x7F) << shift;
                if (b < 0x80) {
                    break;
                }
            }
            Block block = new Block(at, type, p, length);
            blocks.add(block);
            at = block.end();
        }
        return blocks;
    }

    static Block first(byte[] file, int type) {
        return blocks(file).stream().filter(b -> b.type() == type).findFirst().orElseThrow();
    }

    /** A block as the format lays it out: type, varint length, payload, CRC32 of all three. */
    static byte[] block(int type, byte... payload) {
        return block(new byte[0], type, payload);
    }

    /**
     * The first block of a file of format {@code version}: from version 3 on, its CRC32 starts at
     * the file's first byte, so it covers the magic and version too.
     */
    static byte[] firstBlock(int version, int type, byte... payload) {
        byte[] covered = version >= 3 ? preamble(version) : new byte[0];
        return block(covered, type, payload);
    }

    private static byte[] block(byte[] covered, int type, byte... payload) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(type);
        long v = payload.length;
        while (v >= 0x80) {
            out.write((int) (v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.write((int) v);
        out.writeBytes(payload);
        CRC32 crc = new CRC32();
        crc.update(covered);
        crc.update(out.toByteArray());
        int c = (int) crc.getValue();
        out.writeBytes(new byte[] {(byte) (c >>> 24), (byte) (c >>> 16), (byte) (c >>> 8), (byte) c});
        return out.toByteArray();
    }

    static byte[] preamble(int version) {
        return concat("LOUPEPRF".getBytes(java.nio.charset.StandardCharsets.US_ASCII),
                new byte[] {(byte) (version >>> 8), (byte) version});
    }

    static byte[] bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            b[i] = (byte) values[i];
        }
        return b;
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    static byte[] slice(byte[] file, int from, int to) {
        return Arrays.copyOfRange(file, from, to);
    }
}
