package io.loupe.validation.targets.values;

/**
 * Every site kind and value type with known distributions of at most eight values (so a TNV table
 * of eight counts them exactly). Oracle keys are {@code kind|method|detail}.
 */
public final class ValuesTarget {

    static int mode;
    static final int[] DATA = {4, 4, 4, 9, 4, 4, 1, 4};

    public static void main(String[] args) throws Exception {
        long sum = 0;
        for (int i = 0; i < 60_000; i++) {
            mode = i % 10 < 7 ? 1 : i % 10 < 9 ? 2 : 3;
            Object o = i % 5 == 0 ? null : i % 5 == 1 ? "s" : Integer.valueOf(i);
            sum += step(i % 10 < 8 ? 3 : 5, i % 7 == 0 ? -0.0 : 2.5, (long) (i % 3) << 40, i % 4 == 0,
                    (char) ('a' + i % 2), o, i % 6 == 0 ? 1.5f : -2f);
        }
        System.out.println(sum);
        ValueOracle.write(args[0]);
    }

    static long step(int factor, double d, long big, boolean flag, char c, Object o, float f) {
        ValueOracle.saw("param|step|factor", factor);
        ValueOracle.saw("param|step|d", d);
        ValueOracle.saw("param|step|big", big);
        ValueOracle.saw("param|step|flag", flag);
        ValueOracle.saw("param|step|c", c);
        ValueOracle.sawObject("param|step|o", o);
        ValueOracle.saw("param|step|f", Float.toString(f));
        int m = mode;
        ValueOracle.saw("field|step|ValuesTarget.mode", m);
        ValueOracle.saw("local|step|m", m);
        int e = DATA[(int) (big >>> 40) + (flag ? 1 : 0)];
        ValueOracle.saw("array|step|int[]", e);
        ValueOracle.saw("local|step|e", e);
        int r = pick(factor);
        ValueOracle.saw("return|step|pick(I)I", r);
        ValueOracle.saw("local|step|r", r);
        int twice = factor * 2;
        ValueOracle.saw("local|step|twice", twice);
        return (long) m * factor + e + r + twice + (o == null ? 0 : 1) + c + (long) d + (long) f;
    }

    static int pick(int x) {
        ValueOracle.saw("param|pick|x", x);
        return x % 4;
    }
}
