package io.loupe.instrument;

import java.util.Map;

/**
 * A class loader for tests of instrumented code: defines the given classes itself, from their
 * instrumented bytes, and leaves everything else (the JDK, Loupe's runtime) to the test's loader.
 */
public final class DefiningLoader extends ClassLoader {

    private final Map<String, byte[]> classes;

    /** @param classes instrumented class bytes by binary name */
    public DefiningLoader(Map<String, byte[]> classes) {
        super(DefiningLoader.class.getClassLoader());
        this.classes = classes;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
            byte[] b = classes.get(name);
            if (b == null) {
                return super.loadClass(name, resolve);
            }
            Class<?> c = findLoadedClass(name);
            return c != null ? c : defineClass(name, b, 0, b.length);
        }
    }
}
