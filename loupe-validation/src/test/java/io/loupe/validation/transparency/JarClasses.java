package io.loupe.validation.transparency;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/** The class files of jars, by binary name. */
final class JarClasses {

    private JarClasses() {
    }

    /**
     * Every class of the jars, in name order; the first jar wins a name held by two. Module
     * descriptors and the versioned entries of multi-release jars are left out: a plain class
     * loader sees only the base entries.
     */
    static SortedMap<String, byte[]> read(List<Path> jars) throws IOException {
        SortedMap<String, byte[]> classes = new TreeMap<>();
        for (Path jar : jars) {
            try (JarFile file = new JarFile(jar.toFile())) {
                for (JarEntry e : file.stream().toList()) {
                    String n = e.getName();
                    if (n.endsWith(".class") && !n.startsWith("META-INF/") && !n.endsWith("module-info.class")) {
                        String name = n.substring(0, n.length() - ".class".length()).replace('/', '.');
                        if (!classes.containsKey(name)) {
                            classes.put(name, file.getInputStream(e).readAllBytes());
                        }
                    }
                }
            }
        }
        return classes;
    }
}
