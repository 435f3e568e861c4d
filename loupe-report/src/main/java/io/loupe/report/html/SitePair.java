package io.loupe.report.html;

import io.loupe.analysis.deps.DepEdge;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The dependences between two access sites, over all the context pairs they ran in (camp keeps one
 * per pair): what a line of source shows, where contexts would repeat one dependence many times.
 * The loop pages list them per context.
 *
 * @param first    the first of them, in report order (its type, ends and levels stand for all)
 * @param count    their counts summed
 * @param contexts how many there are
 */
record SitePair(DepEdge first, long count, int contexts) {

    /** {@code edges} grouped by type, source site, destination site and thread-crossing; most frequent first. */
    static List<SitePair> of(List<DepEdge> edges) {
        Map<String, SitePair> byPair = new LinkedHashMap<>();
        for (DepEdge e : edges) {
            String key = e.type() + " " + e.src().site().id() + " " + e.dst().site().id() + " " + e.crossThread();
            SitePair p = byPair.get(key);
            byPair.put(key, p == null ? new SitePair(e, e.count(), 1) : new SitePair(p.first, p.count + e.count(),
                    p.contexts + 1));
        }
        List<SitePair> pairs = new ArrayList<>(byPair.values());
        pairs.sort(Comparator.comparingLong(SitePair::count).reversed());
        return pairs;
    }
}
