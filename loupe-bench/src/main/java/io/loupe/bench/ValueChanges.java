package io.loupe.bench;

import io.loupe.data.Profile;
import io.loupe.data.format.ProfileReader;
import io.loupe.data.values.SiteKind;
import io.loupe.data.values.ValueSiteMeta;
import io.loupe.data.values.ValueSiteProfile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How often the values of a program change, from its full value profiles: what full profiling's
 * TNV tables must take in whatever the probe costs. Under full profiling every execution is
 * profiled, and an execution that is not an MRV hit starts a run of a new value (in its thread),
 * which the paper's table counts by one update ({@code SiteRecorder.change}, docs/values.md
 * <i>Full profiling counts runs</i>). So a site's changes of value are {@code profiled − mrvHits},
 * a property of the program and of the sites profiled, not of Loupe's code.
 *
 * <p>For every full profile the harness kept ({@code --keep-profiles DIR}, configuration
 * {@code values}, files {@code <workload>-values-<round>.prof}) it prints one Markdown row:
 * executions and changes at the load sites (parameters, fields, array elements, call results), and
 * at the {@code local} sites. Every load site has a probe of its own; a local site whose store
 * follows its load has none and shares the load's profile (docs/values.md, <i>Stores of a value
 * just loaded</i>), so the loads' changes are a lower bound of the changes the runtime handles and
 * the sum of both columns an upper bound.
 *
 * <p>Run: {@code java -cp loupe-bench/target/classes:$(cat loupe-bench/target/bench.classpath)
 * io.loupe.bench.ValueChanges DIR}
 */
public final class ValueChanges {

    private static final Pattern FULL = Pattern.compile("(.+?)-values-(\\d+)\\.prof");

    private ValueChanges() {
    }

    public static void main(String[] args) throws IOException {
        System.out.print(render(KeptProfiles.directory(args, "ValueChanges")));
    }

    static String render(Path dir) throws IOException {
        List<String> names = KeptProfiles.names(dir);
        StringBuilder md = new StringBuilder();
        md.append("| workload | round | load executions | load changes | share | local executions | local changes | share |\n");
        md.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        for (String name : names) {
            Matcher m = FULL.matcher(name);
            if (!m.matches()) {
                continue;
            }
            Counts c = count(ProfileReader.read(dir.resolve(name)));
            md.append(String.format(Locale.ROOT, "| %s | %s | %.3g | %.3g | %.1f%% | %.3g | %.3g | %.1f%% |%n",
                    m.group(1), m.group(2), (double) c.loadExecutions, (double) c.loadChanges,
                    share(c.loadChanges, c.loadExecutions), (double) c.localExecutions, (double) c.localChanges,
                    share(c.localChanges, c.localExecutions)));
        }
        return md.toString();
    }

    /** Executions and changes of value at a profile's load sites and at its local sites. */
    record Counts(long loadExecutions, long loadChanges, long localExecutions, long localChanges) {
    }

    /**
     * Sums a full profile's sites by kind. A site that skipped executions (a convergent profile's)
     * is refused: its MRV hits do not count its changes.
     */
    static Counts count(Profile p) {
        long loadExecutions = 0;
        long loadChanges = 0;
        long localExecutions = 0;
        long localChanges = 0;
        for (ValueSiteProfile s : p.values()) {
            ValueSiteMeta meta = s.siteId() < p.valueSites().size() ? p.valueSites().get(s.siteId()) : null;
            if (meta == null) {
                throw new IllegalArgumentException("value site " + s.siteId() + " ran but the profile does not describe it");
            }
            if (s.profiled() != s.executed()) {
                throw new IllegalArgumentException("value site " + s.siteId() + " profiled " + s.profiled() + " of "
                        + s.executed() + " executions: not a full profile, whose changes of value it could count");
            }
            long changes = s.profiled() - s.mrvHits();
            if (meta.kind() == SiteKind.LOCAL) {
                localExecutions += s.executed();
                localChanges += changes;
            } else {
                loadExecutions += s.executed();
                loadChanges += changes;
            }
        }
        return new Counts(loadExecutions, loadChanges, localExecutions, localChanges);
    }

    private static double share(long part, long whole) {
        return whole == 0 ? 0 : 100.0 * part / whole;
    }
}
