package io.loupe.cli;

import io.loupe.analysis.merge.MergeConflict;
import io.loupe.analysis.merge.MergeException;
import io.loupe.analysis.merge.MergeResult;
import io.loupe.analysis.merge.ProfileMerge;
import io.loupe.data.Profile;
import io.loupe.data.format.ProfileWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.Callable;

/**
 * {@code loupe merge FILE... --out FILE [--force]}: profiles of one program, from several runs or
 * the JVMs of a fleet, merged into one (docs/merge.md). A class whose metadata differ between the
 * profiles (another build of it) would mix two versions' counts: the merge is refused, each such
 * class named on a line of its own, unless {@code --force} is given, which keeps each from the
 * first profile that describes it and says so in a warning per class.
 */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = {"Merge profiles of one program (several runs, or the JVMs of a fleet) into one: path and k-path"
                + " counts add, value tables merge as Calder et al. merge a TNV table into another (their counts become"
                + " lower bounds), dependences unite with their counts added. A class whose metadata differ between the"
                + " profiles is refused unless --force is given."})
final class MergeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "profiles written by 'loupe run', the agent or 'loupe merge'")
    List<Path> files;

    @Option(names = "--out", paramLabel = "FILE", required = true,
            description = "the merged profile (written to a temporary file, then renamed)")
    Path out;

    @Option(names = "--force", description = "merge even if classes differ between the profiles: each such class is"
            + " kept from the first profile that describes it, its data in the others left out")
    boolean force;

    @Override
    public Integer call() {
        Profile merged = mergeFiles(files, force, spec.commandLine().getErr());
        try {
            ProfileWriter.write(merged, out);
        } catch (IOException e) {
            throw new CliException(out + ": cannot write: " + String.valueOf(e.getMessage()).replaceAll("\\s+", " ").strip());
        }
        return 0;
    }

    /**
     * The profiles in {@code files} merged into one. A class whose metadata differ between them is
     * named on {@code err}, one line each, and the merge refused unless {@code force}; with it, the
     * lines are warnings and each such class is kept from the first profile that describes it.
     */
    static Profile mergeFiles(List<Path> files, boolean force, PrintWriter err) {
        List<Profile> profiles = new ArrayList<>(files.size());
        List<String> names = new ArrayList<>(files.size());
        for (Path file : files) {
            if (ReportCommand.isTrace(file)) {
                throw new CliException(file + ": is a whole-program trace; only profiles merge");
            }
            profiles.add(ReportCommand.read(file));
            names.add(file.toString());
        }
        MergeResult result;
        try {
            result = ProfileMerge.merge(profiles, names);
        } catch (MergeException e) {
            throw new CliException("cannot merge: " + e.getMessage());
        } catch (RuntimeException e) {
            throw ReportCommand.inconsistent("cannot merge: inconsistent profiles", e);
        }
        List<String> conflicts = describe(result.conflicts(), names);
        if (!conflicts.isEmpty() && !force) {
            conflicts.forEach(line -> err.println("loupe: " + line));
            err.flush();
            throw new CliException(conflicts.size() + (conflicts.size() == 1 ? " class differs" : " classes differ")
                    + " between the profiles (another build of the program?): nothing merged; --force merges"
                    + " anyway, keeping each from the first profile that describes it");
        }
        conflicts.forEach(line -> err.println("loupe: warning: " + line + "; kept from the first"));
        err.flush();
        return result.profile();
    }

    /**
     * One line per class: {@code com.example.Foo: its methods and value sites differ between a.prof
     * and b.prof}, naming the profile kept first and those left out after it.
     */
    static List<String> describe(List<MergeConflict> conflicts, List<String> names) {
        Map<String, TreeSet<String>> kinds = new LinkedHashMap<>();
        Map<String, TreeSet<Integer>> profiles = new LinkedHashMap<>();
        Map<String, Integer> kept = new LinkedHashMap<>();
        for (MergeConflict c : conflicts) {
            kinds.computeIfAbsent(c.className(), k -> new TreeSet<>()).add(c.metadata());
            profiles.computeIfAbsent(c.className(), k -> new TreeSet<>()).addAll(c.leftOut());
            kept.merge(c.className(), c.kept(), Math::min);
        }
        List<String> lines = new ArrayList<>();
        for (var e : kinds.entrySet()) {
            String cls = e.getKey();
            List<String> others = new ArrayList<>();
            profiles.get(cls).forEach(i -> others.add(names.get(i)));
            lines.add(cls + ": its " + and(new ArrayList<>(e.getValue())) + " differ between " + names.get(kept.get(cls)) + " and " + and(others));
        }
        return lines;
    }

    private static String and(List<String> items) {
        if (items.size() == 1) {
            return items.get(0);
        }
        return String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
    }
}
