package io.loupe.data.format;

import java.io.IOException;

/**
 * The format's string bytes: UTF-8, except that an unpaired surrogate (legal in a Java string, and
 * in the names of a class file) is written as the 3-byte form of its code unit instead of being
 * replaced by {@code ?}, as {@link String#getBytes} would do. Well-formed text is thus plain UTF-8,
 * and every Java string reads back unchanged.
 */
final class Utf8 {

    private Utf8() {
    }

    static int length(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
        }
        return n;
    }

    static void encode(String s, CompactDataOutput out) throws IOException {
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i); // a lone surrogate comes back as itself
            i += Character.charCount(cp);
            if (cp < 0x80) {
                out.writeByte(cp);
            } else if (cp < 0x800) {
                out.writeByte(0xC0 | (cp >>> 6));
                out.writeByte(0x80 | (cp & 0x3F));
            } else if (cp < 0x10000) {
                out.writeByte(0xE0 | (cp >>> 12));
                out.writeByte(0x80 | ((cp >>> 6) & 0x3F));
                out.writeByte(0x80 | (cp & 0x3F));
            } else {
                out.writeByte(0xF0 | (cp >>> 18));
                out.writeByte(0x80 | ((cp >>> 12) & 0x3F));
                out.writeByte(0x80 | ((cp >>> 6) & 0x3F));
                out.writeByte(0x80 | (cp & 0x3F));
            }
        }
    }

    /**
     * Decodes {@code length} bytes. They are read one by one into a growing builder, so a damaged
     * length costs no more memory than the bytes that are really there.
     */
    static String decode(CompactDataInput in, int length) throws IOException {
        StringBuilder s = new StringBuilder(Math.min(length, 256));
        for (int read = 0; read < length; ) {
            int b = in.readUnsignedByte();
            int more = b < 0x80 ? 0 : b < 0xC0 ? -1 : b < 0xE0 ? 1 : b < 0xF0 ? 2 : b < 0xF8 ? 3 : -1;
            if (more < 0 || read + 1 + more > length) {
                throw in.corrupt("malformed string");
            }
            int cp = more == 0 ? b : b & (0x3F >> more); // the lead byte's payload bits
            for (int i = 0; i < more; i++) {
                int c = in.readUnsignedByte();
                if ((c & 0xC0) != 0x80) {
                    throw in.corrupt("malformed string");
                }
                cp = (cp << 6) | (c & 0x3F);
            }
            if (cp > Character.MAX_CODE_POINT) {
                throw in.corrupt("malformed string");
            }
            s.appendCodePoint(cp);
            read += 1 + more;
        }
        return s.toString();
    }
}
