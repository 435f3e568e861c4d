package io.loupe.data.format;

import io.loupe.data.deps.CarriedRegisterMeta;
import io.loupe.data.deps.ContextNode;
import io.loupe.data.deps.DepType;
import io.loupe.data.deps.MemoryUpdate;
import io.loupe.data.meta.EdgeKind;
import io.loupe.data.meta.MethodMeta.Storage;
import io.loupe.data.values.SiteKind;
import io.loupe.data.values.ValueType;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The constants of the profile format, shared by {@link ProfileWriter} and {@link ProfileReader}
 * so that the two cannot disagree. The layout itself is described on {@link ProfileWriter}.
 */
final class ProfileFormat {

    /** First eight bytes of every profile. */
    static final byte[] MAGIC = "LOUPEPRF".getBytes(StandardCharsets.US_ASCII);

    /**
     * The format version this code writes, and the newest it reads (1 had no value blocks, 2 no
     * dependence blocks, 3 no measured figures beside a value profile's estimates, 4 no record of
     * abstract interpretation, 5 no memory updates and array names in access sites, 6 no record of
     * when convergent profiling switched a value site off and on).
     */
    static final int VERSION = 7;

    // Block types. A code, once published, keeps its meaning; new kinds of data get new codes and a
    // new VERSION, because a reader rejects types it does not know (it cannot tell what it would lose).
    static final int HEADER = 0x01;
    static final int METHODS = 0x02;
    static final int COUNTS = 0x03;
    static final int FOREST = 0x04;
    static final int STATS = 0x05;
    static final int WARNINGS = 0x06;
    static final int VALUE_SITES = 0x07;   // since version 2
    static final int VALUES = 0x08;        // since version 2
    static final int DEPS = 0x09;          // since version 3: the dependence profiler's mode, at most once
    static final int ACCESS_SITES = 0x0A;  // since version 3
    static final int DEP_LOOPS = 0x0B;     // since version 3
    static final int CALL_SITES = 0x0C;    // since version 3
    static final int CONTEXTS = 0x0D;      // since version 3
    static final int LOOP_RECORDS = 0x0E;  // since version 3
    static final int DEPENDENCES = 0x0F;   // since version 3
    static final int ABSINT = 0x10;        // since version 5: abstract interpretation at loop entry, at most once
    static final int END = 0xFF;

    /** Items per block of a list (methods, counts, sites, …): bounds the memory a block needs either side. */
    static final int ITEMS_PER_BLOCK = 1024;

    // Decoding tables: the position in the array is the code written to the file.
    private static final EdgeKind[] EDGE_KINDS = {
        EdgeKind.METHOD_ENTRY, EdgeKind.NORMAL, EdgeKind.METHOD_EXIT, EdgeKind.LOOP_EXIT,
        EdgeKind.LOOP_ENTRY, EdgeKind.HANDLER_ENTRY, EdgeKind.CUT_EXIT, EdgeKind.CUT_ENTRY,
    };
    private static final Storage[] STORAGES = {Storage.NONE, Storage.ARRAY, Storage.HASH};
    private static final SiteKind[] SITE_KINDS = {SiteKind.PARAM, SiteKind.FIELD, SiteKind.ARRAY, SiteKind.RETURN,
        SiteKind.LOCAL};
    private static final ValueType[] VALUE_TYPES = {ValueType.BOOLEAN, ValueType.BYTE, ValueType.CHAR, ValueType.SHORT,
        ValueType.INT, ValueType.LONG, ValueType.FLOAT, ValueType.DOUBLE, ValueType.REFERENCE};
    private static final DepType[] DEP_TYPES = {DepType.RAW, DepType.WAR, DepType.WAW};
    private static final ContextNode.Kind[] CONTEXT_KINDS = {ContextNode.Kind.ROOT, ContextNode.Kind.CALL,
        ContextNode.Kind.LOOP};
    private static final CarriedRegisterMeta.Kind[] REGISTER_KINDS = {CarriedRegisterMeta.Kind.INDUCTION,
        CarriedRegisterMeta.Kind.REDUCTION, CarriedRegisterMeta.Kind.OTHER};
    private static final MemoryUpdate.Op[] UPDATE_OPS = {MemoryUpdate.Op.PLUS, MemoryUpdate.Op.MINUS,
        MemoryUpdate.Op.TIMES, MemoryUpdate.Op.AND, MemoryUpdate.Op.OR, MemoryUpdate.Op.XOR, MemoryUpdate.Op.MIN,
        MemoryUpdate.Op.MAX};

    private ProfileFormat() {
    }

    /**
     * The bytes before the first block that its checksum covers too: from version 3 on, the magic
     * and the version. Versions 1 and 2 are a bit flip away from 3; without this, a version 3 file
     * of paths alone would read as a version 1 or 2 file after such a flip.
     */
    static byte[] coveredByFirstBlock(int version) {
        if (version < 3) {
            return new byte[0];
        }
        byte[] b = java.util.Arrays.copyOf(MAGIC, MAGIC.length + 2);
        b[MAGIC.length] = (byte) (version >>> 8);
        b[MAGIC.length + 1] = (byte) version;
        return b;
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
            case VALUE_SITES -> "'valueSites'";
            case VALUES -> "'values'";
            case DEPS -> "'deps'";
            case ACCESS_SITES -> "'accessSites'";
            case DEP_LOOPS -> "'depLoops'";
            case CALL_SITES -> "'callSites'";
            case CONTEXTS -> "'contexts'";
            case LOOP_RECORDS -> "'loopRecords'";
            case DEPENDENCES -> "'dependences'";
            case ABSINT -> "'absint'";
            case END -> "'end'";
            default -> String.format("0x%02x", type);
        };
    }

    /** True if {@code type} is a block of format {@code version}. */
    static boolean isKnown(int type, int version) {
        int last = version >= 5 ? ABSINT : version >= 3 ? DEPENDENCES : version == 2 ? VALUES : WARNINGS;
        return type >= HEADER && type <= last || type == END;
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

    static int code(SiteKind kind) {
        return switch (kind) {
            case PARAM -> 0;
            case FIELD -> 1;
            case ARRAY -> 2;
            case RETURN -> 3;
            case LOCAL -> 4;
        };
    }

    static int code(ValueType type) {
        return switch (type) {
            case BOOLEAN -> 0;
            case BYTE -> 1;
            case CHAR -> 2;
            case SHORT -> 3;
            case INT -> 4;
            case LONG -> 5;
            case FLOAT -> 6;
            case DOUBLE -> 7;
            case REFERENCE -> 8;
        };
    }

    static int code(DepType type) {
        return switch (type) {
            case RAW -> 0;
            case WAR -> 1;
            case WAW -> 2;
        };
    }

    static int code(ContextNode.Kind kind) {
        return switch (kind) {
            case ROOT -> 0;
            case CALL -> 1;
            case LOOP -> 2;
        };
    }

    static int code(CarriedRegisterMeta.Kind kind) {
        return switch (kind) {
            case INDUCTION -> 0;
            case REDUCTION -> 1;
            case OTHER -> 2;
        };
    }

    static int code(MemoryUpdate.Op op) {
        return switch (op) {
            case PLUS -> 0;
            case MINUS -> 1;
            case TIMES -> 2;
            case AND -> 3;
            case OR -> 4;
            case XOR -> 5;
            case MIN -> 6;
            case MAX -> 7;
        };
    }

    static MemoryUpdate.Op updateOp(CompactDataInput in) throws IOException {
        int code = in.readUnsignedByte();
        if (code >= UPDATE_OPS.length) {
            throw in.corrupt("unknown update operation " + code);
        }
        return UPDATE_OPS[code];
    }

    static CarriedRegisterMeta.Kind registerKind(CompactDataInput in) throws IOException {
        int code = in.readUnsignedByte();
        if (code >= REGISTER_KINDS.length) {
            throw in.corrupt("unknown carried register kind " + code);
        }
        return REGISTER_KINDS[code];
    }

    /** The type of a dependence, from its code (the low bits of its {@code kind} byte). */
    static DepType depType(CompactDataInput in, int code) throws IOException {
        if (code >= DEP_TYPES.length) {
            throw in.corrupt("unknown dependence type " + code);
        }
        return DEP_TYPES[code];
    }

    static ContextNode.Kind contextKind(CompactDataInput in) throws IOException {
        int code = in.readUnsignedByte();
        if (code >= CONTEXT_KINDS.length) {
            throw in.corrupt("unknown context kind " + code);
        }
        return CONTEXT_KINDS[code];
    }

    static SiteKind siteKind(CompactDataInput in) throws IOException {
        int code = in.readUnsignedByte();
        if (code >= SITE_KINDS.length) {
            throw in.corrupt("unknown value site kind " + code);
        }
        return SITE_KINDS[code];
    }

    static ValueType valueType(CompactDataInput in) throws IOException {
        int code = in.readUnsignedByte();
        if (code >= VALUE_TYPES.length) {
            throw in.corrupt("unknown value type " + code);
        }
        return VALUE_TYPES[code];
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
