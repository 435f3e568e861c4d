package io.loupe.runtime.values;

import java.util.HashMap;
import java.util.Map;

/** What the collector reports of one site's recorder, for tests that run the recorders directly. */
final class Collected {

    private Collected() {
    }

    /** Executed: counted, plus the estimate for a quiet period under way. */
    static long executed(SiteRecorder r) {
        return r.executed() + r.quietPending();
    }

    /** Counted: what the site's probe counted, without the estimates of quiet periods (measured). */
    static long counted(SiteRecorder r) {
        return r.executed() - r.quietCredited();
    }

    /** The site's counts as the collector merges them (table, then what is pending, by the credit source). */
    static Map<Long, Long> counts(SiteRecorder r) {
        Map<Long, Long> counts = new HashMap<>();
        for (int i = 0; i < r.table.size(); i++) {
            counts.merge(r.table.value(i), r.table.count(i), Long::sum);
        }
        SiteRecorder.credit(r.creditSource(), r.creditTotal(), r.pendingSkipped() + r.quietPending(), (v, c) -> counts.merge(v, c, Long::sum));
        return counts;
    }
}
