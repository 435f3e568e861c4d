package io.loupe.data.format;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.io.IOException;

import static io.loupe.data.format.CompactDataTest.decode;
import static io.loupe.data.format.CompactDataTest.encode;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class CompactDataProperties {

    @Property
    void everyNumberReadsBack(@ForAll int i, @ForAll long l) throws IOException {
        CompactDataInput in = decode(encode(o -> {
            o.writeVarInt(i);
            o.writeVarLong(l);
            o.writeZigZagInt(i);
            o.writeZigZagLong(l);
            o.writeFixedInt(i);
        }));

        assertEquals(i, in.readVarInt());
        assertEquals(l, in.readVarLong());
        assertEquals(i, in.readZigZagInt());
        assertEquals(l, in.readZigZagLong());
        assertEquals(i, in.readFixedInt());
    }

    @Property
    void everyStringAndIntArrayReadsBack(@ForAll("anyText") String s, @ForAll int[] a) throws IOException {
        CompactDataInput in = decode(encode(o -> {
            o.writeString(s);
            o.writeIntArray(a);
        }));

        assertEquals(s, in.readString());
        assertArrayEquals(a, in.readIntArray());
    }

    /** Any UTF-16 content, unpaired surrogates included. */
    @Provide
    Arbitrary<String> anyText() {
        return Arbitraries.oneOf(Arbitraries.strings(), Arbitraries.strings().all());
    }
}
