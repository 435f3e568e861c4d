package io.loupe.instrument.emit;

import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The bytecode length of every method of a class file, read from its {@code Code} attributes
 * (JVMS §4.7.3). HotSpot never compiles a method longer than 8,000 bytes ({@link #HUGE}: the
 * {@code HugeMethodLimit} behind {@code -XX:+DontCompileHugeMethods}, on by default): such a
 * method runs in the interpreter for ever, so instrumentation must not push a method past it where
 * it can avoid it.
 */
public final class CodeSizes {

    /** HotSpot's {@code HugeMethodLimit}: longer methods are never compiled. */
    public static final int HUGE = 8000;

    private CodeSizes() {
    }

    /**
     * True if method {@code m} may be longer than {@link #HUGE} bytes once written: an upper bound
     * on its code length from its instructions (6 bytes for any but a switch, whose length its
     * labels give), so that the class file is parsed for the real length only when it may matter.
     */
    public static boolean mayBeHuge(MethodNode m) {
        long bound = 0;
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n instanceof TableSwitchInsnNode t) {
                bound += 16 + 4L * t.labels.size();
            } else if (n instanceof LookupSwitchInsnNode l) {
                bound += 12 + 8L * l.labels.size();
            } else if (n.getOpcode() >= 0) {
                bound += 6;
            }
            if (bound > HUGE) {
                return true;
            }
        }
        return false;
    }

    /**
     * One warning for each method among {@code rewritten} (methods of class {@code className})
     * that instrumentation took from at most {@link #HUGE} bytes of code in {@code original} to
     * more in {@code instrumented}: both lengths, what it means and the way out. The class files
     * are parsed only if some method {@link #mayBeHuge}.
     */
    public static List<String> pushedPastHuge(String className, byte[] original, byte[] instrumented,
                                              List<MethodNode> rewritten) {
        if (rewritten.stream().noneMatch(CodeSizes::mayBeHuge)) {
            return List.of();
        }
        Map<String, Integer> before = of(original);
        Map<String, Integer> after = of(instrumented);
        List<String> warnings = new ArrayList<>();
        for (MethodNode m : rewritten) {
            String key = m.name + m.desc;
            int was = before.getOrDefault(key, 0);
            int is = after.getOrDefault(key, 0);
            if (was <= HUGE && is > HUGE) {
                warnings.add(className + "." + key + " grew from " + was + " to " + is
                        + " bytes of bytecode, past HotSpot's limit of " + HUGE
                        + " for compiling (HugeMethodLimit): it runs interpreted unless the JVM gets"
                        + " -XX:-DontCompileHugeMethods (bin/loupe run gives it)");
            }
        }
        return warnings;
    }

    /** What a method's {@code Code} attribute says of it. */
    public record Code(int maxStack, int maxLocals, int length) {
    }

    /** Code length by method name plus descriptor ({@code "run(I)V"}), for the methods that have code. */
    public static Map<String, Integer> of(byte[] classFile) {
        Map<String, Integer> sizes = new LinkedHashMap<>();
        codes(classFile).forEach((method, code) -> sizes.put(method, code.length()));
        return sizes;
    }

    /** Each method's {@link Code}, by name plus descriptor, for the methods that have code. */
    public static Map<String, Code> codes(byte[] classFile) {
        ByteBuffer b = ByteBuffer.wrap(classFile);
        b.position(8);   // magic, minor, major
        int count = b.getShort() & 0xffff;
        // where each string constant starts: only the few this reads are decoded (decoding every
        // one cost more than the rest of the scan)
        int[] utf8 = new int[count];
        for (int i = 1; i < count; i++) {
            int tag = b.get() & 0xff;
            switch (tag) {
                case 1 -> {
                    utf8[i] = b.position();
                    skip(b, b.getShort() & 0xffff);
                }
                case 7, 8, 16, 19, 20 -> skip(b, 2);
                case 15 -> skip(b, 3);
                case 3, 4, 9, 10, 11, 12, 17, 18 -> skip(b, 4);
                case 5, 6 -> {
                    skip(b, 8);
                    i++;   // takes two entries
                }
                default -> throw new IllegalArgumentException("constant pool tag " + tag);
            }
        }
        skip(b, 6);   // access, this, super
        skip(b, 2 * (b.getShort() & 0xffff));   // interfaces
        int fields = b.getShort() & 0xffff;
        for (int f = 0; f < fields; f++) {
            skip(b, 6);
            skipAttributes(b);
        }
        Map<String, Code> codes = new LinkedHashMap<>();
        int methods = b.getShort() & 0xffff;
        for (int m = 0; m < methods; m++) {
            skip(b, 2);
            int name = utf8[b.getShort() & 0xffff];
            int desc = utf8[b.getShort() & 0xffff];
            int attributes = b.getShort() & 0xffff;
            for (int a = 0; a < attributes; a++) {
                int attribute = utf8[b.getShort() & 0xffff];
                int len = b.getInt();
                int end = b.position() + len;
                if (isCode(classFile, attribute)) {
                    int maxStack = b.getShort() & 0xffff;
                    int maxLocals = b.getShort() & 0xffff;
                    codes.put(modifiedUtf8(classFile, name) + modifiedUtf8(classFile, desc),
                            new Code(maxStack, maxLocals, b.getInt()));
                }
                b.position(end);
            }
        }
        return codes;
    }

    /** True if the string constant at {@code at} (its length, then its bytes) is {@code Code}. */
    private static boolean isCode(byte[] classFile, int at) {
        return classFile[at] == 0 && classFile[at + 1] == 4 && classFile[at + 2] == 'C' && classFile[at + 3] == 'o'
                && classFile[at + 4] == 'd' && classFile[at + 5] == 'e';
    }

    /** The class file's own string encoding (JVMS §4.4.7), as {@link DataInputStream#readUTF} reads it. */
    private static String modifiedUtf8(byte[] classFile, int at) {
        try {
            return new DataInputStream(new ByteArrayInputStream(classFile, at, classFile.length - at)).readUTF();
        } catch (IOException e) {
            throw new IllegalArgumentException("malformed constant pool string at " + at, e);
        }
    }

    private static void skipAttributes(ByteBuffer b) {
        int attributes = b.getShort() & 0xffff;
        for (int a = 0; a < attributes; a++) {
            skip(b, 2);
            skip(b, b.getInt());
        }
    }

    private static void skip(ByteBuffer b, int n) {
        b.position(b.position() + n);
    }
}
