package io.loupe.instrument.trace;

import io.loupe.data.sink.InstrumentationSink;
import io.loupe.data.trace.HeapEvents;
import io.loupe.data.trace.MethodOps;
import io.loupe.instrument.paths.PathClassRewrite;
import io.loupe.instrument.paths.PathSettings;
import io.loupe.instrument.rewrite.ClassRewrite;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;

import java.util.function.Consumer;

/**
 * The whole-program trace's part in rewriting a class ({@code profile=trace}): path profiling's
 * TRACE mode ({@link PathClassRewrite}), and for each method it instruments the ops the recovery
 * of dependences replays ({@link MethodOpsFinder}), found in the original bytecode before the
 * path probes go in, and the heap probes ({@link HeapProbes}) put in after them: the checks
 * ({@code trace.heap=checks}, the default; free loads get none, {@link FreeLoads}) or the address
 * trace ({@code trace.heap=addresses}).
 */
public final class TraceClassRewrite implements ClassRewrite {

    private final PathClassRewrite paths;
    private final HeapEvents heap;
    private final InstrumentationSink sink;
    private final MethodOps[] ops;
    private ClassNode cn;

    private TraceClassRewrite(PathClassRewrite paths, HeapEvents heap, InstrumentationSink sink, int methods) {
        this.paths = paths;
        this.heap = heap;
        this.sink = sink;
        this.ops = new MethodOps[methods];
    }

    /** Plans the trace for a class with {@code methods} methods with code: reserves their ids. */
    public static TraceClassRewrite plan(PathSettings settings, int methods, Consumer<String> warnings,
                                         InstrumentationSink sink) {
        if (!settings.trace()) {
            throw new IllegalArgumentException("not the whole-program trace's settings");
        }
        return new TraceClassRewrite(PathClassRewrite.plan(settings, methods, warnings, sink), settings.heap(), sink,
                methods);
    }

    @Override
    public void begin(ClassNode cn) {
        this.cn = cn;
        paths.begin(cn);
    }

    @Override
    public boolean rewrite(int j, MethodNode m) {
        int ownLocals = m.maxLocals;
        MethodOpsFinder.Found found;
        try {
            found = MethodOpsFinder.find(cn.name, m, heap == HeapEvents.CHECKS);
        } catch (AnalyzerException e) {
            throw new IllegalStateException("its data flow cannot be analysed: " + e.getMessage(), e);
        }
        boolean changed = paths.rewrite(j, m);
        ops[j] = changed ? found.ops() : MethodOps.NONE;
        if (changed && heap != HeapEvents.NONE && !found.probed().isEmpty()) {
            int sites = heap == HeapEvents.CHECKS ? sink.reserveHeapSites(found.probed().size()) : -1;
            ops[j] = found.ops().withHeapSites(sites);
            HeapProbes.insert(heap, sink, m, found.probed(), ownLocals + PathClassRewrite.TRACE_THREAD_LOCAL,
                    ownLocals + PathClassRewrite.TRACE_LOCALS, sites);
        }
        return changed;
    }

    @Override
    public void leftAlone(int j, MethodNode m) {
        ops[j] = MethodOps.NONE;
        paths.leftAlone(j, m);
    }

    @Override
    public boolean finish(Consumer<String> added) {
        return paths.finish(added);
    }

    @Override
    public int lessenAfterWriting(byte[] bytes) {
        return paths.lessenAfterWriting(bytes);
    }

    @Override
    public boolean lessen(int j) {
        return paths.lessen(j);
    }

    @Override
    public void declare(InstrumentationSink sink) {
        paths.declare(sink);
        for (int j = 0; j < ops.length; j++) {
            if (ops[j] != null && (ops[j].size() > 0 || ops[j].flow().size() > 0)) {
                sink.methodOps(paths.methodId(j), ops[j]);
            }
        }
    }
}
