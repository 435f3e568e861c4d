package io.loupe.instrument.values;

import io.loupe.data.values.Formula;
import io.loupe.data.values.SiteKind;
import io.loupe.data.values.ValueSiteMeta;
import io.loupe.data.values.ValueSiteProfile;
import io.loupe.instrument.ClassInstrumenter;
import io.loupe.instrument.InstrumentSettings;
import io.loupe.runtime.sink.RuntimeSink;
import io.loupe.runtime.values.ValueCollector;
import io.loupe.runtime.values.ValueSiteRegistry;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Random integer expressions over three parameters, compiled to {@code static int f(int, int, int)
 * { int r = expr; return r; }}: the formula of {@code r}'s site is the expression tree (cut at
 * depth 6 and 32 leaves), and the instrumented method computes what the tree does and records it.
 */
class FormulaProperties {

    /** An expression: a parameter, a constant, or an operation on one or two expressions. */
    sealed interface Expr permits Param, Const, Unary, Binary {
    }

    record Param(int index) implements Expr {
    }

    record Const(int value) implements Expr {
    }

    record Unary(int opcode, Expr e) implements Expr {
    }

    record Binary(int opcode, Expr l, Expr r) implements Expr {
    }

    private static final int[] BINARY = {Opcodes.IADD, Opcodes.ISUB, Opcodes.IMUL, Opcodes.IDIV, Opcodes.IREM,
            Opcodes.ISHL, Opcodes.ISHR, Opcodes.IUSHR, Opcodes.IAND, Opcodes.IOR, Opcodes.IXOR};
    private static final int[] UNARY = {Opcodes.INEG, Opcodes.I2B, Opcodes.I2C, Opcodes.I2S};

    /** Trees of 3 to 10 levels (up to 1,024 leaves): deep and wide enough for both cuts. */
    @Provide
    Arbitrary<Expr> expressions() {
        return Arbitraries.recursive(FormulaProperties::leaves, deeper -> Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(1, leaves()),
                net.jqwik.api.Tuple.of(2, Combinators.combine(Arbitraries.of(toList(UNARY)), deeper).as(Unary::new)),
                net.jqwik.api.Tuple.of(5, Combinators.combine(Arbitraries.of(toList(BINARY)), deeper, deeper).as(Binary::new))),
                3, 10);
    }

    private static Arbitrary<Expr> leaves() {
        return Arbitraries.oneOf(Arbitraries.integers().between(0, 2).map(Param::new),
                Arbitraries.integers().map(Const::new));
    }

    @Property(tries = 300, edgeCases = net.jqwik.api.EdgeCasesMode.NONE)
    void theFormulaOfAStoredExpressionIsItsTree(@ForAll("expressions") Expr e) {
        MethodNode m = method(e);
        ClassNode owner = new ClassNode();
        owner.name = "test/Owner";
        List<ValueSite> sites = Bytecode.find(owner, m, EnumSet.allOf(SiteKind.class));
        assertEquals(4, sites.size());
        ValueSite r = sites.get(3);
        int[] leaves = new int[1];
        assertEquals(expected(e, 0, leaves), r.formula());
        net.jqwik.api.statistics.Statistics.label("cut").collect(depth(e) > ValueFormulas.MAX_DEPTH ? "deeper than 6" : "not deep",
                leaves[0] >= ValueFormulas.MAX_LEAVES ? "32 leaves or more" : "fewer leaves");
        assertEquals(e instanceof Param ? Producer.COPY : e instanceof Const ? Producer.CONST : Producer.of(
                new InsnNode(e instanceof Unary u ? u.opcode() : ((Binary) e).opcode())), r.producer());
    }

    @Property(tries = 100, edgeCases = net.jqwik.api.EdgeCasesMode.NONE)
    void theInstrumentedMethodComputesAndRecordsWhatTheTreeDoes(@ForAll("expressions") Expr e, @ForAll int a,
                                                                @ForAll int b, @ForAll int c) throws Exception {
        ClassNode cn = new ClassNode();
        cn.version = Opcodes.V17;
        cn.access = Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER;
        cn.name = "io/loupe/instrument/values/generated/Expression";
        cn.superName = "java/lang/Object";
        cn.methods.add(method(e));
        ClassWriter cw = new ClassWriter(0);
        cn.accept(cw);
        int from = ValueSiteRegistry.size();
        byte[] out = new ClassInstrumenter(InstrumentSettings.values(ValueSettings.all()), w -> { }).instrument(cw.toByteArray(), RuntimeSink.INSTANCE);
        List<ValueSiteMeta> sites = ValueSiteRegistry.snapshot().subList(from, ValueSiteRegistry.size());
        Class<?> type = new SingleClassLoader("io.loupe.instrument.values.generated.Expression", out).loadClass(
                "io.loupe.instrument.values.generated.Expression");
        Method f = type.getMethod("f", int.class, int.class, int.class);
        Integer expected;
        try {
            expected = evaluate(e, new int[] {a, b, c});
        } catch (ArithmeticException divisionByZero) {
            expected = null;
        }
        try {
            assertEquals(expected, f.invoke(null, a, b, c));
        } catch (InvocationTargetException t) {
            assertEquals(null, expected, "only a division by zero throws");
            assertEquals(ArithmeticException.class, t.getCause().getClass());
            return;
        }
        ValueSiteProfile local = ValueCollector.collect(ValueSiteRegistry.snapshot()).stream()
                .filter(p -> p.siteId() == sites.get(3).id()).findFirst().orElseThrow();
        assertEquals(List.of(String.valueOf(expected)), List.of(local.values()));
        assertEquals(Formula.parse(sites.get(3).formula()), ValueSite.shift(expected(e, 0, new int[1]), sites.get(0).id()));
    }

    /** The formula the instrumenter should give, with the same cuts: depth 6, 32 leaves. */
    static Formula expected(Expr e, int depth, int[] leaves) {
        if (leaves[0] >= ValueFormulas.MAX_LEAVES) {
            return Formula.UNKNOWN;
        }
        if (e instanceof Param p) {
            leaves[0]++;
            return new Formula.Site(p.index());
        }
        if (e instanceof Const) {
            leaves[0]++;
            return Formula.CONST;
        }
        if (depth >= ValueFormulas.MAX_DEPTH) {
            leaves[0]++;
            return Formula.UNKNOWN;
        }
        if (e instanceof Unary u) {
            return new Formula.Op(Producer.of(new InsnNode(u.opcode())).label(), List.of(expected(u.e(), depth + 1, leaves)));
        }
        Binary bin = (Binary) e;
        Formula l = expected(bin.l(), depth + 1, leaves);
        Formula r = expected(bin.r(), depth + 1, leaves);
        return new Formula.Op(Producer.of(new InsnNode(bin.opcode())).label(), List.of(l, r));
    }

    static int depth(Expr e) {
        if (e instanceof Unary u) {
            return 1 + depth(u.e());
        }
        if (e instanceof Binary b) {
            return 1 + Math.max(depth(b.l()), depth(b.r()));
        }
        return 0;
    }

    static int evaluate(Expr e, int[] params) {
        if (e instanceof Param p) {
            return params[p.index()];
        }
        if (e instanceof Const k) {
            return k.value();
        }
        if (e instanceof Unary u) {
            int v = evaluate(u.e(), params);
            return switch (u.opcode()) {
                case Opcodes.INEG -> -v;
                case Opcodes.I2B -> (byte) v;
                case Opcodes.I2C -> (char) v;
                default -> (short) v;
            };
        }
        Binary b = (Binary) e;
        int x = evaluate(b.l(), params);
        int y = evaluate(b.r(), params);
        return switch (b.opcode()) {
            case Opcodes.IADD -> x + y;
            case Opcodes.ISUB -> x - y;
            case Opcodes.IMUL -> x * y;
            case Opcodes.IDIV -> x / y;
            case Opcodes.IREM -> x % y;
            case Opcodes.ISHL -> x << y;
            case Opcodes.ISHR -> x >> y;
            case Opcodes.IUSHR -> x >>> y;
            case Opcodes.IAND -> x & y;
            case Opcodes.IOR -> x | y;
            default -> x ^ y;
        };
    }

    /** {@code public static int f(int, int, int) { int r = e; return r; }} */
    private static MethodNode method(Expr e) {
        MethodNode m = new MethodNode(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "f", "(III)I", null, null);
        InsnList code = new InsnList();
        int stack = emit(e, code);
        code.add(new VarInsnNode(Opcodes.ISTORE, 3));
        code.add(new VarInsnNode(Opcodes.ILOAD, 3));
        code.add(new InsnNode(Opcodes.IRETURN));
        m.instructions = code;
        m.maxStack = stack;
        m.maxLocals = 4;
        return m;
    }

    /** Emits {@code e}; returns the stack depth it needs. */
    private static int emit(Expr e, InsnList code) {
        if (e instanceof Param p) {
            code.add(new VarInsnNode(Opcodes.ILOAD, p.index()));
            return 1;
        }
        if (e instanceof Const k) {
            code.add(new LdcInsnNode(k.value()));
            return 1;
        }
        if (e instanceof Unary u) {
            int s = emit(u.e(), code);
            code.add(new InsnNode(u.opcode()));
            return s;
        }
        Binary b = (Binary) e;
        int l = emit(b.l(), code);
        int r = emit(b.r(), code);
        code.add(new InsnNode(b.opcode()));
        return Math.max(l, r + 1);
    }

    private static List<Integer> toList(int[] a) {
        List<Integer> l = new ArrayList<>();
        for (int x : a) {
            l.add(x);
        }
        return l;
    }

    /** Defines one class itself, the rest from the test's loader. */
    private static final class SingleClassLoader extends ClassLoader {
        private final Map<String, byte[]> classes;

        SingleClassLoader(String name, byte[] bytes) {
            super(FormulaProperties.class.getClassLoader());
            this.classes = Map.of(name, bytes);
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            byte[] b = classes.get(name);
            if (b == null) {
                throw new ClassNotFoundException(name);
            }
            return defineClass(name, b, 0, b.length);
        }
    }
}
