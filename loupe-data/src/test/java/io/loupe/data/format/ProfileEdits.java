package io.loupe.data.format;

import io.loupe.data.Profile;
import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.ContextNode;
import io.loupe.data.deps.Dependence;
import io.loupe.data.deps.DepsProfile;
import io.loupe.data.deps.LoopRecord;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.paths.PathCounts;
import io.loupe.data.paths.SlabForest;
import io.loupe.data.values.ValueSiteMeta;
import io.loupe.data.values.ValueSiteProfile;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/** A profile with one part replaced, for tests that break one thing at a time. */
final class ProfileEdits {

    private ProfileEdits() {
    }

    static Profile methods(Profile p, List<MethodMeta> methods) {
        return new Profile(p.header(), methods, p.counts(), p.forests(), p.stats(), p.warnings(), p.valueSites(),
                p.values(), p.deps());
    }

    static Profile counts(Profile p, List<PathCounts> counts) {
        return new Profile(p.header(), p.methods(), counts, p.forests(), p.stats(), p.warnings(), p.valueSites(),
                p.values(), p.deps());
    }

    static Profile forests(Profile p, List<SlabForest> forests) {
        return new Profile(p.header(), p.methods(), p.counts(), forests, p.stats(), p.warnings(), p.valueSites(),
                p.values(), p.deps());
    }

    static Profile valueSites(Profile p, List<ValueSiteMeta> sites) {
        return new Profile(p.header(), p.methods(), p.counts(), p.forests(), p.stats(), p.warnings(), sites,
                p.values(), p.deps());
    }

    static Profile values(Profile p, List<ValueSiteProfile> values) {
        return new Profile(p.header(), p.methods(), p.counts(), p.forests(), p.stats(), p.warnings(), p.valueSites(),
                values, p.deps());
    }

    static Profile deps(Profile p, DepsProfile deps) {
        return new Profile(p.header(), p.methods(), p.counts(), p.forests(), p.stats(), p.warnings(), p.valueSites(),
                p.values(), deps);
    }

    static Profile mode(Profile p, String mode) {
        DepsProfile d = p.deps();
        return deps(p, new DepsProfile(mode, d.sites(), d.loops(), d.calls(), d.contexts(), d.loopRecords(),
                d.dependences()));
    }

    static Profile accessSites(Profile p, List<AccessSiteMeta> sites) {
        DepsProfile d = p.deps();
        return deps(p, new DepsProfile(d.mode(), sites, d.loops(), d.calls(), d.contexts(), d.loopRecords(),
                d.dependences()));
    }

    static Profile contexts(Profile p, List<ContextNode> contexts) {
        DepsProfile d = p.deps();
        return deps(p, new DepsProfile(d.mode(), d.sites(), d.loops(), d.calls(), contexts, d.loopRecords(),
                d.dependences()));
    }

    static Profile loopRecords(Profile p, List<LoopRecord> records) {
        DepsProfile d = p.deps();
        return deps(p, new DepsProfile(d.mode(), d.sites(), d.loops(), d.calls(), d.contexts(), records,
                d.dependences()));
    }

    static Profile dependences(Profile p, List<Dependence> dependences) {
        DepsProfile d = p.deps();
        return deps(p, new DepsProfile(d.mode(), d.sites(), d.loops(), d.calls(), d.contexts(), d.loopRecords(),
                dependences));
    }

    /** {@code list} with the element at {@code i} replaced by {@code edit} of it. */
    static <T> List<T> replace(List<T> list, int i, UnaryOperator<T> edit) {
        List<T> copy = new ArrayList<>(list);
        copy.set(i, edit.apply(copy.get(i)));
        return copy;
    }

    /** {@code list} and {@code more} after it. */
    @SafeVarargs
    static <T> List<T> plus(List<T> list, T... more) {
        List<T> copy = new ArrayList<>(list);
        copy.addAll(List.of(more));
        return copy;
    }
}
