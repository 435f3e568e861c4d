package io.loupe.instrument.check;

import io.loupe.instrument.emit.CodeSizes;
import io.loupe.instrument.flow.BlockFrames;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicVerifier;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks instrumented methods before the JVM sees them, so that an instrumentation mistake leaves
 * a method as it was (with one warning) instead of failing the program's class loading with a
 * {@code VerifyError}.
 *
 * <p>The check works at the level of value kinds (int, float, long, double, reference), which is
 * where a mistake of Loupe's would show: Loupe appends locals, extends the stack map frames and
 * inserts code that pushes and pops, but never changes the reference types the original code works
 * with. For class files with stack map frames (version 50 and up) it is the JVM's own type checker
 * (JVMS §4.10.1) reduced to kinds, in one pass over the code ({@link KindChecker}): each
 * instruction finds operands of the kinds it needs and stays within {@code max_stack} and
 * {@code max_locals}; the state arriving at a declared frame, by falling through or by a jump or
 * switch, must be assignable to it — each declared local and stack entry holds a value of its kind
 * (a reference for a class, {@code null} or an uninitialized object), the stack has the declared
 * height, no declared local lies beyond {@code max_locals} — and the frame is the state from there
 * on; after a {@code goto}, a switch, a return or a throw the next instruction must have a frame;
 * inside a {@code try} range the locals must be assignable to the handler's frame. That costs one
 * state per method, where an analysis to a fixed point keeps one per instruction. Older class files
 * have no frames: ASM's {@link BasicVerifier} checks them, in ASM's analysis computed a block at a time
 * ({@link BlockFrames}; ASM's own {@link Analyzer} for code with JSR/RET subroutines).
 *
 * <p>The JVM goes further: it checks reference types against the class hierarchy, which would need
 * classes loaded from inside a transformer. A method that passes here fails there only through a
 * mistake in the original code's own types.
 */
public final class BytecodeCheck {

    /** What is wrong with one method. */
    public record Failure(String name, String desc, String reason) {

        /** The warning when the method is left as it was. */
        public String warning(String className) {
            return "left " + className + "." + name + desc + " uninstrumented: its instrumented code would not verify ("
                    + reason + ")";
        }

        /** The error when the method is one of Loupe's own members: the whole class is left as it was. */
        public IllegalStateException inLoupesOwnCode() {
            return new IllegalStateException("instrumented " + name + desc + " would not verify: " + reason);
        }
    }

    /**
     * What an instrumenter asks of the class it has just written: the first of {@code methods}
     * (each {@code name + desc}) that would not verify, or null. {@code tree} is the class that was
     * written to {@code written}, unchanged since.
     */
    @FunctionalInterface
    public interface Check {
        Failure firstFailure(byte[] written, ClassNode tree, Set<String> methods);
    }

    /** Methods whose code is longer may have had their jumps rewritten by the writer (to {@code goto_w}). */
    private static final int SHORT_JUMPS = Short.MAX_VALUE;

    private BytecodeCheck() {
    }

    /**
     * {@link #firstFailure(byte[], Set)} of a class the instrumenter has just written from
     * {@code tree}, checking the tree's instructions and frames — what the writer encoded — with
     * the {@code max_stack} and {@code max_locals} it computed, read from {@code written}. Parsing
     * the written class back into a tree took as long as the instrumentation of a method itself.
     * A method long enough for the writer to have rewritten its jumps is parsed back all the same.
     */
    public static Failure firstFailure(byte[] written, ClassNode tree, Set<String> methods) {
        Map<String, CodeSizes.Code> codes = CodeSizes.codes(written);
        for (String method : methods) {
            CodeSizes.Code code = codes.get(method);
            if (code == null || code.length() > SHORT_JUMPS) {
                return firstFailure(written, methods);
            }
        }
        boolean frames = (tree.version & 0xffff) >= Opcodes.V1_6;
        for (MethodNode m : tree.methods) {
            if (!methods.contains(m.name + m.desc)) {
                continue;
            }
            CodeSizes.Code code = codes.get(m.name + m.desc);
            int maxStack = m.maxStack;   // the tree's own, which the writer recomputed
            int maxLocals = m.maxLocals;
            m.maxStack = code.maxStack();
            m.maxLocals = code.maxLocals();
            String reason;
            try {
                reason = check(tree.name, m, frames);
            } finally {
                m.maxStack = maxStack;
                m.maxLocals = maxLocals;
            }
            if (reason != null) {
                return new Failure(m.name, m.desc, reason);
            }
        }
        return null;
    }

    /**
     * The first of the {@code methods} (each {@code name + desc}) of the class {@code bytes} that fails
     * the checks, or null when all pass. Methods not named are not checked.
     */
    public static Failure firstFailure(byte[] bytes, Set<String> methods) {
        // Only the named methods are parsed, and without the debug attributes the check never reads
        List<MethodNode> named = new ArrayList<>();
        int[] version = new int[1];
        String[] owner = new String[1];
        new ClassReader(bytes).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public void visit(int v, int access, String name, String signature, String superName, String[] interfaces) {
                version[0] = v;
                owner[0] = name;
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
                if (!methods.contains(name + desc)) {
                    return null;
                }
                MethodNode m = new MethodNode(Opcodes.ASM9, access, name, desc, signature, exceptions);
                named.add(m);
                return m;
            }
        }, ClassReader.EXPAND_FRAMES | ClassReader.SKIP_DEBUG);
        boolean frames = (version[0] & 0xffff) >= Opcodes.V1_6;
        for (MethodNode m : named) {
            String reason = check(owner[0], m, frames);
            if (reason != null) {
                return new Failure(m.name, m.desc, reason);
            }
        }
        return null;
    }

    /** Why method {@code m} of class {@code owner} fails the checks, or null if it passes. */
    static String check(String owner, MethodNode m, boolean frames) {
        if ((m.access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0) {
            return null;
        }
        if (frames) {
            return KindChecker.check(m);
        }
        try {   // no frames to compare: none before version 50
            if (BlockFrames.hasSubroutines(m)) {
                new Analyzer<>(new BasicVerifier()).analyze(owner, m);
            } else {
                BlockFrames.analyze(owner, m, new BasicVerifier());   // the same checks, a block at a time
            }
            return null;
        } catch (AnalyzerException e) {
            return e.getMessage();
        }
    }
}
