package io.loupe.maven;

import io.loupe.analysis.merge.MergeConflict;
import io.loupe.analysis.merge.MergeException;
import io.loupe.analysis.merge.MergeResult;
import io.loupe.analysis.merge.ProfileMerge;
import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.data.Profile;
import io.loupe.data.format.ProfileFormatException;
import io.loupe.data.format.ProfileReader;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The profiles the test JVMs wrote ({@code *.prof} in one or more directories), read and merged
 * into one summary as {@code loupe report a.prof b.prof} merges them (docs/merge.md). A single
 * profile is analysed as it is: merging would mark its value counts as lower bounds for nothing.
 *
 * @param files   the profiles read, in name order per directory
 * @param summary their merge, analysed
 */
record MergedProfiles(List<Path> files, ProfileSummary summary) {

    /**
     * The {@code *.prof} files of {@code dirs} (missing directories are skipped), empty ones left
     * out: a test JVM killed before its dump leaves its claimed file empty ({@link ForkAgent}), and
     * {@code warn} is told so.
     */
    static List<Path> find(List<Path> dirs, Consumer<String> warn) throws IOException {
        List<Path> found = new ArrayList<>();
        for (Path dir : dirs) {
            if (!Files.isDirectory(dir)) {
                continue;
            }
            List<Path> here = new ArrayList<>();
            try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.prof")) {
                files.forEach(here::add);
            }
            here.sort(null);
            for (Path f : here) {
                if (Files.size(f) == 0) {
                    warn.accept(f + " is empty: its test JVM ended before writing its profile (killed?); left out");
                } else {
                    found.add(f);
                }
            }
        }
        return found;
    }

    /**
     * Reads and merges {@code files} (at least one).
     *
     * @throws IllegalArgumentException one line per problem: a file that is not an intact profile,
     *                                  profiles that cannot merge, a class that differs between
     *                                  them (profiles of another build left in the directory)
     */
    static MergedProfiles of(List<Path> files) throws IOException {
        List<Profile> profiles = new ArrayList<>(files.size());
        for (Path f : files) {
            try {
                profiles.add(ProfileReader.read(f));
            } catch (ProfileFormatException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
        }
        Profile profile;
        if (profiles.size() == 1) {
            profile = profiles.get(0);
        } else {
            List<String> names = files.stream().map(Path::toString).toList();
            MergeResult result;
            try {
                result = ProfileMerge.merge(profiles, names);
            } catch (MergeException e) {
                throw new IllegalArgumentException("cannot merge the profiles: " + e.getMessage(), e);
            }
            if (!result.conflicts().isEmpty()) {
                List<String> lines = new ArrayList<>();
                for (MergeConflict c : result.conflicts()) {
                    lines.add(c.className() + ": its " + c.metadata() + " differ between " + names.get(c.kept())
                            + " and " + String.join(", ", c.leftOut().stream().map(names::get).toList()));
                }
                throw new IllegalArgumentException("the profiles hold two builds of a class (profiles of an earlier"
                        + " build left behind? prepare-agent deletes them unless append=true):\n  "
                        + String.join("\n  ", lines.stream().distinct().toList()));
            }
            profile = result.profile();
        }
        try {
            return new MergedProfiles(List.copyOf(files), ProfileSummary.of(profile));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("inconsistent profile: " + e.getMessage(), e);
        }
    }
}
