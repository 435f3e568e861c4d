package io.loupe.runtime.deps;

import io.loupe.data.Profile;
import io.loupe.data.ProfileHeader;
import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.DepMode;
import io.loupe.data.deps.DepType;
import io.loupe.data.deps.DepsProfile;
import io.loupe.data.format.ProfileWriter;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * A JVM of its own for {@code LargeDependenceDumpTest}: fills one thread's dependence table with
 * {@code sites²} dependences (lamp mode, every pair of sites) and writes them as the dump does,
 * streamed from the table, in whatever heap it was given. Prints what could not be written.
 */
public final class LargeDependenceDump {

    public static void main(String[] args) throws Exception {
        int sites = Integer.parseInt(args[0]);
        Path out = Path.of(args[1]);
        DepProfiler profiler = new DepProfiler(DepMode.LAMP, site -> 0);
        DepThread thread = profiler.newThread();
        long access = 0;
        for (int src = 0; src < sites; src++) {
            for (int dst = 0; dst < sites; dst++) {
                thread.table.hit(DepType.RAW, false, src, -1, dst, -1, ++access, 1);
            }
        }
        List<AccessSiteMeta> metas = new ArrayList<>();
        for (int s = 0; s < sites; s++) {
            metas.add(new AccessSiteMeta(s, "C", "m", "()V", null, s, s, "iaload", true, false, "int[]"));
        }
        DepsProfile deps = new DepsProfile(DepsProfile.LAMP, metas, List.of(), List.of(), List.of(), List.of(),
                profiler.dependences());
        Profile p = new Profile(new ProfileHeader("test", 0, "profile=deps", 1, "jvm", "cmd"), List.of(), List.of(),
                List.of(), new LinkedHashMap<>(), new ArrayList<>(), List.of(), List.of(), deps);
        System.out.println(ProfileWriter.writeSalvaging(p, out, List::of));
    }
}
