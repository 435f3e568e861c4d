package io.loupe.instrument.deps;

import io.loupe.instrument.deps.samples.Updates;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Objects;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which stores {@link MemoryUpdates} recognises as updates of a location they read, and how it names arrays. */
class MemoryUpdatesTest {

    /** Each update of the method as {@code store#ordinal ← load#ordinal op}, {@code ~} after an inexact op. */
    private static String updates(String method) {
        DepSites s = Bytecode.sites(Updates.class, method);
        return s.accesses().stream().filter(a -> a.update() != null).map(a -> a.access() + "#" + a.ordinal() + " ← "
                + s.accesses().get(a.update().load()).access() + "#" + a.update().load() + " " + a.update().op().symbol()
                + (a.update().inexact() ? "~" : "")).collect(Collectors.joining("\n"));
    }

    @Test
    void aCompoundAssignmentToAFieldOfALocalIsAnUpdate() {
        // aload acc; dup; getfield total; aload a; iload i; iaload; iadd; putfield total
        assertEquals("putfield#2 ← getfield#0 +", updates("fieldPlus"));
    }

    @Test
    void anArrayElementUpdatedThroughDup2IsAnUpdate() {
        assertEquals("iastore#1 ← iaload#0 +", updates("histogram"));
        assertEquals("lastore#1 ← laload#0 |", updates("longArrayOr"));
    }

    @Test
    void staticFieldsAreUpdatedWithoutAnObject() {
        assertEquals("putstatic#1 ← getstatic#0 +", updates("staticSum"));
        assertEquals("putstatic#1 ← getstatic#0 *", updates("staticTimes"));
    }

    @Test
    void twoLoadsOfOneUnchangedLocalAreOneObject() {
        assertEquals("putfield#1 ← getfield#0 *", updates("fieldTimes"), "s = s * x: this loaded twice");
        assertEquals("putfield#1 ← getfield#0 +", updates("sameLocal"));
    }

    @Test
    void aCommutingOperationMayTakeTheLoadOnEitherSide() {
        assertEquals("putfield#1 ← getfield#0 &", updates("commuted"));
        assertEquals("putfield#1 ← getfield#0 -", updates("fieldMinus"));
        assertEquals("", updates("minusReversed"), "x - s does not commute");
    }

    @Test
    void floatingPointSumsAreInexact() {
        assertEquals("dastore#1 ← daload#0 +~", updates("doublePlus"));
    }

    @Test
    void conversionsAndMathMinMaxAreSeenThrough() {
        assertEquals("putfield#1 ← getfield#0 +", updates("byteField"), "small += x stores i2b(small + x)");
        assertEquals("putfield#1 ← getfield#0 max", updates("max"));
        assertEquals("iastore#1 ← iaload#0 ^", updates("constantIndex"), "a[3] on both sides");
    }

    @ParameterizedTest
    @ValueSource(strings = {"reassigned", "loadedValueKept", "resultKept", "resultAlsoStored", "division", "otherField", "otherObject",
            "otherIndex", "otherArray", "localChangedBetween"})
    void lookalikesAreNoUpdates(String method) {
        assertEquals("", updates(method));
    }

    @Test
    void theUpdatesReachTheSitesMetadata() {
        DepSites s = Bytecode.sites(Updates.class, "histogram");
        var meta = s.accessMeta(40, "Updates", "histogram", "([III)V", null);
        assertEquals(-1, meta.get(0).updateOf());
        assertEquals(0, meta.get(1).updateOf());
        assertEquals("+", meta.get(1).updateOp());
        assertEquals("hist", meta.get(1).arrayName());
    }

    @Test
    void arrayAccessesNameTheirArray() {
        DepSites s = Bytecode.sites(Updates.class, "names");
        assertEquals("iastore tmp, getfield null, iaload tmp, iastore io.loupe.instrument.deps.samples.Updates.buf,"
                + " aaload grid, iastore grid[], iastore null, iaload null", s.accesses().stream()
                .map(a -> a.access() + " " + Objects.toString(a.arrayName())).collect(Collectors.joining(", ")));
    }
}
