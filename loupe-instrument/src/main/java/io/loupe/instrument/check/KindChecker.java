package io.loupe.instrument.check;

import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.MultiANewArrayInsnNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The JVM's type checker (JVMS §4.10.1) reduced to value kinds, for a method with stack map
 * frames: one pass over the code with one state — a kind per local and per stack word — which each
 * instruction updates, each frame replaces, and which must be assignable to the frame of every
 * place it flows to (the next frame, a jump or switch target, a handler of the {@code try} range).
 * See {@link BytecodeCheck} for why kinds suffice. It interprets the instructions itself, on byte
 * arrays, rather than through ASM's {@code Frame}: it runs while the profiled program loads its
 * classes, and this is several times cheaper.
 */
final class KindChecker {

    // Kinds of a word. A long or double takes two: its kind, then HIGH.
    private static final byte TOP = 0;
    private static final byte INT = 1;
    private static final byte FLOAT = 2;
    private static final byte LONG = 3;
    private static final byte DOUBLE = 4;
    private static final byte REF = 5;
    private static final byte HIGH = 6;
    private static final byte VOID = 7;
    /** The kinds of the typed instruction families, in opcode order: i, l, f, d, a. */
    private static final byte[] ILFDA = {INT, LONG, FLOAT, DOUBLE, REF};
    private static final String[] NAMES = {"top", "int", "float", "long", "double", "reference",
        "the high half of a long or double", "void"};

    /** A failure: where and why. */
    private static final class Reject extends Exception {
        Reject(String reason) {
            super(reason, null, false, false);
        }
    }

    private final MethodNode m;
    private final AbstractInsnNode[] insns;
    private final byte[] locals;
    private final byte[] stack;
    private int sp;
    private final byte[] scratch = new byte[2];   // the words a dup copies
    private byte[] args = new byte[16];           // the argument kinds of an invoke
    private final byte returns;
    private final Map<LabelNode, FrameNode> frameAt = new HashMap<>();
    private final TryCatchBlockNode[] tries;
    private final int[] tryStart;   // instruction indexes of each try block's range, end exclusive
    private final int[] tryEnd;
    // Locals change only at stores and frames: a handler is checked again only after that
    private int localsVersion;
    private final int[] checkedAt;   // per try block, the locals version it was last checked at

    private KindChecker(MethodNode m) {
        this.m = m;
        this.insns = m.instructions.toArray();
        this.locals = new byte[m.maxLocals];
        this.stack = new byte[m.maxStack];
        // the frame that applies at a label: the first frame after it, before any real instruction
        for (int i = 0; i < insns.length; i++) {
            if (insns[i] instanceof LabelNode label) {
                for (int j = i + 1; j < insns.length; j++) {
                    if (insns[j] instanceof FrameNode f) {
                        frameAt.put(label, f);
                        break;
                    }
                    if (insns[j].getOpcode() >= 0) {
                        break;
                    }
                }
            }
        }
        this.tries = m.tryCatchBlocks.toArray(new TryCatchBlockNode[0]);
        this.tryStart = new int[tries.length];
        this.tryEnd = new int[tries.length];
        this.checkedAt = new int[tries.length];
        for (int t = 0; t < tries.length; t++) {
            tryStart[t] = m.instructions.indexOf(tries[t].start);
            tryEnd[t] = m.instructions.indexOf(tries[t].end);
            checkedAt[t] = -1;
        }
        this.returns = kind(Type.getReturnType(m.desc).getDescriptor());
    }

    /** Why method {@code m} (with frames) fails the check, or null if it passes. */
    static String check(MethodNode m) {
        KindChecker c = new KindChecker(m);
        try {
            c.run();
            return null;
        } catch (Reject r) {
            return r.getMessage();
        }
    }

    private void run() throws Reject {
        entryState();
        boolean live = true;   // false after goto, switch, return, throw: the next instruction needs a frame
        for (int i = 0; i < insns.length; i++) {
            AbstractInsnNode n = insns[i];
            if (n instanceof FrameNode declared) {
                if (live) {
                    conforms(declared, true, i, "frame");
                }
                load(declared, i);
                live = true;
                continue;
            }
            int opcode = n.getOpcode();
            if (opcode < 0) {
                continue;   // labels and line numbers
            }
            if (!live) {
                throw new Reject("instruction " + i + " follows an unconditional transfer without a frame");
            }
            for (int t = 0; t < tries.length; t++) {
                if (i >= tryStart[t] && i < tryEnd[t] && checkedAt[t] != localsVersion) {
                    handlerAccepts(tries[t], i);
                    checkedAt[t] = localsVersion;
                }
            }
            try {
                execute(n, opcode);
            } catch (Reject r) {
                throw new Reject("instruction " + i + " (opcode " + opcode + "): " + r.getMessage());
            }
            jumps(n, i);
            live = switch (opcode) {
                case Opcodes.GOTO, Opcodes.TABLESWITCH, Opcodes.LOOKUPSWITCH, Opcodes.ATHROW, Opcodes.IRETURN,
                     Opcodes.LRETURN, Opcodes.FRETURN, Opcodes.DRETURN, Opcodes.ARETURN, Opcodes.RETURN -> false;
                default -> true;
            };
        }
        if (live) {
            throw new Reject("the code falls off its end");
        }
    }

    private void entryState() throws Reject {
        int local = 0;
        if ((m.access & Opcodes.ACC_STATIC) == 0) {
            setLocal(local++, REF);
        }
        for (Type arg : Type.getArgumentTypes(m.desc)) {
            byte k = kind(arg.getDescriptor());
            setLocal(local, k);
            local += size(k);
        }
    }

    // ---- the instructions

    private void execute(AbstractInsnNode n, int opcode) throws Reject {
        switch (opcode) {
            case Opcodes.NOP -> { }
            case Opcodes.ACONST_NULL -> push(REF);
            case Opcodes.ICONST_M1, Opcodes.ICONST_0, Opcodes.ICONST_1, Opcodes.ICONST_2, Opcodes.ICONST_3,
                 Opcodes.ICONST_4, Opcodes.ICONST_5, Opcodes.BIPUSH, Opcodes.SIPUSH -> push(INT);
            case Opcodes.LCONST_0, Opcodes.LCONST_1 -> push(LONG);
            case Opcodes.FCONST_0, Opcodes.FCONST_1, Opcodes.FCONST_2 -> push(FLOAT);
            case Opcodes.DCONST_0, Opcodes.DCONST_1 -> push(DOUBLE);
            case Opcodes.LDC -> push(constantKind(((LdcInsnNode) n).cst));
            case Opcodes.ILOAD, Opcodes.LLOAD, Opcodes.FLOAD, Opcodes.DLOAD, Opcodes.ALOAD -> {
                byte k = ILFDA[opcode - Opcodes.ILOAD];
                int var = ((VarInsnNode) n).var;
                if (var + size(k) > locals.length) {
                    throw new Reject("local " + var + " beyond max_locals " + locals.length);
                }
                if (locals[var] != k || (size(k) == 2 && locals[var + 1] != HIGH)) {
                    throw new Reject("local " + var + " holds " + NAMES[locals[var]] + ", not " + NAMES[k]);
                }
                push(k);
            }
            case Opcodes.IALOAD, Opcodes.LALOAD, Opcodes.FALOAD, Opcodes.DALOAD, Opcodes.AALOAD, Opcodes.BALOAD,
                 Opcodes.CALOAD, Opcodes.SALOAD -> {
                pop(INT);
                pop(REF);
                push(arrayKind(opcode - Opcodes.IALOAD));
            }
            case Opcodes.ISTORE, Opcodes.LSTORE, Opcodes.FSTORE, Opcodes.DSTORE, Opcodes.ASTORE -> {
                byte k = ILFDA[opcode - Opcodes.ISTORE];
                pop(k);
                setLocal(((VarInsnNode) n).var, k);
            }
            case Opcodes.IASTORE, Opcodes.LASTORE, Opcodes.FASTORE, Opcodes.DASTORE, Opcodes.AASTORE, Opcodes.BASTORE,
                 Opcodes.CASTORE, Opcodes.SASTORE -> {
                pop(arrayKind(opcode - Opcodes.IASTORE));
                pop(INT);
                pop(REF);
            }
            case Opcodes.POP -> popWords(1);
            case Opcodes.POP2 -> popWords(2);
            case Opcodes.DUP -> copy(1, 0);
            case Opcodes.DUP_X1 -> copy(1, 1);
            case Opcodes.DUP_X2 -> copy(1, 2);
            case Opcodes.DUP2 -> copy(2, 0);
            case Opcodes.DUP2_X1 -> copy(2, 1);
            case Opcodes.DUP2_X2 -> copy(2, 2);
            case Opcodes.SWAP -> {
                byte a = pop1();
                byte b = pop1();
                push(a);
                push(b);
            }
            case Opcodes.IADD, Opcodes.LADD, Opcodes.FADD, Opcodes.DADD, Opcodes.ISUB, Opcodes.LSUB, Opcodes.FSUB,
                 Opcodes.DSUB, Opcodes.IMUL, Opcodes.LMUL, Opcodes.FMUL, Opcodes.DMUL, Opcodes.IDIV, Opcodes.LDIV,
                 Opcodes.FDIV, Opcodes.DDIV, Opcodes.IREM, Opcodes.LREM, Opcodes.FREM, Opcodes.DREM -> {
                byte k = ILFDA[(opcode - Opcodes.IADD) % 4];
                pop(k);
                pop(k);
                push(k);
            }
            case Opcodes.INEG, Opcodes.LNEG, Opcodes.FNEG, Opcodes.DNEG -> {
                byte k = ILFDA[opcode - Opcodes.INEG];
                pop(k);
                push(k);
            }
            case Opcodes.ISHL, Opcodes.LSHL, Opcodes.ISHR, Opcodes.LSHR, Opcodes.IUSHR, Opcodes.LUSHR -> {
                byte k = (opcode - Opcodes.ISHL) % 2 == 0 ? INT : LONG;
                pop(INT);
                pop(k);
                push(k);
            }
            case Opcodes.IAND, Opcodes.LAND, Opcodes.IOR, Opcodes.LOR, Opcodes.IXOR, Opcodes.LXOR -> {
                byte k = (opcode - Opcodes.IAND) % 2 == 0 ? INT : LONG;
                pop(k);
                pop(k);
                push(k);
            }
            case Opcodes.IINC -> {
                int var = ((IincInsnNode) n).var;
                if (var >= locals.length || locals[var] != INT) {
                    throw new Reject("iinc of local " + var + ", which is not an int");
                }
            }
            case Opcodes.I2L -> convert(INT, LONG);
            case Opcodes.I2F -> convert(INT, FLOAT);
            case Opcodes.I2D -> convert(INT, DOUBLE);
            case Opcodes.L2I -> convert(LONG, INT);
            case Opcodes.L2F -> convert(LONG, FLOAT);
            case Opcodes.L2D -> convert(LONG, DOUBLE);
            case Opcodes.F2I -> convert(FLOAT, INT);
            case Opcodes.F2L -> convert(FLOAT, LONG);
            case Opcodes.F2D -> convert(FLOAT, DOUBLE);
            case Opcodes.D2I -> convert(DOUBLE, INT);
            case Opcodes.D2L -> convert(DOUBLE, LONG);
            case Opcodes.D2F -> convert(DOUBLE, FLOAT);
            case Opcodes.I2B, Opcodes.I2C, Opcodes.I2S -> convert(INT, INT);
            case Opcodes.LCMP -> compare(LONG);
            case Opcodes.FCMPL, Opcodes.FCMPG -> compare(FLOAT);
            case Opcodes.DCMPL, Opcodes.DCMPG -> compare(DOUBLE);
            case Opcodes.IFEQ, Opcodes.IFNE, Opcodes.IFLT, Opcodes.IFGE, Opcodes.IFGT, Opcodes.IFLE,
                 Opcodes.TABLESWITCH, Opcodes.LOOKUPSWITCH -> pop(INT);
            case Opcodes.IF_ICMPEQ, Opcodes.IF_ICMPNE, Opcodes.IF_ICMPLT, Opcodes.IF_ICMPGE, Opcodes.IF_ICMPGT,
                 Opcodes.IF_ICMPLE -> {
                pop(INT);
                pop(INT);
            }
            case Opcodes.IF_ACMPEQ, Opcodes.IF_ACMPNE -> {
                pop(REF);
                pop(REF);
            }
            case Opcodes.IFNULL, Opcodes.IFNONNULL, Opcodes.ATHROW, Opcodes.MONITORENTER, Opcodes.MONITOREXIT -> pop(REF);
            case Opcodes.GOTO -> { }
            case Opcodes.IRETURN, Opcodes.LRETURN, Opcodes.FRETURN, Opcodes.DRETURN, Opcodes.ARETURN -> {
                byte k = ILFDA[opcode - Opcodes.IRETURN];
                if (returns != k) {
                    throw new Reject("returns " + NAMES[k] + " from a method that returns " + NAMES[returns]);
                }
                pop(k);
            }
            case Opcodes.RETURN -> {
                if (returns != VOID) {
                    throw new Reject("returns nothing from a method that returns " + NAMES[returns]);
                }
            }
            case Opcodes.GETSTATIC -> push(kind(((FieldInsnNode) n).desc));
            case Opcodes.PUTSTATIC -> pop(kind(((FieldInsnNode) n).desc));
            case Opcodes.GETFIELD -> {
                pop(REF);
                push(kind(((FieldInsnNode) n).desc));
            }
            case Opcodes.PUTFIELD -> {
                pop(kind(((FieldInsnNode) n).desc));
                pop(REF);
            }
            case Opcodes.INVOKEVIRTUAL, Opcodes.INVOKESPECIAL, Opcodes.INVOKESTATIC, Opcodes.INVOKEINTERFACE ->
                    invoke(((MethodInsnNode) n).desc, opcode != Opcodes.INVOKESTATIC);
            case Opcodes.INVOKEDYNAMIC -> invoke(((InvokeDynamicInsnNode) n).desc, false);
            case Opcodes.NEW -> push(REF);
            case Opcodes.NEWARRAY, Opcodes.ANEWARRAY -> {
                pop(INT);
                push(REF);
            }
            case Opcodes.ARRAYLENGTH, Opcodes.INSTANCEOF -> {
                pop(REF);
                push(INT);
            }
            case Opcodes.CHECKCAST -> {
                pop(REF);
                push(REF);
            }
            case Opcodes.MULTIANEWARRAY -> {
                for (int d = 0; d < ((MultiANewArrayInsnNode) n).dims; d++) {
                    pop(INT);
                }
                push(REF);
            }
            default -> throw new Reject("opcode " + opcode + " (subroutines are never instrumented)");
        }
    }

    /** Pops the arguments (and the receiver), pushes the result; the descriptor read in place. */
    private void invoke(String desc, boolean receiver) throws Reject {
        int n = 0;
        int c = 1;   // after '('
        while (desc.charAt(c) != ')') {
            if (n == args.length) {
                args = Arrays.copyOf(args, 2 * n);
            }
            args[n++] = kind(desc.charAt(c));
            while (desc.charAt(c) == '[') {
                c++;
            }
            c = desc.charAt(c) == 'L' ? desc.indexOf(';', c) + 1 : c + 1;
        }
        for (int a = n - 1; a >= 0; a--) {
            pop(args[a]);
        }
        if (receiver) {
            pop(REF);
        }
        byte r = kind(desc.charAt(c + 1));
        if (r != VOID) {
            push(r);
        }
    }

    private void convert(byte from, byte to) throws Reject {
        pop(from);
        push(to);
    }

    private void compare(byte k) throws Reject {
        pop(k);
        pop(k);
        push(INT);
    }

    /**
     * The dup family on words: copies the top {@code words} words below the {@code under} words
     * beneath them, neither block splitting a long or double.
     */
    private void copy(int words, int under) throws Reject {
        if (sp < words + under) {
            throw new Reject("stack underflow");
        }
        startsValue(sp - words);
        startsValue(sp - words - under);
        if (sp + words > stack.length) {
            throw new Reject("stack beyond max_stack " + stack.length);
        }
        int base = sp - words - under;
        byte[] top = scratch;
        System.arraycopy(stack, sp - words, top, 0, words);
        System.arraycopy(stack, base, stack, base + words, words + under);
        System.arraycopy(top, 0, stack, base, words);
        sp += words;
    }

    private void startsValue(int at) throws Reject {
        if (at < sp && stack[at] == HIGH) {
            throw new Reject("splits a long or double on the stack");
        }
    }

    private void push(byte k) throws Reject {
        int s = size(k);
        if (sp + s > stack.length) {
            throw new Reject("stack beyond max_stack " + stack.length);
        }
        stack[sp++] = k;
        if (s == 2) {
            stack[sp++] = HIGH;
        }
    }

    private void pop(byte k) throws Reject {
        if (size(k) == 2) {
            if (sp < 2 || stack[sp - 1] != HIGH || stack[sp - 2] != k) {
                throw new Reject("expects a " + NAMES[k] + " on the stack");
            }
            sp -= 2;
        } else {
            if (sp < 1 || stack[sp - 1] != k) {
                throw new Reject("expects " + (k == INT ? "an " : "a ") + NAMES[k] + " on the stack, finds "
                        + (sp < 1 ? "none" : NAMES[stack[sp - 1]]));
            }
            sp--;
        }
    }

    /** Pops one word that is a whole value (not half of a long or double). */
    private byte pop1() throws Reject {
        if (sp < 1 || stack[sp - 1] == HIGH || stack[sp - 1] == TOP) {
            throw new Reject("expects a one-word value on the stack");
        }
        return stack[--sp];
    }

    /** Pops {@code words} words holding whole values. */
    private void popWords(int words) throws Reject {
        if (sp < words) {
            throw new Reject("stack underflow");
        }
        startsValue(sp - words);
        sp -= words;
    }

    private void setLocal(int var, byte k) throws Reject {
        int s = size(k);
        if (var + s > locals.length) {
            throw new Reject("local " + var + " beyond max_locals " + locals.length);
        }
        if (var > 0 && locals[var - 1] >= LONG && locals[var - 1] <= DOUBLE && locals[var] == HIGH) {
            locals[var - 1] = TOP;   // overwrites the high half of a long or double
        }
        if (var + s < locals.length && locals[var + s] == HIGH) {
            locals[var + s] = TOP;   // overwrites the low half of one
        }
        locals[var] = k;
        if (s == 2) {
            locals[var + 1] = HIGH;
        }
        localsVersion++;
    }

    // ---- frames

    /** The state after a jump or switch must be assignable to each target's frame. */
    private void jumps(AbstractInsnNode n, int i) throws Reject {
        if (n instanceof JumpInsnNode j) {
            target(j.label, i);
        } else if (n instanceof TableSwitchInsnNode t) {
            target(t.dflt, i);
            for (LabelNode l : t.labels) {
                target(l, i);
            }
        } else if (n instanceof LookupSwitchInsnNode l) {
            target(l.dflt, i);
            for (LabelNode label : l.labels) {
                target(label, i);
            }
        }
    }

    private void target(LabelNode label, int i) throws Reject {
        FrameNode f = frameAt.get(label);
        if (f == null) {
            throw new Reject("instruction " + i + ": no frame at the target of a jump");
        }
        conforms(f, true, i, "jump target");
    }

    /** The locals here must be assignable to the handler's frame, whose stack is one reference. */
    private void handlerAccepts(TryCatchBlockNode tcb, int i) throws Reject {
        FrameNode f = frameAt.get(tcb.handler);
        if (f == null) {
            throw new Reject("instruction " + i + ": no frame at an exception handler");
        }
        if (f.stack == null || f.stack.size() != 1 || kindOf(f.stack.get(0)) != REF) {
            throw new Reject("instruction " + i + ": a handler's frame must hold one reference on its stack");
        }
        conforms(f, false, i, "exception handler");
    }

    /** The current state (its locals, and its stack if {@code withStack}) must be assignable to {@code declared}. */
    private void conforms(FrameNode declared, boolean withStack, int i, String what) throws Reject {
        List<Object> declaredLocals = declared.local == null ? List.of() : declared.local;
        int slot = 0;
        for (Object type : declaredLocals) {
            byte k = kindOf(type);
            int s = size(k);
            if (slot + s > locals.length) {
                throw new Reject(where(i, what) + "local " + slot + " declared beyond max_locals " + locals.length);
            }
            if (k != TOP && (locals[slot] != k || (s == 2 && locals[slot + 1] != HIGH))) {
                throw new Reject(where(i, what) + "local " + slot + " declared " + describe(type) + ", holds "
                        + NAMES[locals[slot]]);
            }
            slot += s;
        }
        if (!withStack) {
            return;
        }
        List<Object> declaredStack = declared.stack == null ? List.of() : declared.stack;
        int words = 0;
        for (Object type : declaredStack) {
            words += size(kindOf(type));
        }
        if (words != sp) {
            throw new Reject(where(i, what) + "stack height declared " + words + ", " + sp + " there");
        }
        int word = 0;
        for (Object type : declaredStack) {
            byte k = kindOf(type);
            if (stack[word] != k) {
                throw new Reject(where(i, what) + "stack word " + word + " declared " + describe(type) + ", holds "
                        + NAMES[stack[word]]);
            }
            word += size(k);
        }
    }

    /** The start of a failure's reason: which instruction, and which frame it met. */
    private static String where(int i, String what) {
        return (what.equals("frame") ? "frame at instruction " + i : "instruction " + i + ": " + what) + ": ";
    }

    /** Makes the declared frame the current state. */
    private void load(FrameNode declared, int i) throws Reject {
        List<Object> declaredLocals = declared.local == null ? List.of() : declared.local;
        Arrays.fill(locals, TOP);
        int slot = 0;
        for (Object type : declaredLocals) {
            byte k = kindOf(type);
            int s = size(k);
            if (slot + s > locals.length) {
                throw new Reject("frame at instruction " + i + ": local " + slot + " declared beyond max_locals " + locals.length);
            }
            locals[slot] = k;
            if (s == 2) {
                locals[slot + 1] = HIGH;
            }
            slot += s;
        }
        localsVersion++;
        sp = 0;
        for (Object type : declared.stack == null ? List.of() : declared.stack) {
            try {
                push(kindOf(type));
            } catch (Reject r) {
                throw new Reject("frame at instruction " + i + ": stack declared beyond max_stack " + stack.length);
            }
        }
    }

    // ---- kinds

    private static int size(byte k) {
        return k == LONG || k == DOUBLE ? 2 : 1;
    }

    /** The kind of a frame entry: a class, {@code null} or an uninitialized object is a reference. */
    private static byte kindOf(Object type) {
        if (Opcodes.TOP.equals(type)) {
            return TOP;
        }
        if (Opcodes.INTEGER.equals(type)) {
            return INT;
        }
        if (Opcodes.FLOAT.equals(type)) {
            return FLOAT;
        }
        if (Opcodes.LONG.equals(type)) {
            return LONG;
        }
        if (Opcodes.DOUBLE.equals(type)) {
            return DOUBLE;
        }
        return REF;
    }

    /** The kind of a field or method type descriptor ({@code V}: void). */
    private static byte kind(String desc) {
        return kind(desc.charAt(0));
    }

    /** The kind of a type whose descriptor starts with {@code first}. */
    private static byte kind(char first) {
        return switch (first) {
            case 'Z', 'B', 'C', 'S', 'I' -> INT;
            case 'F' -> FLOAT;
            case 'J' -> LONG;
            case 'D' -> DOUBLE;
            case 'V' -> VOID;
            default -> REF;
        };
    }

    private static byte constantKind(Object cst) {
        if (cst instanceof Integer) {
            return INT;
        }
        if (cst instanceof Float) {
            return FLOAT;
        }
        if (cst instanceof Long) {
            return LONG;
        }
        if (cst instanceof Double) {
            return DOUBLE;
        }
        if (cst instanceof ConstantDynamic c) {
            return kind(c.getDescriptor());
        }
        return REF;   // a String, a class or method type, a method handle
    }

    /** The element kind of the array instructions, in opcode order: int, long, float, double, reference, byte, char, short. */
    private static byte arrayKind(int offset) {
        return offset < ILFDA.length ? ILFDA[offset] : INT;
    }

    /** A frame entry as people read it. */
    private static String describe(Object type) {
        if (type instanceof String s) {
            return s;
        }
        if (type instanceof LabelNode) {
            return "uninitialized";
        }
        if (Opcodes.NULL.equals(type)) {
            return "null";
        }
        if (Opcodes.UNINITIALIZED_THIS.equals(type)) {
            return "uninitialized this";
        }
        return NAMES[kindOf(type)];
    }
}
