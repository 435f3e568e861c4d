package io.loupe.analysis.merge;

import io.loupe.data.Profile;

import java.util.List;

/**
 * What {@link ProfileMerge#merge} returns: the merged profile, and the classes whose metadata
 * differed between the profiles, by class name then kind (empty when the profiles agree).
 */
public record MergeResult(Profile profile, List<MergeConflict> conflicts) {

    public MergeResult {
        conflicts = List.copyOf(conflicts);
    }
}
