package io.loupe.runtime.values;

/**
 * The entry points that value sites call: the value (on the stack after the profiled instruction,
 * duplicated), then the site id. Sub-int primitives come as {@code int}; {@code float} and
 * {@code double} are recorded by their raw bits; references by their runtime class.
 *
 * <p>The hot path finds the thread's recorders through a one-entry static cache (as {@code Loupe}
 * does for paths: its owner field is final, so a racy read is safe and a thread that finds
 * another's set takes the slow path), then the site's recorder by index, then decrements its gate
 * — under convergent profiling almost every execution stops there. Each method is small enough for
 * the JIT to inline into the site.
 */
public final class Values {

    private static ValueThread last = ValueThread.NOBODY;

    private Values() {
    }

    public static void onInt(int value, int site) {
        SiteRecorder r = recorder(site);
        if (--r.gate == 0) {
            r.profile(value);
        }
    }

    public static void onLong(long value, int site) {
        SiteRecorder r = recorder(site);
        if (--r.gate == 0) {
            r.profile(value);
        }
    }

    public static void onFloat(float value, int site) {
        SiteRecorder r = recorder(site);
        if (--r.gate == 0) {
            r.profile(Float.floatToRawIntBits(value));
        }
    }

    public static void onDouble(double value, int site) {
        SiteRecorder r = recorder(site);
        if (--r.gate == 0) {
            r.profile(Double.doubleToRawLongBits(value));
        }
    }

    /** References are profiled by runtime class (looked up only when the gate lets the value in). */
    public static void onRef(Object value, int site) {
        SiteRecorder r = recorder(site);
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

    private static SiteRecorder recorder(int site) {
        ValueThread t = last;
        if (t.owner != Thread.currentThread()) {
            t = ValueThread.current();
            last = t;
        }
        SiteRecorder[] rs = t.recorders;
        SiteRecorder r;
        if (site < rs.length && (r = rs[site]) != null) {
            return r;
        }
        return t.create(site);
    }
}
