package io.loupe.runtime.dump;

import io.loupe.data.StatKeys;
import io.loupe.data.meta.MethodMeta;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The activations of path-profiled methods still on a thread's stack when the profile is
 * written: a program that calls {@code System.exit}, is stopped by a signal, or leaves daemon
 * threads running ends with frames open. Their paths up to the dump are in the profile — a frame
 * in a call keeps no path end back ({@code PendingCalls} in the instrumenter) — but not the path
 * each was in the middle of, and a thread running its own code at that instant (not in a call)
 * may still hold its innermost loop's latest path ends in locals. This counts both, from the
 * threads' stack traces at the dump, and warns about each thread of the second kind.
 *
 * @param activations frames of path-profiled methods on the stacks of the program's threads
 * @param threads     threads with at least one such frame
 * @param running     threads whose innermost frame was such a method, running
 * @param warnings    one line per running thread (at most {@link #NAMED} of them, then a count)
 */
record OpenActivations(long activations, long threads, long running, List<String> warnings) {

    static final int NAMED = 10;

    private static final String RUNTIME = "io.loupe.runtime.";

    /** Counts the open activations of {@code methods} on every thread but the caller's (the dump's). */
    static OpenActivations of(List<MethodMeta> methods) {
        return of(methods, false);
    }

    /**
     * {@link #of(List)}; {@code live} for a live dump, after which the threads go on: what their
     * frames kept pending is not lost, only not in this profile yet.
     */
    static OpenActivations of(List<MethodMeta> methods, boolean live) {
        Set<String> profiled = new HashSet<>();
        for (MethodMeta m : methods) {
            if (m.storage() != MethodMeta.Storage.NONE) {
                profiled.add(m.className() + "." + m.name());
            }
        }
        long activations = 0;
        long threads = 0;
        long running = 0;
        List<String> warnings = new ArrayList<>();
        Thread self = Thread.currentThread();
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            Thread t = e.getKey();
            StackTraceElement[] stack = e.getValue();
            if (t == self || stack.length == 0) {
                continue;
            }
            long open = 0;
            for (StackTraceElement f : stack) {
                if (!f.isNativeMethod() && profiled.contains(f.getClassName() + "." + f.getMethodName())) {
                    open++;
                }
            }
            if (open == 0) {
                continue;
            }
            activations += open;
            threads++;
            StackTraceElement top = stack[innermost(stack)];
            if (t.getState() == Thread.State.RUNNABLE && !top.isNativeMethod()
                    && profiled.contains(top.getClassName() + "." + top.getMethodName())) {
                running++;
                if (running <= NAMED) {
                    warnings.add("thread \"" + t.getName() + "\" was running " + frame(top)
                            + " when the profile was written: path ends that frame kept pending since its last call (its loop's latest"
                            + " iterations) " + (live ? "are not in this profile yet (a later one has them)" : "may be missing"));
                }
            }
        }
        if (running > NAMED) {
            warnings.add((running - NAMED) + " more threads were running profiled code when the profile was written");
        }
        return new OpenActivations(activations, threads, running, warnings);
    }

    /**
     * The index of a stack's innermost frame that is not Loupe's runtime: a thread caught while
     * its instrumented code records a path end (in {@code KSlabForest}, say) is running that code.
     */
    private static int innermost(StackTraceElement[] stack) {
        int i = 0;
        while (i < stack.length - 1 && stack[i].getClassName().startsWith(RUNTIME)) {
            i++;
        }
        return i;
    }

    /** {@code class.method(File.java:12)}, without the class loader's name that {@code toString} puts first. */
    private static String frame(StackTraceElement f) {
        String where = f.getFileName() == null ? "unknown source"
                : f.getLineNumber() >= 0 ? f.getFileName() + ":" + f.getLineNumber() : f.getFileName();
        return f.getClassName() + "." + f.getMethodName() + "(" + where + ")";
    }

    /** The three counts as stats. */
    void addTo(Map<String, Long> stats) {
        stats.put(StatKeys.PATHS_OPEN_ACTIVATIONS, activations);
        stats.put(StatKeys.PATHS_OPEN_THREADS, threads);
        stats.put(StatKeys.PATHS_RUNNING_THREADS, running);
    }
}
