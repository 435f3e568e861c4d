package io.loupe.validation.targets.deps;

/**
 * Objects whose shadows live in the synthetic field the instrumenter adds to the topmost
 * instrumented class of a hierarchy (docs/deps.md, "Shadow memory"): one object reached through
 * references of different static types must have one set of locations, and a copy made by
 * {@code clone()} — which copies that field with the rest — must have locations of its own.
 * Reflection must not see the field: the output lists each class's declared fields, and the test
 * compares it with a run without the agent. Lines marked {@code // @name} are looked up by the test.
 */
public final class ShadowFieldsTarget {

    private static final int N = 16;

    /** The topmost instrumented class of its hierarchy: it carries the shadow field. */
    static class Base {
        int x;
    }

    static final class Derived extends Base {
        int y;
    }

    /** Cloneable, with a covariant {@code clone()} calling {@code Object.clone()}. */
    static final class Cell implements Cloneable {
        int v;

        @Override
        public Cell clone() {
            try {
                return (Cell) super.clone();
            } catch (CloneNotSupportedException e) {
                throw new AssertionError(e);
            }
        }
    }

    public static void main(String[] args) {
        long sum = throughBothTypes(new Derived());
        sum += copies(new Cell());
        System.out.println("checksum " + sum);
        for (Class<?> c : new Class<?>[] {Base.class, Derived.class, Cell.class}) {
            System.out.println(c.getSimpleName() + " declares " + java.util.Arrays.stream(c.getDeclaredFields())
                    .map(java.lang.reflect.Field::getName).sorted().toList() + ", by name: " + byName(c));
        }
    }

    /** Whether reflection finds the shadow field by its name. */
    private static String byName(Class<?> c) {
        try {
            return c.getDeclaredField("$loupe$shadow").getName();
        } catch (NoSuchFieldException e) {
            return "none";
        }
    }

    /**
     * One object written through a {@code Base} reference and read through a {@code Derived} one:
     * each read depends on the write of its own iteration (an intra-iteration RAW, N times), and
     * each write on the previous iteration's read (a carried WAR, N - 1 times).
     */
    static long throughBothTypes(Derived d) {
        Base b = d;
        long s = 0;
        for (int i = 0; i < N; i++) {   // @bothTypes
            b.x = i;                    // @baseWrite
            s += d.x + d.y;             // @derivedRead
        }
        return s;
    }

    /**
     * Each iteration writes a fresh copy of {@code c} and reads {@code c}: the copies' writes and
     * the original's reads are different locations, so the loop carries nothing and the reads
     * depend only on the write before the loop (RAW, N times, outside the loop).
     */
    static long copies(Cell c) {
        c.v = 7;                        // @originalWrite
        long s = 0;
        for (int i = 0; i < N; i++) {   // @copies
            Cell copy = c.clone();
            copy.v = i;                 // @copyWrite
            s += c.v + copy.v;          // @bothRead
        }
        return s;
    }
}
