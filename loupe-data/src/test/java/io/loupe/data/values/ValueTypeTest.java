package io.loupe.data.values;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ValueTypeTest {

    @Test
    void primitivesPrintNaturally() {
        assertEquals("7", ValueType.INT.format(7));
        assertEquals("-3", ValueType.BYTE.format(-3));
        assertEquals("true", ValueType.BOOLEAN.format(1));
        assertEquals("false", ValueType.BOOLEAN.format(0));
        assertEquals("'a'", ValueType.CHAR.format('a'));
        assertEquals("'\\u000a'", ValueType.CHAR.format('\n'));
        assertEquals("'\\u0027'", ValueType.CHAR.format('\''));
        assertEquals("3.5", ValueType.FLOAT.format(Float.floatToRawIntBits(3.5f)));
        assertEquals("-0.0", ValueType.DOUBLE.format(Double.doubleToRawLongBits(-0.0)));
        assertEquals("NaN", ValueType.DOUBLE.format(Double.doubleToRawLongBits(Double.NaN)));
        assertEquals(Long.toString(Long.MIN_VALUE), ValueType.LONG.format(Long.MIN_VALUE));
    }

    @Test
    void aFloatRecordedAsSignExtendedIntBitsPrintsItsValue() {
        long bits = Float.floatToRawIntBits(-1.25f);   // negative: the int is sign-extended to long
        assertEquals("-1.25", ValueType.FLOAT.format(bits));
    }

    @Test
    void descriptorsMapToTypes() {
        assertEquals(ValueType.REFERENCE, ValueType.ofDescriptor('L'));
        assertEquals(ValueType.REFERENCE, ValueType.ofDescriptor('['));
        assertEquals(ValueType.CHAR, ValueType.ofDescriptor('C'));
        assertThrows(IllegalArgumentException.class, () -> ValueType.ofDescriptor('V'));
        assertThrows(IllegalArgumentException.class, () -> ValueType.REFERENCE.format(1));
    }

    @Test
    void kindsHaveTheirJsonLabels() {
        assertEquals("return", SiteKind.RETURN.label());
        assertEquals(SiteKind.LOCAL, SiteKind.ofLabel("local"));
        assertEquals(null, SiteKind.ofLabel("stack"));
    }
}
