package io.loupe.runtime.deps;

import io.loupe.data.deps.DepMode;
import io.loupe.data.deps.NestModel;
import io.loupe.data.deps.NestModel.Affine;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A decided nest's summary against the same invocation traced access by access. */
class NestSummaryTest {

    static Affine v(int var) {
        return new Affine(new int[] {var}, new int[] {1}, 0);
    }

    static Affine c(int constant) {
        return new Affine(new int[0], new int[0], constant);
    }

    static Affine v(int var, int constant) {
        return new Affine(new int[] {var}, new int[] {1}, constant);
    }

    static NestModel.Input in(int slot, NestModel.InputKind kind) {
        return new NestModel.Input(slot, kind, "#" + slot);
    }

    static void assertSame(NestModel model, long[] ints, Object[] refs, int invocations) {
        for (DepMode mode : DepMode.values()) {
            NestReplay.Profile traced = NestReplay.run(model, ints, refs, mode, false, invocations);
            NestReplay.Profile decided = NestReplay.run(model, ints, refs, mode, true, invocations);
            assertEquals(String.join("\n", traced.dependences()), String.join("\n", decided.dependences()), mode.id());
            assertEquals(traced.loops(), decided.loops(), mode.id());
            assertEquals(traced.accesses(), decided.accesses(), mode.id());
        }
    }

    @Test
    void jacobiOneD() {
        // for (s = s0; s < t; s++) { for (i = 1; i < n - 1; i++) b[i] = a[i-1] + a[i] + a[i+1];
        //                            for (i = 1; i < n - 1; i++) a[i] = b[i]; }
        // inputs: t, n, a, b, s0; variables 5, 6, 7 the loops'
        NestModel m = new NestModel(0, List.of(in(0, NestModel.InputKind.INT), in(1, NestModel.InputKind.INT),
                in(2, NestModel.InputKind.REFERENCE), in(3, NestModel.InputKind.REFERENCE), in(4, NestModel.InputKind.INT)),
                List.of(new NestModel.Loop(10, -1, 4, v(4), 1, NestModel.Stay.LT, v(0), new int[] {-2, -3}),
                        new NestModel.Loop(11, 0, 5, c(1), 1, NestModel.Stay.LT, v(1, -1), new int[] {0, 1, 2, 3}),
                        new NestModel.Loop(12, 0, 5, c(1), 1, NestModel.Stay.LT, v(1, -1), new int[] {4, 5})),
                List.of(new NestModel.Site(0, false, NestModel.RefKind.INPUT, 2, v(6, -1), false),
                        new NestModel.Site(1, false, NestModel.RefKind.INPUT, 2, v(6), false),
                        new NestModel.Site(2, false, NestModel.RefKind.INPUT, 2, v(6, 1), false),
                        new NestModel.Site(3, true, NestModel.RefKind.INPUT, 3, v(6), false),
                        new NestModel.Site(4, false, NestModel.RefKind.INPUT, 3, v(7), false),
                        new NestModel.Site(5, true, NestModel.RefKind.INPUT, 2, v(7), false)));
        assertSame(m, new long[] {5, 8, 0, 0, 0}, new Object[] {null, null, new double[8], new double[8], null}, 1);
    }
}
