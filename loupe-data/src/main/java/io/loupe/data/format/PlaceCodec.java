package io.loupe.data.format;

import java.io.IOException;

/**
 * The place every site record of the format starts with — value sites, access sites, loops and
 * call sites: {@code id:varint className:str method:str desc:str sourceFile:str line:zint}.
 */
final class PlaceCodec {

    /** A decoded place: where a site is. */
    record Place(int id, String className, String method, String desc, String sourceFile, int line) {
    }

    private PlaceCodec() {
    }

    static void write(CompactDataOutput out, int id, String className, String method, String desc, String sourceFile,
                      int line) throws IOException {
        out.writeVarInt(id);
        out.writeString(className);
        out.writeString(method);
        out.writeString(desc);
        out.writeString(sourceFile);
        out.writeZigZagInt(line);
    }

    static Place read(CompactDataInput in) throws IOException {
        int id = in.readVarInt();
        String className = in.readString();
        String method = in.readString();
        String desc = in.readString();
        String sourceFile = in.readString();
        return new Place(id, className, method, desc, sourceFile, in.readZigZagInt());
    }
}
