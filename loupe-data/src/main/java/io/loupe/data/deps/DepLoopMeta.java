package io.loupe.data.deps;

import java.util.List;

/**
 * A natural loop of an instrumented method, as the dependence profiler tracks it.
 *
 * @param id         dense loop id, handed out per class in load order
 * @param className  binary class name with dots
 * @param method     method name
 * @param desc       method descriptor
 * @param sourceFile source file, or null
 * @param line       source line of the loop header, or -1
 * @param index      the loop's ordinal among the loops of its method (names it across runs)
 * @param parent     the id of the innermost loop of the same method enclosing it, or -1
 * @param recursion  true for the pseudo-loop of a recursive call site (its iterations are the
 *                   recursion depth); {@code line} is then the call's
 * @param registers  the local variables the loop carries from one iteration to the next, by slot
 *                   (empty for a pseudo-loop, or when the instrumenter did not analyse them)
 */
public record DepLoopMeta(int id, String className, String method, String desc, String sourceFile, int line,
                          int index, int parent, boolean recursion, List<CarriedRegisterMeta> registers) {

    public DepLoopMeta {
        registers = List.copyOf(registers);
    }

    /** A loop without carried register dependences (or whose registers were not analysed). */
    public DepLoopMeta(int id, String className, String method, String desc, String sourceFile, int line, int index,
                       int parent, boolean recursion) {
        this(id, className, method, desc, sourceFile, line, index, parent, recursion, List.of());
    }
}
