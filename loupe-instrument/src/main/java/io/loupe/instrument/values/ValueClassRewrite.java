package io.loupe.instrument.values;

import io.loupe.data.sink.InstrumentationSink;
import io.loupe.instrument.emit.CodeSizes;
import io.loupe.instrument.rewrite.ClassRewrite;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Value profiling's part in rewriting a class. Its sites are found in the original bytecode of
 * every method with code when it is planned, and the class's site ids reserved at once (in method
 * order, then site order) and declared, the sites of methods left alone included (they never run).
 *
 * <p>With quiet periods (convergent profiling, path profiling off), a method is a quiet method
 * with a copy ({@link QuietCopy}), guarded, or plainly probed ({@link ValueProbeInserter}). Its
 * lesser form is the method without a copy: taken when the copy would push it past 64 KiB, or past
 * HotSpot's limit for compiling, which costs far more than the copy saves (the method would be
 * interpreted for ever), unless the JVM compiles huge methods.
 */
public final class ValueClassRewrite implements ClassRewrite {

    private final ValueSettings settings;
    private final boolean quietPeriods;
    private final boolean hugeMethodsCompiled;
    private final List<List<ValueSite>> perMethod;   // per method with code
    private final int[] firstIds;
    private final Set<Integer> noQuiet = new HashSet<>();   // methods whose copy made them too large

    // the try under way
    private String owner;
    private boolean frames;
    private final Map<Integer, MethodNode> quieted = new TreeMap<>();
    private QuietDeclarations quiet;

    private ValueClassRewrite(ValueSettings settings, boolean quietPeriods, boolean hugeMethodsCompiled,
                              List<List<ValueSite>> perMethod, int[] firstIds) {
        this.settings = settings;
        this.quietPeriods = quietPeriods;
        this.hugeMethodsCompiled = hugeMethodsCompiled;
        this.perMethod = perMethod;
        this.firstIds = firstIds;
    }

    /**
     * Finds the value sites of {@code withCode}, the indexes of {@code cn}'s methods with code, in
     * the original bytes; reserves their ids and declares them and their copies to {@code sink}.
     *
     * @param pathsToo path profiling rewrites the class as well: no quiet periods (path probes would
     *                 count a quiet copy's paths apart), and path profiling warns of subroutines
     */
    public static ValueClassRewrite plan(ClassNode cn, List<Integer> withCode, ValueSettings settings, boolean pathsToo,
                                         boolean hugeMethodsCompiled, Consumer<String> warnings, InstrumentationSink sink) {
        String className = cn.name.replace('/', '.');
        List<List<ValueSite>> perMethod = new ArrayList<>(withCode.size());
        int total = 0;
        for (int index : withCode) {
            MethodNode m = cn.methods.get(index);
            List<ValueSite> found;
            try {
                found = ValueSiteFinder.find(cn.name, m, settings);
                if (!pathsToo && ValueSiteFinder.hasSubroutines(m)) {
                    warnings.accept("left " + className + "." + m.name + m.desc + " uninstrumented: JSR/RET subroutines");
                }
            } catch (AnalyzerException | RuntimeException e) {
                warnings.accept("left " + className + "." + m.name + m.desc + " without value sites: " + e);
                found = List.of();
            }
            perMethod.add(found);
            total += found.size();
        }
        int[] firstIds = new int[withCode.size()];
        int next = total == 0 ? 0 : sink.reserveValueSites(total);
        for (int j = 0; j < withCode.size(); j++) {
            MethodNode m = cn.methods.get(withCode.get(j));
            firstIds[j] = next;
            for (ValueSite site : perMethod.get(j)) {
                sink.valueSite(site.meta(next++, firstIds[j], className, m.name, m.desc, cn.sourceFile));
            }
        }
        for (int j = 0; j < withCode.size(); j++) {
            int[] sources = StoredCopies.sources(perMethod.get(j));
            for (int i = 0; i < sources.length; i++) {
                if (sources[i] >= 0) {
                    sink.valueSiteCopies(firstIds[j] + i, firstIds[j] + sources[i]);
                }
            }
        }
        return new ValueClassRewrite(settings, settings.quiet() && !pathsToo, hugeMethodsCompiled, perMethod, firstIds);
    }

    @Override
    public void begin(ClassNode cn) {
        owner = cn.name;
        frames = (cn.version & 0xffff) >= Opcodes.V1_6;
        quieted.clear();
        quiet = new QuietDeclarations();
    }

    @Override
    public boolean rewrite(int j, MethodNode m) {
        List<ValueSite> sites = perMethod.get(j);
        if (sites.isEmpty()) {
            return false;
        }
        int first = firstIds[j];
        if (quietPeriods && !noQuiet.contains(j) && ValueProbeInserter.quietPays(m, sites, first)) {
            ValueProbeInserter.insertWithQuietCopy(m, sites, first, owner, frames, settings.freeze(), quiet);
            quieted.put(j, m);
        } else if (quietPeriods && ValueProbeInserter.guardPays(m, first)) {
            ValueProbeInserter.insertGuarded(m, sites, first, settings.freeze(), quiet);
        } else {
            ValueProbeInserter.insert(m, sites, first, settings.convergent());
        }
        return true;
    }

    /** A quiet method whose copy takes it past HotSpot's limit for compiling, unless the JVM compiles huge methods. */
    @Override
    public int lessenAfterWriting(byte[] bytes) {
        if (quieted.isEmpty() || hugeMethodsCompiled) {
            return -1;
        }
        Map<String, Integer> sizes = CodeSizes.of(bytes);
        for (Map.Entry<Integer, MethodNode> e : quieted.entrySet()) {
            MethodNode m = e.getValue();
            if (sizes.getOrDefault(m.name + m.desc, 0) > CodeSizes.HUGE) {
                return e.getKey();
            }
        }
        return -1;
    }

    /** A quiet method may fit without its copy. */
    @Override
    public boolean lessen(int j) {
        if (!quieted.containsKey(j)) {
            return false;
        }
        noQuiet.add(j);
        return true;
    }

    /** Which quiet methods switch versions in loops, and which have frozen quiet periods. */
    @Override
    public void declare(InstrumentationSink sink) {
        quiet.declareTo(sink);
    }
}
