package io.loupe.runtime.trace;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An object's field generations: every field finds its own slot, and what a slot holds survives the table's growth. */
class FieldGenerationsTest {

    @Test
    void fieldsKeepTheirGenerationsAcrossGrowth() {
        ObjectIds ids = new ObjectIds();
        Object o = new Object();
        ObjectIds.Entry e = ids.entry(o);
        int[] fields = {7, 0, 1 << 20, 3, 99, 12, 5, 64, 1000, 2, 33, 17, 8, 4096, 11, 6};
        for (int k = 0; k < fields.length; k++) {
            FieldGenerations f = FieldGenerations.insert(e, fields[k]);
            assertSame(e.fields, f, "the table returned is the one published");
            int i = f.find(fields[k]);
            assertEquals(0, f.gens[i], "a new field is in no generation");
            f.gens[i] = 100 + k;
            assertSame(f, FieldGenerations.insert(e, fields[k]), "a field present inserts nothing");
        }
        FieldGenerations f = e.fields;
        assertTrue(f.keys.length >= fields.length * 4 / 3, "the table grew");
        for (int k = 0; k < fields.length; k++) {
            assertEquals(100 + k, f.gens[f.find(fields[k])], "field " + fields[k]);
        }
        assertEquals(-1, f.find(42));
    }
}
