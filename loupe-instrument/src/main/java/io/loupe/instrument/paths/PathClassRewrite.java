package io.loupe.instrument.paths;

import io.loupe.data.meta.ClassSlotLayout;
import io.loupe.data.meta.EdgeKind;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.sink.InstrumentationSink;
import io.loupe.instrument.flow.MethodModel;
import io.loupe.instrument.rewrite.ClassRewrite;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Path profiling's (or the block tracer's) part in rewriting a class: each method's model, storage
 * and probes ({@link PathProbeInserter}, {@link BlockTraceInserter}), and the class-local counters
 * its one-path-per-activation methods share ({@link ClassCounters}). Method ids are reserved when
 * it is planned, one per method with code in declaration order; every method is declared after the
 * kept try, those left alone as uninstrumented.
 */
public final class PathClassRewrite implements ClassRewrite {

    /**
     * TRACE: the local that holds an activation's {@code TraceThread}, counted from the method's
     * own {@code maxLocals} (PathRegister's {@code state}).
     */
    public static final int TRACE_THREAD_LOCAL = 1;

    /** TRACE: the locals the path register takes after the method's own (register, thread, saved site). */
    public static final int TRACE_LOCALS = 3;

    /** What a method got: its metadata and the size of its path-count array (0 for none). */
    private record Rewritten(MethodMeta meta, int arraySize, boolean changed) {
    }

    private final PathSettings settings;
    private final Consumer<String> warnings;
    private final int base;       // the id of the first method with code
    private final int classKey;   // the class's key for class-local counters, or -1 (the block tracer)
    private final MethodMeta[] metas;
    private final int[] arraySizes;
    private final int[][] throwingBlocks;   // the whole-program trace: per method, the blocks that may throw

    // the try under way
    private ClassNode cn;
    private String className;
    private boolean classLocal;
    private boolean frames;
    private final List<int[]> slots = new ArrayList<>();   // {method id, offset, paths} of class-local methods
    private int slotCount;
    private boolean arrays;   // a class-local method with loops, which needs ClassCounters.COUNTERS
    private ClassSlotLayout layout;

    private PathClassRewrite(PathSettings settings, Consumer<String> warnings, int base, int classKey, int methods) {
        this.settings = settings;
        this.warnings = warnings;
        this.base = base;
        this.classKey = classKey;
        this.metas = new MethodMeta[methods];
        this.arraySizes = new int[methods];
        this.throwingBlocks = new int[methods][];
    }

    /** Plans path profiling for a class with {@code methods} methods with code: reserves their ids (and a class key). */
    public static PathClassRewrite plan(PathSettings settings, int methods, Consumer<String> warnings,
                                        InstrumentationSink sink) {
        int base = methods > 0 ? sink.reserveMethods(methods) : -1;
        int classKey = methods > 0 && !settings.blockTrace() && !settings.trace() ? sink.reserveClassSlots() : -1;
        return new PathClassRewrite(settings, warnings, base, classKey, methods);
    }

    /** The id of method {@code j} (its index among the class's methods with code). */
    public int methodId(int j) {
        return base + j;
    }

    @Override
    public void begin(ClassNode cn) {
        this.cn = cn;
        this.className = cn.name.replace('/', '.');
        this.classLocal = classKey >= 0 && ClassCounters.applicable(cn);
        this.frames = (cn.version & 0xffff) >= Opcodes.V1_6;
        slots.clear();
        slotCount = 0;
        arrays = false;
        layout = null;
    }

    @Override
    public boolean rewrite(int j, MethodNode m) {
        throwingBlocks[j] = null;
        Rewritten r = rewrite(m, base + j);
        metas[j] = r.meta();
        arraySizes[j] = r.arraySize();
        return r.changed();
    }

    @Override
    public void leftAlone(int j, MethodNode m) {
        throwingBlocks[j] = null;
        metas[j] = uninstrumented(m, base + j, className, cn.sourceFile);
        arraySizes[j] = 0;
    }

    /** Puts method {@code m}'s path probes in, as method {@code id}; warns of a method it leaves alone. */
    private Rewritten rewrite(MethodNode m, int id) {
        MethodModel model = MethodModel.of(m, !settings.trace());
        if (model.dag() == null) {
            warnings.accept("left " + className + "." + m.name + m.desc + " uninstrumented: JSR/RET subroutines");
            return new Rewritten(model.toMeta(id, className, cn.sourceFile, MethodMeta.Storage.NONE), 0, false);
        }
        MethodMeta.Storage storage = storage(model);
        MethodMeta meta = model.toMeta(id, className, cn.sourceFile, storage);
        if (settings.blockTrace()) {
            new BlockTraceInserter(m, model, id, frames).insert();
            return new Rewritten(meta, 0, true);
        }
        if (storage == MethodMeta.Storage.NONE) {
            return new Rewritten(meta, 0, false);
        }
        if (settings.trace()) {
            // A constructor's catch-all handler starts after its this(…) or super(…) call.
            AbstractInsnNode initCall = m.name.equals("<init>") ? ConstructorBody.initCall(cn.name, m) : null;
            PathRegister reg = new PathRegister(PathRegister.Mode.TRACE, id, m.maxLocals, false);
            PathProbeInserter inserter = new PathProbeInserter(m, model, reg, frames, false, initCall,
                    !m.name.equals("<init>") || initCall != null, cn.name);
            inserter.insert();
            throwingBlocks[id - base] = inserter.throwingBlocks();
            return new Rewritten(meta, 0, true);
        }
        int arraySize = storage == MethodMeta.Storage.ARRAY ? (int) model.numPaths() : 0;
        // A constructor defers path ends only past its super(…) call (ConstructorBody).
        AbstractInsnNode deferrableAfter = null;
        boolean deferrable = !m.name.equals("<init>");
        if (!deferrable && hasRepeatablePathEnds(model)) {
            deferrableAfter = ConstructorBody.deferrableAfter(cn.name, m, model);
            deferrable = deferrableAfter != null;
        }
        boolean rle = settings.runLength() && deferrable && hasRepeatablePathEnds(model);
        PathRegister.Mode mode = mode(model, storage);
        PathRegister reg;
        if (classLocal && mode == PathRegister.Mode.EXIT_COUNT && storage == MethodMeta.Storage.ARRAY) {
            reg = PathRegister.classLocal(id, m.maxLocals, cn.name, slotCount);
            slots.add(new int[] {id, slotCount, (int) model.numPaths()});
            slotCount += (int) model.numPaths();
        } else if (classLocal && mode == PathRegister.Mode.ARRAY
                && slotCount + model.numPaths() <= ClassCounters.ARRAY_SLOT_LIMIT) {
            reg = PathRegister.classLocalArray(id, m.maxLocals, rle, cn.name, slotCount);
            slots.add(new int[] {id, slotCount, (int) model.numPaths()});
            slotCount += (int) model.numPaths();
            arrays = true;
        } else {
            reg = new PathRegister(mode, id, m.maxLocals, rle);
        }
        new PathProbeInserter(m, model, reg, frames, deferrable, deferrableAfter).insert();
        return new Rewritten(meta, arraySize, true);
    }

    /** Adds the class-local counters, if any method counts through them. */
    @Override
    public boolean finish(Consumer<String> added) {
        if (slots.isEmpty()) {
            return false;
        }
        ClassCounters.addTo(cn, classKey, frames, arrays);
        cn.methods.stream().filter(m -> added(m.name)).forEach(m -> added.accept(m.name + m.desc));
        layout = new ClassSlotLayout(slots.stream().mapToInt(x -> x[0]).toArray(),
                slots.stream().mapToInt(x -> x[1]).toArray(), slots.stream().mapToInt(x -> x[2]).toArray(), slotCount);
        return true;
    }

    /** Every method's metadata, and the class-local counters' layout. */
    @Override
    public void declare(InstrumentationSink sink) {
        for (int j = 0; j < metas.length; j++) {
            sink.method(metas[j], arraySizes[j]);
            if (throwingBlocks[j] != null) {
                sink.throwingBlocks(metas[j].id(), throwingBlocks[j]);
            }
        }
        if (layout != null) {
            sink.classSlots(classKey, layout);
        }
    }

    /** True if {@code name} is a method {@link #finish} adds. */
    public static boolean added(String name) {
        return name.startsWith(ClassCounters.PREFIX);
    }

    /** The metadata of a method left as it was, path profiling on. */
    private static MethodMeta uninstrumented(MethodNode m, int id, String className, String sourceFile) {
        try {
            return MethodModel.of(m).toMeta(id, className, sourceFile, MethodMeta.Storage.NONE);
        } catch (RuntimeException e) {
            return new MethodMeta(id, className, m.name, m.desc, sourceFile, List.of(), List.of(), List.of(), 0, 0,
                    MethodMeta.Storage.NONE);
        }
    }

    private MethodMeta.Storage storage(MethodModel model) {
        if (settings.blockTrace()) {
            return MethodMeta.Storage.NONE;
        }
        if (settings.trace()) {
            return MethodMeta.Storage.ARRAY;   // every method with code is in the trace; nothing is counted
        }
        if (model.numPaths() <= 1 && model.loops().loops().isEmpty() && !settings.trivial()) {
            return MethodMeta.Storage.NONE;
        }
        return model.numPaths() <= settings.arrayLimit() ? MethodMeta.Storage.ARRAY : MethodMeta.Storage.HASH;
    }

    private PathRegister.Mode mode(MethodModel model, MethodMeta.Storage storage) {
        boolean handlers = model.dag().edges().stream().anyMatch(e -> e.kind() == EdgeKind.HANDLER_ENTRY);
        if (!handlers && !hasRepeatablePathEnds(model)) {
            return PathRegister.Mode.EXIT_COUNT;   // one path per activation, whatever k is
        }
        if (settings.k() >= 2) {
            return PathRegister.Mode.KPATHS;
        }
        return storage == MethodMeta.Storage.ARRAY ? PathRegister.Mode.ARRAY : PathRegister.Mode.TABLE;
    }

    /** True if paths can end inside the method (back edges, cut edges), so run-length encoding pays. */
    private static boolean hasRepeatablePathEnds(MethodModel model) {
        return model.dag().edges().stream().anyMatch(e -> e.kind() == EdgeKind.LOOP_EXIT || e.kind() == EdgeKind.CUT_EXIT);
    }
}
