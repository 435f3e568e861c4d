package io.loupe.instrument.values;

import io.loupe.instrument.values.samples.Copies;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class StoredCopiesTest {

    @Test
    void onlyAStoreRightAfterTheLoadOfItsValueIsACopy() {
        List<ValueSite> sites = Bytecode.sites(Copies.class, "copies");
        int[] sources = StoredCopies.sources(sites);
        List<String> copies = new ArrayList<>();
        for (int i = 0; i < sites.size(); i++) {
            if (sources[i] >= 0) {
                copies.add(sites.get(i).detail() + " <- " + sites.get(sources[i]).kind().label());
            }
        }
        assertEquals(List.of("x <- array", "ch <- return", "f <- field"), copies);
    }
}
