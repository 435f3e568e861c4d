package io.loupe.analysis.merge;

import java.util.List;

/**
 * A class whose metadata of one kind differ between the profiles merged: the same class name with
 * other methods, blocks, paths or sites, i.e. other bytes (another build of it). Its data are not
 * mixed: the merge keeps the version of the first profile that describes the class (and of every
 * other profile that describes it alike), and leaves the data of the others out for that kind.
 *
 * @param className the class, binary name with dots
 * @param metadata  which metadata differ: {@code methods}, {@code value sites}, {@code access sites},
 *                  {@code loops} or {@code call sites}
 * @param kept      the index (in the list merged) of the profile whose version was kept
 * @param leftOut   the indexes of the profiles whose data of that class and kind were left out,
 *                  ascending
 */
public record MergeConflict(String className, String metadata, int kept, List<Integer> leftOut) {

    public MergeConflict {
        leftOut = List.copyOf(leftOut);
    }
}
