package io.loupe.data.values;

/**
 * The static type of the values a site sees, which decides how a recorded value prints. At run
 * time every primitive travels as a {@code long}: sub-int types and {@code int} sign-extended,
 * {@code float} as its raw int bits, {@code double} as its raw long bits.
 */
public enum ValueType {
    BOOLEAN, BYTE, CHAR, SHORT, INT, LONG, FLOAT, DOUBLE,
    /** A reference: profiled by its runtime class, with null as a value of its own. */
    REFERENCE;

    /** The type of a field or method descriptor whose first character is {@code c}. */
    public static ValueType ofDescriptor(char c) {
        return switch (c) {
            case 'Z' -> BOOLEAN;
            case 'B' -> BYTE;
            case 'C' -> CHAR;
            case 'S' -> SHORT;
            case 'I' -> INT;
            case 'J' -> LONG;
            case 'F' -> FLOAT;
            case 'D' -> DOUBLE;
            case 'L', '[' -> REFERENCE;
            default -> throw new IllegalArgumentException("no value type for descriptor '" + c + "'");
        };
    }

    /** True for {@code long} and {@code double}, which take two stack slots. */
    public boolean wide() {
        return this == LONG || this == DOUBLE;
    }

    /**
     * How a primitive value, as the runtime recorded it, prints: {@code 7}, {@code 3.5},
     * {@code true}, {@code 'a'}. References are recorded by class name and never come here.
     */
    public String format(long bits) {
        return switch (this) {
            case BOOLEAN -> bits == 0 ? "false" : "true";
            case BYTE, SHORT, INT, LONG -> Long.toString(bits);
            case CHAR -> formatChar((char) bits);
            case FLOAT -> Float.toString(Float.intBitsToFloat((int) bits));
            case DOUBLE -> Double.toString(Double.longBitsToDouble(bits));
            case REFERENCE -> throw new IllegalArgumentException("references are recorded by class name");
        };
    }

    private static String formatChar(char c) {
        if (c >= 0x20 && c < 0x7f && c != '\'' && c != '\\') {
            return "'" + c + "'";
        }
        return String.format("'\\u%04x'", (int) c);
    }
}
