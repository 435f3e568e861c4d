package io.loupe.analysis.merge;

import io.loupe.data.Profile;
import io.loupe.data.ProfileHeader;
import io.loupe.data.StatKeys;
import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.CallSiteMeta;
import io.loupe.data.deps.DepLoopMeta;
import io.loupe.data.deps.DepsProfile;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.paths.PathCounts;
import io.loupe.data.paths.SlabForest;
import io.loupe.data.values.ValueSiteMeta;
import io.loupe.data.values.ValueSiteProfile;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * Merges profiles of one program, from several runs or from the JVMs of a fleet, into one whose
 * counts are the sums of theirs (docs/merge.md). A pure function: no I/O, the inputs unchanged.
 *
 * <p>Ids are handed out in class-load order, so every id is renumbered through a key that names
 * the same method, site, loop or call site in every run ({@link MetadataIndex}); context nodes
 * merge structurally ({@link ContextTreeMerge}). A class whose metadata differ between the
 * profiles is a {@link MergeConflict}: its data are kept from the first profile that describes it
 * (and from those that describe it alike), never mixed with another version's. Profiles whose
 * data cannot add up at all — path data of different k, dependence profiles of different modes —
 * are refused with a {@link MergeException}.
 *
 * <p>The result is in a canonical order (metadata by key, data by merged id, trees in preorder,
 * stats and warnings sorted), so that the merge is commutative, and associative but for the value
 * tables that an intermediate merge truncates; the merge of a single profile is its canonical form.
 * Time and space are linear in the profiles' size, but for the sorts the canonical order takes.
 */
public final class ProfileMerge {

    private ProfileMerge() {
    }

    /** Merges {@code profiles} (at least one); errors name them {@code profile 1}, {@code profile 2}, …. */
    public static MergeResult merge(List<Profile> profiles) {
        List<String> names = new ArrayList<>(profiles.size());
        for (int i = 0; i < profiles.size(); i++) {
            names.add("profile " + (i + 1));
        }
        return merge(profiles, names);
    }

    /**
     * Merges {@code profiles} (at least one), {@code names} naming them in the message of a
     * {@link MergeException} (file names, say).
     */
    public static MergeResult merge(List<Profile> profiles, List<String> names) {
        if (profiles.isEmpty()) {
            throw new IllegalArgumentException("nothing to merge");
        }
        if (names.size() != profiles.size()) {
            throw new IllegalArgumentException(profiles.size() + " profiles, " + names.size() + " names");
        }
        int k = HeaderMerge.k(profiles, names);
        String mode = depsMode(profiles, names);
        MetadataIndex<MethodMeta> methods = index(MetadataKinds.METHODS, profiles, Profile::methods);
        MetadataIndex<ValueSiteMeta> valueSites = index(MetadataKinds.VALUE_SITES, profiles, Profile::valueSites);
        MetadataIndex<AccessSiteMeta> sites = index(MetadataKinds.ACCESS_SITES, profiles, p -> p.deps().sites());
        MetadataIndex<DepLoopMeta> loops = index(MetadataKinds.LOOPS, profiles, p -> p.deps().loops());
        MetadataIndex<CallSiteMeta> calls = index(MetadataKinds.CALL_SITES, profiles, p -> p.deps().calls());

        List<PathCounts> counts = PathsMerge.merge(profiles, methods);
        List<SlabForest> forests = ForestMerge.merge(profiles, methods, k);
        List<ValueSiteProfile> values = ValuesMerge.merge(profiles, valueSites);
        DepsProfile deps = DepsMerge.merge(profiles, mode, sites, loops, calls);

        ProfileHeader header = HeaderMerge.merge(profiles, k);
        var recounted = new StatsMerge.Recounted(methods.merged().size(), valueSites.merged().size(), values.size(),
                deps.contexts().size(), deps.dependences().size());
        Profile merged = new Profile(header, methods.merged(), counts, forests, StatsMerge.stats(profiles, recounted),
                StatsMerge.warnings(profiles), valueSites.merged(), values, deps);

        List<MergeConflict> conflicts = new ArrayList<>();
        for (MetadataIndex<?> index : List.of(methods, valueSites, sites, loops, calls)) {
            conflicts.addAll(index.conflicts());
        }
        conflicts.sort(Comparator.comparing(MergeConflict::className).thenComparing(MergeConflict::metadata)
                .thenComparingInt(MergeConflict::kept));
        return new MergeResult(merged, conflicts);
    }

    /**
     * How many runs {@code profile} stands for: its {@link StatKeys#MERGE_PROFILES} when
     * {@code loupe merge} wrote it, else 1.
     */
    public static long runs(Profile profile) {
        return Math.max(1, profile.stats().getOrDefault(StatKeys.MERGE_PROFILES, 1L));
    }

    /** True for a profile that merges several runs: its value counts are lower bounds. */
    public static boolean isMerge(Profile profile) {
        return runs(profile) > 1;
    }

    private static <T> MetadataIndex<T> index(MetadataKind<T> kind, List<Profile> profiles,
                                              Function<Profile, List<T>> items) {
        return MetadataIndex.of(kind, profiles.stream().map(items).toList());
    }

    /** The mode of the profiles with dependence data, which must agree; null when none has any. */
    private static String depsMode(List<Profile> profiles, List<String> names) {
        String mode = null;
        int from = -1;
        for (int i = 0; i < profiles.size(); i++) {
            String m = profiles.get(i).deps().mode();
            if (m == null) {
                continue;
            }
            if (mode != null && !mode.equals(m)) {
                throw new MergeException(names.get(from) + " holds a " + mode + " dependence profile, " + names.get(i)
                        + " a " + m + " one: dependences with and without contexts do not add up");
            }
            mode = m;
            from = i;
        }
        return mode;
    }
}
