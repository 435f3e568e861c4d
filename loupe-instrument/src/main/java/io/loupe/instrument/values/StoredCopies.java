package io.loupe.instrument.values;

import io.loupe.data.values.Formula;
import io.loupe.data.values.SiteKind;

import java.util.Arrays;
import java.util.List;

/**
 * Local sites that need no probe of their own: a store that immediately follows the field read,
 * array load or call whose value it stores ({@code int c = buf[i];}, {@code char ch = s.charAt(i);})
 * sees exactly the values of that load's site, as often and in the same order, since nothing can
 * run between the two instructions (no label separates them, so nothing jumps in). Its profile is
 * a copy of the load's, made when the profile is written, and the method pays for one probe
 * instead of two.
 */
public final class StoredCopies {

    private StoredCopies() {
    }

    /**
     * For each site of a method (as {@link ValueSiteFinder} found them), the method-local index of
     * the site whose values it copies, or -1 for a site that has its own probe.
     */
    public static int[] sources(List<ValueSite> sites) {
        int[] source = new int[sites.size()];
        Arrays.fill(source, -1);
        for (int i = 0; i < sites.size(); i++) {
            ValueSite s = sites.get(i);
            if (s.kind() != SiteKind.LOCAL || s.producer() == null || !(s.formula() instanceof Formula.Site ref)) {
                continue;
            }
            String p = s.producer().label();
            if (!p.equals("field") && !p.equals("array") && !p.equals("call")) {
                continue;
            }
            int k = ref.id();
            if (k >= 0 && k < sites.size() && k != i && sites.get(k).kind() != SiteKind.LOCAL
                    && sites.get(k).kind() != SiteKind.PARAM && sites.get(k).position() == s.position() - 1) {
                source[i] = k;
            }
        }
        return source;
    }
}
