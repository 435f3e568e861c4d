package io.loupe.runtime.values;

/**
 * The entry points that value sites call. A method with value sites fetches its thread's recorder
 * array once, at entry ({@link #recorders}), and keeps it in a local; each site then passes the
 * value (duplicated from the stack), that array and its site id. Sub-int primitives come as
 * {@code int}; {@code float} and {@code double} are recorded by their raw bits; references by their
 * runtime class.
 *
 * <p>The hot path is an array load and the site's gate ({@code --gate == 0}, see
 * {@link SiteRecorder}): under convergent profiling almost every execution stops there. Under
 * full profiling the sites call the {@code full*} methods instead, whose hot path is the same
 * array load, a compare with the site's previous value and a count: the value is added to the
 * table only when it changes ({@link SiteRecorder}, <i>Full profiling counts runs</i>). It has no
 * null check (the recorders of a method's sites are created together, before its first
 * activation in a thread uses them) and one call, to the slow path: what a probe adds to the
 * compiled code of its method stays small, so the JIT keeps inlining the instrumented method into
 * its callers as it did the original. The array is the thread's own, so no thread lookup happens
 * per site; an array that has grown since an activation fetched it holds the same recorders.
 */
public final class Values {

    private static ValueThread last = ValueThread.NOBODY;

    private Values() {
    }

    /**
     * The current thread's recorders, with one ready for each site id in {@code [first, end)}: the
     * calling method's sites. Called once per activation of a method with value sites; after a
     * method's first activation in a thread it is two loads and two compares.
     */
    public static SiteRecorder[] recorders(int first, int end) {
        ValueThread t = last;
        if (t.owner != Thread.currentThread()) {
            t = ValueThread.current();
            last = t;
        }
        SiteRecorder[] rs = t.recorders;
        if (end <= rs.length && rs[end - 1] != null) {
            return rs;
        }
        return t.prepare(first, end);
    }

    public static void onInt(int value, SiteRecorder[] rs, int site) {
        SiteRecorder r = rs[site];
        if (--r.gate == 0) {
            r.profile(value);
        }
    }

    public static void onLong(long value, SiteRecorder[] rs, int site) {
        SiteRecorder r = rs[site];
        if (--r.gate == 0) {
            r.profile(value);
        }
    }

    public static void onFloat(float value, SiteRecorder[] rs, int site) {
        SiteRecorder r = rs[site];
        if (--r.gate == 0) {
            r.profile(Float.floatToRawIntBits(value));
        }
    }

    public static void onDouble(double value, SiteRecorder[] rs, int site) {
        SiteRecorder r = rs[site];
        if (--r.gate == 0) {
            r.profile(Double.doubleToRawLongBits(value));
        }
    }

    /** References are profiled by runtime class (looked up only when the gate lets the value in). */
    public static void onRef(Object value, SiteRecorder[] rs, int site) {
        SiteRecorder r = rs[site];
        if (--r.gate == 0) {
            r.profile(value == null ? 0 : classId(r, value.getClass()));
        }
    }

    // ---- full profiling: run counting (see SiteRecorder) ----

    /** The class a run of nulls is kept under: never instantiated, so no value has it. */
    static final class NoClass {
        private NoClass() {
        }
    }

    public static void fullInt(int value, SiteRecorder[] rs, int site) {
        SiteRecorder r = rs[site];
        if (value == r.runValue) {
            r.run++;
        } else {
            r.change(value);
        }
    }

    public static void fullLong(long value, SiteRecorder[] rs, int site) {
        SiteRecorder r = rs[site];
        if (value == r.runValue) {
            r.run++;
        } else {
            r.change(value);
        }
    }

    public static void fullFloat(float value, SiteRecorder[] rs, int site) {
        SiteRecorder r = rs[site];
        int bits = Float.floatToRawIntBits(value);
        if (bits == r.runValue) {
            r.run++;
        } else {
            r.change(bits);
        }
    }

    public static void fullDouble(double value, SiteRecorder[] rs, int site) {
        SiteRecorder r = rs[site];
        long bits = Double.doubleToRawLongBits(value);
        if (bits == r.runValue) {
            r.run++;
        } else {
            r.change(bits);
        }
    }

    public static void fullRef(Object value, SiteRecorder[] rs, int site) {
        SiteRecorder r = rs[site];
        Class<?> c = value == null ? NoClass.class : value.getClass();
        if (c == r.runClass) {
            r.run++;
        } else {
            r.changeClass(c);
        }
    }

    private static long classId(SiteRecorder r, Class<?> c) {
        if (c != r.lastClass) {
            r.lastClassId = ClassIds.of(c);
            r.lastClass = c;
        }
        return r.lastClassId;
    }
}
