/**
 * Merging profiles of one program ({@code loupe merge}, docs/merge.md): {@link ProfileMerge} turns
 * the profiles of several runs, or of several JVMs of a fleet, into one profile whose counts are
 * the sums of theirs. Ids differ from run to run (they are handed out in class-load order), so
 * every id is renumbered through a key that names the same thing in every run
 * ({@link MetadataIndex}); a class whose metadata differ between the profiles is reported
 * ({@link MergeConflict}), never mixed. Each part of a profile merges in a class of its own:
 * path counts ({@link PathsMerge}), k-slab forests ({@link ForestMerge}), value profiles
 * ({@link ValuesMerge}, the TNV table rule of Calder et al.), the dependence profile
 * ({@link DepsMerge}, with {@link ContextTreeMerge}), header, stats and warnings
 * ({@link HeaderMerge}, {@link StatsMerge}). The result is in a canonical order, so that the merge
 * is commutative and associative (docs/merge.md says where the value tables make an exception).
 */
package io.loupe.analysis.merge;
