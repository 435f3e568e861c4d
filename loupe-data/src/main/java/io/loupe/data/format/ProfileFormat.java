package io.loupe.data.format;

import io.loupe.data.meta.EdgeKind;
import io.loupe.data.meta.MethodMeta.Storage;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The constants of the profile format, shared by {@link ProfileWriter} and {@link ProfileReader}
 * so that the two cannot disagree. The layout itself is described on {@link ProfileWriter}.
 */
final class ProfileFormat {

    /** First eight bytes of every profile. */
    static final byte[] MAGIC = "LOUPEPRF".getBytes(StandardCharsets.US_ASCII);

    /** The format version this code writes, and the newest it reads. */
    static final int VERSION = 1;

    // Block types. A code, once published, keeps its meaning; new kinds of data get new codes and a
    // new VERSION, because a reader rejects types it does not know (it cannot tell what it would lose).
    static final int HEADER = 0x01;
    static final int METHODS = 0x02;
    static final int COUNTS = 0x03;
    static final int FOREST = 0x04;
    static final int STATS = 0x05;
    static final int WARNINGS = 0x06;
    static final int END = 0xFF;

    /** Items per methods/counts/stats/warnings block: bounds the memory a block needs either side. */
    static final int ITEMS_PER_BLOCK = 1024;

    // Decoding tables: the position in the array is the code written to the file.
    private static final EdgeKind[] EDGE_KINDS = {
        EdgeKind.METHOD_ENTRY, EdgeKind.NORMAL, EdgeKind.METHOD_EXIT, EdgeKind.LOOP_EXIT,
        EdgeKind.LOOP_ENTRY, EdgeKind.HANDLER_ENTRY, EdgeKind.CUT_EXIT, EdgeKind.CUT_ENTRY,
    };
    private static final Storage[] STORAGES = {Storage.NONE, Storage.ARRAY, Storage.HASH};

    private ProfileFormat() {
    }

    /** How messages name a block type: {@code 'methods'}, or {@code 0x17} for an unknown type. */
    static String label(int type) {
        return switch (type) {
            case HEADER -> "'header'";
            case METHODS -> "'methods'";
            case COUNTS -> "'counts'";
            case FOREST -> "'forest'";
            case STATS -> "'stats'";
            case WARNINGS -> "'warnings'";
            case END -> "'end'";
            default -> String.format("0x%02x", type);
        };
    }

    static boolean isKnown(int type) {
        return type >= HEADER && type <= WARNINGS || type == END;
    }

    // Codes are spelled out instead of using ordinal(): reordering the enum must not change the
    // format. The switch has no default, so adding a constant fails to compile until it has a code.
    static int code(EdgeKind kind) {
        return switch (kind) {
            case METHOD_ENTRY -> 0;
            case NORMAL -> 1;
            case METHOD_EXIT -> 2;
            case LOOP_EXIT -> 3;
            case LOOP_ENTRY -> 4;
            case HANDLER_ENTRY -> 5;
            case CUT_EXIT -> 6;
            case CUT_ENTRY -> 7;
        };
    }

    static int code(Storage storage) {
        return switch (storage) {
            case NONE -> 0;
            case ARRAY -> 1;
            case HASH -> 2;
        };
    }

    static EdgeKind edgeKind(CompactDataInput in) throws IOException {
        int code = in.readUnsignedByte();
        if (code >= EDGE_KINDS.length) {
            throw in.corrupt("unknown edge kind " + code);
        }
        return EDGE_KINDS[code];
    }

    static Storage storage(CompactDataInput in) throws IOException {
        int code = in.readUnsignedByte();
        if (code >= STORAGES.length) {
            throw in.corrupt("unknown storage " + code);
        }
        return STORAGES[code];
    }
}
