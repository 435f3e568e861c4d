package io.loupe.instrument.instr;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.BasicVerifier;
import org.objectweb.asm.tree.analysis.Frame;

import java.util.ArrayList;
import java.util.List;
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
 * have no frames: ASM's {@link Analyzer} with its {@link BasicVerifier} checks them.
 *
 * <p>The JVM goes further: it checks reference types against the class hierarchy, which would need
 * classes loaded from inside a transformer. A method that passes here fails there only through a
 * mistake in the original code's own types.
 */
public final class BytecodeCheck {

    /** What is wrong with one method. */
    public record Failure(String name, String desc, String reason) {
    }

    private BytecodeCheck() {
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
        Frame<BasicValue>[] computed;
        try {
            computed = new Analyzer<>(new BasicVerifier()).analyze(owner, m);
        } catch (AnalyzerException e) {
            return e.getMessage();
        }
        int index = 0;
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext(), index++) {
            if (n instanceof FrameNode declared && computed[index] != null) {
                String reason = conforms(declared, computed[index]);
                if (reason != null) {
                    return "frame at instruction " + index + ": " + reason;
                }
            }
        }
        return null;
    }

    /** Why the declared frame (expanded) disagrees with the computed one, or null if it agrees. */
    private static String conforms(FrameNode declared, Frame<BasicValue> computed) {
        String reason = conformsLocals(declared, computed);
        if (reason != null) {
            return reason;
        }
        List<Object> stack = declared.stack == null ? List.of() : declared.stack;
        if (stack.size() != computed.getStackSize()) {
            return "stack of " + stack.size() + " declared, " + computed.getStackSize() + " computed";
        }
        for (int i = 0; i < stack.size(); i++) {
            if (!holds(stack.get(i), computed.getStack(i))) {
                return "stack entry " + i + " declared " + describe(stack.get(i)) + ", holds " + computed.getStack(i);
            }
        }
        return null;
    }

    /** Why the declared frame's locals disagree with the computed ones, or null if they agree. */
    private static String conformsLocals(FrameNode declared, Frame<BasicValue> computed) {
        List<Object> locals = declared.local == null ? List.of() : declared.local;
        int slot = 0;
        for (Object type : locals) {
            int size = type == Opcodes.LONG || type == Opcodes.DOUBLE ? 2 : 1;
            if (slot + size > computed.getLocals()) {
                return "local " + slot + " declared beyond max_locals " + computed.getLocals();
            }
            if (!holds(type, computed.getLocal(slot))) {
                return "local " + slot + " declared " + describe(type) + ", holds " + computed.getLocal(slot);
            }
            slot += size;
        }
        return null;
    }

    /** Whether a value of the computed kind may stand where the frame declares {@code type}. */
    private static boolean holds(Object type, BasicValue value) {
        if (type == Opcodes.TOP) {
            return true;
        }
        if (type == Opcodes.INTEGER) {
            return value == BasicValue.INT_VALUE;
        }
        if (type == Opcodes.FLOAT) {
            return value == BasicValue.FLOAT_VALUE;
        }
        if (type == Opcodes.LONG) {
            return value == BasicValue.LONG_VALUE;
        }
        if (type == Opcodes.DOUBLE) {
            return value == BasicValue.DOUBLE_VALUE;
        }
        // a class or array type, null, an uninitialized object or this
        return value != null && value.isReference();
    }

    /** A frame entry as people read it. */
    static String describe(Object type) {
        if (type instanceof String s) {
            return s;
        }
        if (type instanceof LabelNode) {
            return "uninitialized";
        }
        if (type == Opcodes.INTEGER) {
            return "int";
        }
        if (type == Opcodes.FLOAT) {
            return "float";
        }
        if (type == Opcodes.LONG) {
            return "long";
        }
        if (type == Opcodes.DOUBLE) {
            return "double";
        }
        if (type == Opcodes.NULL) {
            return "null";
        }
        if (type == Opcodes.UNINITIALIZED_THIS) {
            return "uninitialized this";
        }
        return String.valueOf(type);
    }
}
