package io.loupe.data.deps;

/**
 * A call instruction of an instrumented method: an edge of the context tree.
 *
 * @param id         dense call-site id, handed out per class in load order
 * @param className  binary class name with dots of the calling method
 * @param method     calling method's name
 * @param desc       calling method's descriptor
 * @param sourceFile source file, or null
 * @param line       source line of the call instruction, or -1
 * @param callee     the method named by the instruction, {@code Owner.name(desc)}
 */
public record CallSiteMeta(int id, String className, String method, String desc, String sourceFile, int line,
                           String callee) {
}
