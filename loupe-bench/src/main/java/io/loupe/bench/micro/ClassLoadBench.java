package io.loupe.bench.micro;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * What the agent's instrumentation costs a program as it loads its classes: loads (without
 * initializing) every class of the jars on the class path whose file name contains one of the
 * arguments, and prints the classes loaded and the milliseconds it took. Run it with and without
 * the agent; the difference is what transforming the classes cost, the part of a run's overhead
 * that does not depend on how long the program runs (the workloads of BENCHMARKS.md load up to
 * about a thousand classes from their jars; counted in BENCHMARKS.md as of commit {@code 638fa1f},
 * <i>Instrumentation at class load ({@code ClassLoadBench})</i>).
 *
 * <p>Run: {@code java [-javaagent:loupe-agent/target/loupe-agent.jar=profile=values,convergent=true]
 * -cp loupe-bench/target/classes:$(cat loupe-bench/target/bench.classpath)
 * io.loupe.bench.micro.ClassLoadBench lucene-core jackson h2}. A class that does not load (an
 * optional dependency missing) is counted apart and skipped.
 */
public final class ClassLoadBench {

    private ClassLoadBench() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length == 0) {
            System.err.println("usage: ClassLoadBench JAR-NAME-PART...");
            System.exit(2);
        }
        List<String> names = new ArrayList<>();
        for (String path : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String file = new File(path).getName();
            if (!file.endsWith(".jar") || !matches(file, args)) {
                continue;
            }
            try (JarFile jar = new JarFile(path)) {
                for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                    String entry = e.nextElement().getName();
                    if (entry.endsWith(".class") && !entry.endsWith("module-info.class") && !entry.startsWith("META-INF/")) {
                        names.add(entry.substring(0, entry.length() - ".class".length()).replace('/', '.'));
                    }
                }
            }
        }
        ClassLoader loader = ClassLoadBench.class.getClassLoader();
        int loaded = 0;
        int failed = 0;
        long start = System.nanoTime();
        for (String name : names) {
            try {
                Class.forName(name, false, loader);
                loaded++;
            } catch (ClassNotFoundException | LinkageError e) {
                failed++;
            }
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        System.out.printf("loaded %d classes (%d did not load) in %d ms%n", loaded, failed, millis);
    }

    private static boolean matches(String file, String[] parts) {
        for (String part : parts) {
            if (file.contains(part)) {
                return true;
            }
        }
        return false;
    }
}
