package io.loupe.data.format;

import io.loupe.data.Profile;
import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.CallSiteMeta;
import io.loupe.data.deps.ContextNode;
import io.loupe.data.deps.DepLoopMeta;
import io.loupe.data.deps.Dependence;
import io.loupe.data.deps.DepsProfile;
import io.loupe.data.deps.LoopRecord;
import io.loupe.data.meta.DagEdge;
import io.loupe.data.meta.LoopMeta;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.paths.PathCounts;
import io.loupe.data.paths.SlabForest;
import io.loupe.data.values.ValueSiteMeta;
import io.loupe.data.values.ValueSiteProfile;

import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks that a decoded profile holds together: that its data only names what its metadata
 * describes. Checksums prove that a file is what its writer wrote, not that what was written makes
 * sense; a profile with a path id beyond its method's paths, counts for a method it does not
 * describe, a methods block written twice or a dependence mode no analysis knows would otherwise be
 * reported with numbers nobody can trust, or with a warning after them. {@link ProfileReader} runs
 * this on every profile it reads and refuses the first problem found as a one-line
 * {@link ProfileFormatException} ({@code app.prof: inconsistent profile: …}).
 *
 * <p>What is checked (docs/profile-format.md, "What the reader checks"):
 * <ul>
 *   <li>metadata lists are indexed by id: the item at position i has id i (methods, value sites,
 *       access sites, dependence loops, call sites, context nodes), so an item listed twice is
 *       caught as an id described twice;</li>
 *   <li>every id the data uses is described: method ids of counts and forest nodes, path ids
 *       within {@code [0, numPaths)} of their method, value sites, access sites, loops, call sites
 *       and context nodes; a memory update's load is a read site of the update's method;</li>
 *   <li>one entry where one is meant: a counts entry per method, a value profile per site, a loop
 *       record per loop and context, strictly ascending path ids within a counts entry;</li>
 *   <li>known values: the dependence mode is one of {@link DepsProfile#MODES}, relation bits are
 *       intra, inter or both, every forest has the profile's k;</li>
 *   <li>structure: a method's DAG edges join its blocks, ENTRY and EXIT, its loops name its blocks
 *       and an enclosing loop; a forest node's parent is an earlier node of the same method; the
 *       context tree leads every node to a root, through call and loop nodes that name their site;</li>
 *   <li>counts are not negative: path counts, forest counters, value counts and executions, loop
 *       invocations and iterations, dependence counts.</li>
 * </ul>
 * Relations between counters that threads still running at exit may race on (a site's executions
 * against its profiled executions, say) are not checked: an intact profile can break them.
 */
public final class ProfileValidator {

    /** The first problem found; thrown to stop at it, caught in {@link #problem}. */
    private static final class Refusal extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Refusal(String message) {
            super(message, null, false, false);
        }
    }

    private final Profile p;

    private ProfileValidator(Profile p) {
        this.p = p;
    }

    /**
     * Refuses {@code profile} if it does not hold together.
     *
     * @param source the file (or stream) name, as the message starts with it
     * @throws ProfileFormatException {@code source: inconsistent profile: <the first problem>}
     */
    public static void check(Profile profile, String source) throws ProfileFormatException {
        String problem = problem(profile);
        if (problem != null) {
            throw new ProfileFormatException(source, "inconsistent profile: " + problem);
        }
    }

    /** The first problem of {@code profile}, in a few words, or null when it holds together. */
    public static String problem(Profile profile) {
        try {
            new ProfileValidator(profile).run();
            return null;
        } catch (Refusal r) {
            return r.getMessage();
        }
    }

    private static Refusal refuse(String problem) {
        return new Refusal(problem);
    }

    private void run() {
        if (p.header() == null) {
            throw refuse("no header");
        }
        methods();
        counts();
        forests();
        values();
        deps();
    }

    // ---------------------------------------------------------------- paths

    private void methods() {
        List<MethodMeta> methods = p.methods();
        for (int i = 0; i < methods.size(); i++) {
            MethodMeta m = methods.get(i);
            if (m == null) {
                throw refuse("method " + i + " is missing");
            }
            listedById("method", m.id(), i);
            if (m.numPaths() < 0 || m.numPaths() > Integer.MAX_VALUE) {
                // more than 2^31 - 1 paths are made to fit by cutting edges (cutEdges): path ids are ints
                throw refuse(method(m) + " claims " + m.numPaths() + " paths (0 to 2147483647)");
            }
            if (m.cutEdges() < 0) {
                throw refuse(method(m) + " has " + m.cutEdges() + " cut edges");
            }
            int blocks = m.blocks().size();
            int nodes = blocks + 2; // and the virtual ENTRY and EXIT
            for (DagEdge e : m.edges()) {
                if (e.from() < 0 || e.from() >= nodes || e.to() < 0 || e.to() >= nodes) {
                    throw refuse(method(m) + " has an edge " + e.from() + " → " + e.to() + " outside its " + blocks
                            + " blocks, ENTRY and EXIT");
                }
            }
            for (int l = 0; l < m.loops().size(); l++) {
                LoopMeta loop = m.loops().get(l);
                if (loop.parent() < -1 || loop.parent() >= m.loops().size() || loop.parent() == l) {
                    throw refuse(method(m) + ": loop " + l + " names loop " + loop.parent()
                            + " as its parent, not another of the method's " + m.loops().size() + " loops");
                }
                if (outside(loop.header(), blocks) || anyOutside(loop.blocks(), blocks)
                        || anyOutside(loop.backEdgeSources(), blocks)) {
                    throw refuse(method(m) + ": loop " + l + " names a block beyond the method's " + blocks);
                }
            }
        }
    }

    private void counts() {
        BitSet counted = new BitSet();
        for (PathCounts c : p.counts()) {
            MethodMeta m = describedMethod(c.methodId(), "path counts");
            if (counted.get(c.methodId())) {
                throw refuse("a second counts entry for " + method(m));
            }
            counted.set(c.methodId());
            long[] ids = c.ids();
            for (int i = 0; i < ids.length; i++) {
                if (i > 0 && ids[i] <= ids[i - 1]) {
                    throw refuse("path ids of " + method(m) + " are not ascending: " + ids[i] + " after " + ids[i - 1]);
                }
                pathId(m, ids[i], "path");
                if (c.counts()[i] < 0) {
                    throw refuse("path " + ids[i] + " of " + method(m) + " has a negative count (" + c.counts()[i]
                            + ")");
                }
            }
        }
    }

    private void forests() {
        for (SlabForest f : p.forests()) {
            String forest = "the forest of thread '" + f.thread() + "'";
            if (f.k() != p.header().k()) {
                throw refuse(forest + " is for k = " + f.k() + ", the profile for k = " + p.header().k());
            }
            if (f.pruned() < 0 || f.prunedCount() < 0) {
                throw refuse(forest + " has a negative pruned count");
            }
            int[] parent = f.parent();
            for (int i = 0; i < f.size(); i++) {
                String node = "node " + i + " of " + forest;
                // The runtime creates a node after its parent, and the k-IPF builder relies on it.
                if (parent[i] < -1 || parent[i] >= i) {
                    throw refuse(node + " has parent " + parent[i] + ", not an earlier node");
                }
                if (parent[i] >= 0 && f.method()[i] != f.method()[parent[i]]) {
                    throw refuse(node + " is in method " + f.method()[i] + ", its parent in method "
                            + f.method()[parent[i]]);
                }
                MethodMeta m = describedMethod(f.method()[i], node);
                pathId(m, f.label()[i], node + ": path");
                if (f.count()[i] < 0) {
                    throw refuse(node + " has a negative count (" + f.count()[i] + ")");
                }
            }
        }
    }

    private MethodMeta describedMethod(int id, String what) {
        if (id < 0 || id >= p.methods().size()) {
            throw refuse(what + " for method " + id + ", which the profile does not describe ("
                    + described(p.methods().size(), "method") + ")");
        }
        return p.methods().get(id);
    }

    private static void pathId(MethodMeta m, long id, String what) {
        if (id < 0 || id >= m.numPaths()) {
            throw refuse(what + " " + id + " of " + method(m) + " is out of range: the method has " + m.numPaths()
                    + (m.numPaths() == 1 ? " path" : " paths"));
        }
    }

    private static String method(MethodMeta m) {
        return "method " + m.id() + " (" + m.className() + "." + m.name() + m.desc() + ")";
    }

    // ---------------------------------------------------------------- values

    private void values() {
        List<ValueSiteMeta> sites = p.valueSites();
        for (int i = 0; i < sites.size(); i++) {
            if (sites.get(i) == null) {
                throw refuse("value site " + i + " is missing");
            }
            listedById("value site", sites.get(i).id(), i);
        }
        BitSet seen = new BitSet();
        for (ValueSiteProfile v : p.values()) {
            int id = v.siteId();
            if (id < 0 || id >= sites.size()) {
                throw refuse("values recorded for value site " + id + ", which the profile does not describe ("
                        + described(sites.size(), "value site") + ")");
            }
            if (seen.get(id)) {
                throw refuse("a second value profile for value site " + id);
            }
            seen.set(id);
            String site = "value site " + id;
            notNegative("the executions of " + site, v.executed());
            notNegative("the profiled executions of " + site, v.profiled());
            notNegative("the weight of " + site, v.weight());
            notNegative("the MRV hits of " + site, v.mrvHits());
            notNegative("the switch-offs of " + site, v.switchedOff());
            notNegative("the switch-ons of " + site, v.switchedOn());
            if (v.timeline() != null && v.timeline().switches().length > v.switchedOff() + v.switchedOn()) {
                throw refuse(site + " keeps " + v.timeline().switches().length + " switches of its "
                        + (v.switchedOff() + v.switchedOn()));
            }
            for (int i = 0; i < v.counts().length; i++) {
                notNegative("the count of value " + v.values()[i] + " at " + site, v.counts()[i]);
            }
            measured(v, site);
        }
    }

    /**
     * A site's measured figures against its estimates: the executions its probe counted are among
     * the executions it ran (known or -1), and what the table counted of a value's profiled
     * executions is part of that value's count, and within the site's profiled executions.
     */
    private void measured(ValueSiteProfile v, String site) {
        if (v.counted() < -1 || v.counted() > v.executed()) {
            throw refuse("the counted executions of " + site + " (" + v.counted() + ") are not between 0 and its "
                    + v.executed() + " executions");
        }
        long[] seen = v.profiledCounts();
        if (seen == null) {
            return;
        }
        long sum = 0;
        for (int i = 0; i < seen.length; i++) {
            if (seen[i] < 0 || seen[i] > v.counts()[i]) {
                throw refuse("the profiled count of value " + v.values()[i] + " at " + site + " (" + seen[i]
                        + ") is not between 0 and its count " + v.counts()[i]);
            }
            sum += seen[i];
        }
        if (sum > v.profiled()) {
            throw refuse("the profiled counts of " + site + " add up to " + sum + ", more than its " + v.profiled()
                    + " profiled executions");
        }
    }

    // ---------------------------------------------------------------- dependences

    private void deps() {
        DepsProfile d = p.deps();
        if (d.mode() == null) {
            if (!d.isEmpty()) {
                throw refuse("dependence data without a dependence profiling mode");
            }
            return;
        }
        if (!DepsProfile.MODES.contains(d.mode())) {
            throw refuse("unknown dependence profiling mode '" + d.mode() + "' (known: "
                    + String.join(", ", DepsProfile.MODES) + ")");
        }
        boolean camp = d.mode().equals(DepsProfile.CAMP);
        for (int i = 0; i < d.sites().size(); i++) {
            AccessSiteMeta s = d.sites().get(i);
            listedById("access site", s == null ? -1 : s.id(), i);
        }
        updates(d);
        for (int i = 0; i < d.calls().size(); i++) {
            CallSiteMeta c = d.calls().get(i);
            listedById("call site", c == null ? -1 : c.id(), i);
        }
        for (int i = 0; i < d.loops().size(); i++) {
            DepLoopMeta l = d.loops().get(i);
            listedById("dependence loop", l == null ? -1 : l.id(), i);
            if (l.parent() != -1) {
                loop(d, l.parent(), "loop " + i + " as its parent names");
            }
        }
        if (camp) {
            contextTree(d);
        } else if (!d.contexts().isEmpty()) {
            throw refuse("a lamp profile with context nodes (lamp mode has no contexts)");
        }
        Set<Long> recorded = new HashSet<>();
        for (LoopRecord r : d.loopRecords()) {
            loop(d, r.loop(), "a loop record names");
            String record = "loop record of loop " + r.loop() + " in context " + r.context();
            if (camp) {
                ContextNode node = node(d, r.context(), "the " + record + " names");
                if (node.kind() != ContextNode.Kind.LOOP || node.site() != r.loop()) {
                    throw refuse("the " + record + ": the context node is not one of that loop");
                }
            } else if (r.context() != -1) {
                throw refuse("the " + record + ": lamp mode has no contexts");
            }
            if (!recorded.add((long) r.loop() << 32 | (r.context() & 0xFFFFFFFFL))) {
                throw refuse("a second " + record);
            }
            notNegative("the invocations in the " + record, r.invocations());
            notNegative("the iterations in the " + record, r.iterations());
            notNegative("the decided invocations in the " + record, r.decidedInvocations());
            if (r.decidedInvocations() > r.invocations()) {
                throw refuse("the " + record + " has more invocations decided than invocations");
            }
        }
        for (io.loupe.data.deps.AbsintProfile.NestRecord n : d.absint().nests()) {
            for (int loop : n.loops()) {
                loop(d, loop, "nest " + n.nest() + " names");
            }
            notNegative("the decided invocations of nest " + n.nest(), n.decided());
            notNegative("the untraced accesses of nest " + n.nest(), n.untracedAccesses());
        }
        for (Dependence dep : d.dependences()) {
            String what = dep.type() + " dependence " + dep.srcSite() + " → " + dep.dstSite();
            site(d, dep.srcSite(), what + " names");
            site(d, dep.dstSite(), what + " names");
            if (camp) {
                node(d, dep.srcContext(), what + " names");
                node(d, dep.dstContext(), what + " names");
            } else if (dep.srcContext() != -1 || dep.dstContext() != -1) {
                throw refuse(what + " names a context; lamp mode has none");
            }
            notNegative("the count of " + what, dep.count());
            for (int i = 0; i < dep.loops().length; i++) {
                int level = dep.loops()[i];
                if (camp) {
                    ContextNode node = node(d, level, what + " at a loop level names");
                    if (node.kind() != ContextNode.Kind.LOOP) {
                        throw refuse(what + " has loop level " + level + ", a context node that is no loop");
                    }
                } else {
                    loop(d, level, what + " at a loop level names");
                }
                int bits = dep.relations()[i] & 0xFF;
                if (bits == 0 || (bits & ~(Dependence.INTRA | Dependence.INTER | Dependence.NEAR)) != 0
                        || (bits & Dependence.NEAR) != 0 && (bits & Dependence.INTER) == 0) {
                    throw refuse(what + " has relation bits " + bits + " at loop level " + level
                            + " (intra 1, inter 2, both 3; inter at distance 1 adds 4)");
                }
            }
        }
    }

    /**
     * Camp mode: node i has id i; a root has no parent, every other node a parent that leads to a
     * root (no cycle); a call node names a call site and a loop node a loop.
     */
    private static void contextTree(DepsProfile d) {
        List<ContextNode> nodes = d.contexts();
        int n = nodes.size();
        for (int i = 0; i < n; i++) {
            ContextNode c = nodes.get(i);
            listedById("context node", c == null ? -1 : c.id(), i);
            switch (c.kind()) {
                case ROOT -> {
                    if (c.parent() != -1) {
                        throw refuse("context node " + i + " is a root with parent " + c.parent());
                    }
                }
                case CALL -> {
                    if (c.site() < 0 || c.site() >= d.calls().size()) {
                        throw refuse("context node " + i + " names call site " + c.site()
                                + ", which the profile does not describe (" + described(d.calls().size(), "call site")
                                + ")");
                    }
                }
                case LOOP -> loop(d, c.site(), "context node " + i + " names");
            }
            if (c.kind() != ContextNode.Kind.ROOT && (c.parent() < 0 || c.parent() >= n)) {
                throw refuse("context node " + i + " has parent " + c.parent() + ", which is not a node ("
                        + described(n, "context node") + ")");
            }
        }
        // Every node leads to a root: walk up, marking nodes known to; a node met twice on one walk is a cycle.
        byte[] state = new byte[n]; // 0 not seen, 1 on the current walk, 2 leads to a root
        int[] walk = new int[n];
        for (int i = 0; i < n; i++) {
            int length = 0;
            int at = i;
            while (at >= 0 && state[at] == 0) {
                state[at] = 1;
                walk[length++] = at;
                at = nodes.get(at).parent();
            }
            if (at >= 0 && state[at] == 1) {
                throw refuse("context node " + i + " does not lead to a root (a cycle in the context tree)");
            }
            for (int j = 0; j < length; j++) {
                state[walk[j]] = 2;
            }
        }
    }

    /** A memory update names a site of its own method, by ordinal, that reads (the load it writes back). */
    private static void updates(DepsProfile d) {
        Map<String, AccessSiteMeta> byOrdinal = null;
        for (AccessSiteMeta s : d.sites()) {
            if (s.update() == null) {
                continue;
            }
            if (byOrdinal == null) {
                byOrdinal = new HashMap<>();
                for (AccessSiteMeta o : d.sites()) {
                    byOrdinal.putIfAbsent(ordinalKey(o, o.index()), o);
                }
            }
            AccessSiteMeta load = byOrdinal.get(ordinalKey(s, s.updateOf()));
            if (load == null || !load.reads()) {
                throw refuse("access site " + s.id() + " (" + s.className() + "." + s.signature() + ") is an update of its"
                        + " method's access site " + s.updateOf() + ", which " + (load == null ? "the profile does not describe"
                        : "does not read"));
            }
        }
    }

    private static String ordinalKey(AccessSiteMeta s, int index) {
        return s.className() + ' ' + s.signature() + ' ' + index;
    }

    private static void site(DepsProfile d, int id, String what) {
        if (id < 0 || id >= d.sites().size()) {
            throw refuse(what + " access site " + id + ", which the profile does not describe ("
                    + described(d.sites().size(), "access site") + ")");
        }
    }

    private static void loop(DepsProfile d, int id, String what) {
        if (id < 0 || id >= d.loops().size()) {
            throw refuse(what + " loop " + id + ", which the profile does not describe ("
                    + described(d.loops().size(), "loop") + ")");
        }
    }

    private static ContextNode node(DepsProfile d, int id, String what) {
        if (id < 0 || id >= d.contexts().size()) {
            throw refuse(what + " context " + id + ", which is not a node of the context tree ("
                    + described(d.contexts().size(), "node") + ")");
        }
        return d.contexts().get(id);
    }

    // ---------------------------------------------------------------- shared

    /**
     * The item at {@code position} of a list indexed by id must have that id. An id below its
     * position was listed before: the item is described twice (a block written twice, say).
     */
    private static void listedById(String what, int id, int position) {
        if (id == position) {
            return;
        }
        if (id >= 0 && id < position) {
            throw refuse(what + " " + id + " is described twice");
        }
        throw refuse("the " + what + "s are not listed by id: " + what + " " + id + " is at position " + position);
    }

    private static void notNegative(String what, long value) {
        if (value < 0) {
            throw refuse(what + " is negative (" + value + ")");
        }
    }

    private static boolean outside(int block, int blocks) {
        return block < 0 || block >= blocks;
    }

    private static boolean anyOutside(int[] ids, int blocks) {
        for (int id : ids) {
            if (outside(id, blocks)) {
                return true;
            }
        }
        return false;
    }

    /** {@code ids 0 to 3}, {@code id 0}, or {@code none}: what a list of {@code n} describes. */
    private static String described(int n, String what) {
        return n == 0 ? "it describes no " + what : n == 1 ? what + " id 0 only" : what + " ids 0 to " + (n - 1);
    }
}
