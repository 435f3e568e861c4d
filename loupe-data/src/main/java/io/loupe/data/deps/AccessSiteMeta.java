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
 * @param update     for a store that writes back {@code load op e} of a load of the same location
 *                   in the same method ({@link MemoryUpdate}), that load and operation; else null
 * @param arrayName  for an array element access, the array reference as the source names it: a
 *                   local variable ({@code tmp}) or a field ({@code Owner.buf}); else null, also when
 *                   not known
 */
public record AccessSiteMeta(int id, String className, String method, String desc, String sourceFile, int line,
                             int index, String access, boolean reads, boolean writes, String target,
                             MemoryUpdate update, String arrayName) {

    public AccessSiteMeta {
        if (update != null && !writes) {
            throw new IllegalArgumentException("only a store is an update");
        }
    }

    /** A site that is no memory update and whose array, if any, has no known name. */
    public AccessSiteMeta(int id, String className, String method, String desc, String sourceFile, int line,
                          int index, String access, boolean reads, boolean writes, String target) {
        this(id, className, method, desc, sourceFile, line, index, access, reads, writes, target, null, null);
    }

    /** {@code name + desc}, as reports name a method. */
    public String signature() {
        return method + desc;
    }

    /** The ordinal of the load this store writes back an update of, or -1 when it is no update. */
    public int updateOf() {
        return update == null ? -1 : update.load();
    }

    /** The update's operation ({@code +}, {@code *}, {@code min}, …), or null when it is no update. */
    public String updateOp() {
        return update == null ? null : update.op().symbol();
    }
}
