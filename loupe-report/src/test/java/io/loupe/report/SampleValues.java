package io.loupe.report;

import io.loupe.analysis.values.ValueProfileBuilder;
import io.loupe.data.Profile;
import io.loupe.data.values.SiteKind;
import io.loupe.data.values.ValueType;

/**
 * A hand-built value profile of {@code com.example.Loop.loop(I)V}, called 50 times with n = 100:
 * <pre>
 * 10  void loop(int n) {                       param n            50 runs: always 100
 * 11    Shape s = this.shape;                  field (reference)  50 runs: always Circle
 * 12    for (int i = 0; i &lt; n; i++) {          local i = 0        50 runs; i++ 5,000 runs (100 a call)
 * 13      int k = this.scale;                  field              5,000 runs: 3 (90%), 4 (10%)
 * 14      int t = i * k;                       local int-mul      5,000 runs: spread, Inv-1 2%
 * 15      a[i] = t; }}                         array              5,000 runs: 0 (60%), 1 (40%)
 * </pre>
 */
final class SampleValues {

    static final String LOOP = "com.example.Loop";

    private SampleValues() {
    }

    static ValueProfileBuilder builder() {
        ValueProfileBuilder b = new ValueProfileBuilder().topN(2);
        int n = b.site(LOOP, "loop", "(I)V", 10, SiteKind.PARAM, "n");
        int shape = b.site(LOOP, "loop", "(I)V", 11, SiteKind.FIELD, ValueType.REFERENCE, "Loop.shape");
        int init = b.local(LOOP, "loop", "(I)V", 12, "i", "const", "c");
        int i = b.local(LOOP, "loop", "(I)V", 12, "i", "int-arith", "int-arith({s" + init + "|s" + (init + 1) + "},c)");
        int scale = b.site(LOOP, "loop", "(I)V", 13, SiteKind.FIELD, "Loop.scale");
        int k = b.local(LOOP, "loop", "(I)V", 13, "k", "field", "s" + scale);
        int t = b.local(LOOP, "loop", "(I)V", 14, "t", "int-mul", "int-mul({s" + init + "|s" + i + "},s" + k + ")");
        int elem = b.site(LOOP, "loop", "(I)V", 15, SiteKind.ARRAY, "int");
        b.ran(n, 50, 49, "100", 50);
        b.ran(shape, 50, 49, "com.example.Circle", 50);
        b.ran(init, 50, 49, "0", 50);
        b.ranWithTop(i, 5000, 50);
        b.ran(scale, 5000, 4000, "3", 4500, "4", 500);
        b.ran(k, 5000, 4000, "3", 4500, "4", 500);
        b.ranWithTop(t, 5000, 100);
        b.ran(elem, 5000, 2000, "0", 3000, "1", 2000);
        return b;
    }

    static Profile profile() {
        return builder().build();
    }
}
