package io.loupe.runtime.values;

import io.loupe.data.values.SiteKind;
import io.loupe.data.values.ValueSiteMeta;
import io.loupe.data.values.ValueType;

import java.util.ArrayList;
import java.util.List;

/**
 * Static metadata of every value profiling site, indexed by site id. Ids are reserved per class
 * before its bytes are rewritten and registered once it is instrumented (like methods, see
 * {@code MethodRegistry}), so the id space has no holes. Instrumented code never calls this.
 */
public final class ValueSiteRegistry {

    private static final List<ValueSiteMeta> SITES = new ArrayList<>();
    /** Pairs (site, source): sites without a probe whose values are those of another site. */
    private static final List<int[]> COPIES = new ArrayList<>();

    private ValueSiteRegistry() {
    }

    /** Reserves {@code count} consecutive site ids and returns the first. */
    public static synchronized int reserve(int count) {
        int base = SITES.size();
        for (int i = 0; i < count; i++) {
            SITES.add(null);
        }
        return base;
    }

    /** Records the metadata of a reserved id. */
    public static synchronized void register(ValueSiteMeta meta) {
        int id = meta.id();
        if (id < 0 || id >= SITES.size() || SITES.get(id) != null) {
            throw new IllegalStateException("value site id " + id + " not reserved or registered twice");
        }
        SITES.set(id, meta);
    }

    /**
     * Declares that site {@code site} has no probe of its own and sees exactly the values of site
     * {@code source} (a store of the value a load just produced): its profile is a copy.
     */
    public static synchronized void copies(int site, int source) {
        COPIES.add(new int[] {site, source});
    }

    /** Every (site, source) pair declared by {@link #copies}. */
    public static synchronized List<int[]> copies() {
        return new ArrayList<>(COPIES);
    }

    /** The number of ids reserved so far. */
    public static synchronized int size() {
        return SITES.size();
    }

    /** The metadata of site {@code id}, or null while its class is still being instrumented. */
    public static synchronized ValueSiteMeta get(int id) {
        return id >= 0 && id < SITES.size() ? SITES.get(id) : null;
    }

    /**
     * All sites in id order; an id whose class is still being instrumented appears as a
     * placeholder of unknown class.
     */
    public static synchronized List<ValueSiteMeta> snapshot() {
        List<ValueSiteMeta> copy = new ArrayList<>(SITES.size());
        for (int i = 0; i < SITES.size(); i++) {
            ValueSiteMeta m = SITES.get(i);
            copy.add(m != null ? m : new ValueSiteMeta(i, "?", "?", "()V", null, -1, SiteKind.LOCAL, ValueType.INT,
                    0, "?", null, null));
        }
        return copy;
    }
}
