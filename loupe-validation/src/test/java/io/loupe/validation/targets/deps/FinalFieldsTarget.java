package io.loupe.validation.targets.deps;

/**
 * Final fields, whose one store seals their location (docs/deps.md, "Final fields"): loads after
 * it keep no entry, and the dependences must be what they would be without the seal.
 *
 * <ul>
 *   <li>{@code TABLE}, stored once by the static initializer, read in each of the loop's 10
 *       iterations: RAW 10, from before the loop (no loop relation).</li>
 *   <li>{@code Cell.v}, stored once by the constructor of a final class, read through
 *       {@code get()} in each iteration: RAW 10.</li>
 *   <li>{@code Base.x} hidden by {@code Sub.x}: the profiler names an instance field by name and
 *       type, so in a {@code Sub} both are one location. {@code Base()} calls {@code peek()}, which
 *       reads {@code Sub.x} before anything stored it; then {@code Base()} stores {@code Base.x}
 *       (WAR 1 from the early read; not a seal, the object is a {@code Sub}); then {@code Sub()}
 *       stores {@code Sub.x} (WAW 1, and the seal). Sealing at the first store would have made the
 *       second one a store after the seal, which the profile warns of.</li>
 * </ul>
 */
public final class FinalFieldsTarget {

    static final int[] TABLE = table(); // @tableStore

    private static int[] table() {
        int[] t = new int[8];
        for (int i = 0; i < t.length; i++) {
            t[i] = i * i;
        }
        return t;
    }

    static final class Cell {
        final int v;

        Cell(int v) {
            this.v = v; // @cellStore
        }

        int get() {
            return v; // @cellGet
        }
    }

    static class Base {
        final int x;

        Base() {
            peek();
            x = 1; // @baseStore
        }

        void peek() {
        }
    }

    static final class Sub extends Base {
        final int x;
        int seen;

        Sub() {
            x = 2; // @subStore
        }

        @Override
        void peek() {
            seen = x; // @early
        }
    }

    public static void main(String[] args) {
        Cell c = new Cell(3);
        long sum = 0;
        for (int i = 0; i < 10; i++) { // @loop
            sum += c.get() + TABLE[i & 7]; // @tableGet
        }
        Sub s = new Sub();
        sum += ((Base) s).x + s.x + s.seen; // @subGet
        System.out.println("final fields " + sum);
    }
}
