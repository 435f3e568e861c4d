package io.loupe.data.deps;

/**
 * A heap access instruction of an instrumented method.
 *
 * @param id         dense site id, handed out per class in load order
 * @param className  binary class name with dots
 * @param method     method name
 * @param desc       method descriptor
 * @param sourceFile source file, or null
 * @param line       source line, or -1
 * @param index      the site's ordinal among the access sites of its method, in bytecode order
 *                   (with class, method and desc it names the site across runs)
 * @param access     the instruction: {@code getfield}, {@code putstatic}, {@code iaload},
 *                   {@code castore}, … or, for a bulk operation, the method called
 *                   ({@code System.arraycopy}, {@code Arrays.fill}, …)
 * @param reads      true if it reads the location(s)
 * @param writes     true if it writes the location(s)
 * @param target     what it accesses, for people: {@code Owner.field}, or the array's element type
 *                   ({@code int[]})
 */
public record AccessSiteMeta(int id, String className, String method, String desc, String sourceFile, int line,
                             int index, String access, boolean reads, boolean writes, String target) {

    /** {@code name + desc}, as reports name a method. */
    public String signature() {
        return method + desc;
    }
}
