package io.loupe.validation.transparency;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.Map;

/**
 * Defines the given classes itself, from the given bytes, before asking its parent: so a class that
 * is also on the parent's class path (ASM is) is still the instrumented copy here. Every other
 * class — the JDK, Loupe's runtime that instrumented code calls — comes from the parent. Resources
 * come from the jars, for static initializers that read them.
 */
final class ChildFirstClassLoader extends URLClassLoader {

    static {
        registerAsParallelCapable();
    }

    private final Map<String, byte[]> classes;

    /** {@code classes}: class file bytes by binary name (dots); {@code jars}: where resources are. */
    ChildFirstClassLoader(Map<String, byte[]> classes, URL[] jars, ClassLoader parent) {
        super("transparency", jars, parent);
        this.classes = classes;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                byte[] bytes = classes.get(name);
                c = bytes != null ? defineClass(name, bytes, 0, bytes.length) : getParent().loadClass(name);
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }
}
