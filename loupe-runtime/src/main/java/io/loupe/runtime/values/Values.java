package io.loupe.runtime.values;

/**
 * The entry points that value sites call. A method with value sites fetches its thread's recorder
 * array once, at entry ({@link #recorders}), and keeps it in a local; each site then passes the
 * value (duplicated from the stack), that array and its site id. Sub-int primitives come as
 * {@code int}; {@code float} and {@code double} are recorded by their raw bits; references by their
 * runtime class.
 *
 * <p>The hot path is an array load, a null check and the site's gate ({@code --gate == 0}, see
 * {@link SiteRecorder}): under convergent profiling almost every execution stops there. Each entry
 * point is small enough for the JIT to inline into the site. The array is the thread's own, so no
 * thread lookup happens per site; when the thread's array has grown since the activation fetched
 * it, the recorder of a site first run through the older array is put in both.
 */
public final class Values {

    private static ValueThread last = ValueThread.NOBODY;

    private Values() {
    }

    /**
     * The current thread's recorders, an array of at least {@code size} entries (the highest site
     * id of the calling method, plus one). Called once per activation of a method with value sites.
     */
    public static SiteRecorder[] recorders(int size) {
        ValueThread t = last;
        if (t.owner != Thread.currentThread()) {
            t = ValueThread.current();
            last = t;
        }
        SiteRecorder[] rs = t.recorders;
        return rs.length >= size ? rs : t.grow(size);
    }

    public static void onInt(int value, SiteRecorder[] rs, int site) {
        SiteRecorder r = rs[site];
        if (r == null) {
            r = create(rs, site);
        }
        if (--r.gate == 0) {
            r.profile(value);
        }
    }

    public static void onLong(long value, SiteRecorder[] rs, int site) {
        SiteRecorder r = rs[site];
        if (r == null) {
            r = create(rs, site);
        }
        if (--r.gate == 0) {
            r.profile(value);
        }
    }

    public static void onFloat(float value, SiteRecorder[] rs, int site) {
        SiteRecorder r = rs[site];
        if (r == null) {
            r = create(rs, site);
        }
        if (--r.gate == 0) {
            r.profile(Float.floatToRawIntBits(value));
        }
    }

    public static void onDouble(double value, SiteRecorder[] rs, int site) {
        SiteRecorder r = rs[site];
        if (r == null) {
            r = create(rs, site);
        }
        if (--r.gate == 0) {
            r.profile(Double.doubleToRawLongBits(value));
        }
    }

    /** References are profiled by runtime class (looked up only when the gate lets the value in). */
    public static void onRef(Object value, SiteRecorder[] rs, int site) {
        SiteRecorder r = rs[site];
        if (r == null) {
            r = create(rs, site);
        }
        if (--r.gate == 0) {
            r.profile(value == null ? 0 : classId(r, value.getClass()));
        }
    }

    private static long classId(SiteRecorder r, Class<?> c) {
        if (c != r.lastClass) {
            r.lastClassId = ClassIds.of(c);
            r.lastClass = c;
        }
        return r.lastClassId;
    }

    /** A site's first execution through {@code rs} (slow path). */
    private static SiteRecorder create(SiteRecorder[] rs, int site) {
        SiteRecorder r = ValueThread.current().create(site);
        rs[site] = r;
        return r;
    }
}
