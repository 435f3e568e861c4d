package io.loupe.report;

import java.util.Locale;

/** Shares as people read them. */
public final class Percent {

    private Percent() {
    }

    /**
     * A whole percentage, as in the paper's Fig. 4 reading ("66% of the time"). A share that is
     * not zero never shows as 0%, one that is not all never as 100%.
     */
    public static String whole(double share) {
        long p = Math.round(share * 100);
        if (p == 0 && share > 0) {
            return "<1%";
        }
        if (p == 100 && share < 1) {
            return ">99%";
        }
        return p + "%";
    }

    /** A percentage with one decimal, for tables ("66.0%"). */
    public static String oneDecimal(double share) {
        return String.format(Locale.ROOT, "%.1f%%", share * 100);
    }

    /** A count with thousands separators. */
    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
