package io.loupe.bench;

import io.loupe.analysis.kpaths.KPathForest;
import io.loupe.analysis.summary.MethodProfile;
import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.data.Profile;
import io.loupe.data.StatKeys;
import io.loupe.data.format.ProfileReader;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What pruning the k-slab forest loses: compares a profile taken with a node budget against one of
 * the same run without (the same deterministic workload, same k). Prints the forest sizes, whether
 * plain path counts agree (they must), the share of multi-path k-path executions the pruned
 * profile still counts, and how many of the unpruned profile's hottest multi-path k-paths keep
 * their exact count.
 *
 * <p>Run: {@code java -cp loupe-bench/target/classes:$(cat loupe-bench/target/bench.classpath)
 * io.loupe.bench.PruningComparison FULL.prof PRUNED.prof [top]}
 */
public final class PruningComparison {

    private PruningComparison() {
    }

    public static void main(String[] args) throws IOException {
        Profile full = ProfileReader.read(Path.of(args[0]));
        Profile pruned = ProfileReader.read(Path.of(args[1]));
        int top = args.length > 2 ? Integer.parseInt(args[2]) : 100;
        Map<String, Long> a = kpaths(full);
        Map<String, Long> b = kpaths(pruned);
        long plainDiffer = a.keySet().stream().filter(key -> !key.contains("→"))
                .filter(key -> !a.get(key).equals(b.get(key))).count();
        long multiFull = sum(a, true);
        long multiPruned = sum(b, true);
        List<Map.Entry<String, Long>> hottest = new ArrayList<>(a.entrySet().stream().filter(e -> e.getKey().contains("→")).toList());
        hottest.sort(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()));
        int exact = 0;
        double relativeError = 0;
        int considered = Math.min(top, hottest.size());
        for (int i = 0; i < considered; i++) {
            long want = hottest.get(i).getValue();
            long got = b.getOrDefault(hottest.get(i).getKey(), 0L);
            exact += want == got ? 1 : 0;
            relativeError += Math.abs(want - got) / (double) want;
        }
        System.out.printf("forest nodes: %s without budget, %s with (%s pruned in %s prunes)%n",
                full.stats().get(StatKeys.PATHS_FOREST_NODES), pruned.stats().get(StatKeys.PATHS_FOREST_NODES),
                pruned.stats().get(StatKeys.PATHS_PRUNED_NODES), pruned.stats().get(StatKeys.PATHS_PRUNES));
        System.out.printf("k-IPF nodes: %d without budget, %d with%n", a.size(), b.size());
        System.out.printf("plain path counts that differ: %d of %d%n",
                plainDiffer, a.keySet().stream().filter(key -> !key.contains("→")).count());
        System.out.printf("multi-path k-path executions kept: %.2f%% (%d of %d)%n",
                multiFull == 0 ? 100.0 : 100.0 * multiPruned / multiFull, multiPruned, multiFull);
        System.out.printf("hottest %d multi-path k-paths: %d with their exact count, mean relative error %.3f%%%n",
                considered, exact, considered == 0 ? 0 : 100 * relativeError / considered);
    }

    /** Every k-IPF node as "class.method#id→id…" → count. */
    static Map<String, Long> kpaths(Profile p) {
        Map<String, Long> out = new HashMap<>();
        for (MethodProfile mp : ProfileSummary.of(p).methods()) {
            KPathForest f = mp.kpaths();
            String method = mp.meta().className() + "." + mp.meta().signature() + "#";
            f.forEachPath(kp -> out.merge(method + String.join("→",
                    Arrays.stream(kp.ids()).mapToObj(Long::toString).toList()), kp.count(), Long::sum));
        }
        return out;
    }

    private static long sum(Map<String, Long> m, boolean multi) {
        return m.entrySet().stream().filter(e -> e.getKey().contains("→") == multi).mapToLong(Map.Entry::getValue).sum();
    }
}
