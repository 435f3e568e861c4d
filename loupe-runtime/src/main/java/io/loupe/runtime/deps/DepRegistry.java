package io.loupe.runtime.deps;

import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.CallSiteMeta;
import io.loupe.data.deps.CarriedRegisterMeta;
import io.loupe.data.deps.DepLoopMeta;
import io.loupe.data.deps.NestModel;
import io.loupe.runtime.absint.NestProgram;
import io.loupe.data.deps.LoopRegisterSource;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * Static metadata of the dependence profiler and the ids the instrumenter hands out: access sites,
 * loops and call sites (reserved per class before its bytes are rewritten, registered once it is
 * instrumented, like methods and value sites), global ids of static and instance fields, dense ids
 * of callees for recursion detection, and the pseudo-loops of recursive call sites (created when a
 * recursion is first seen). Instrumented code never calls this on a hot path: the only runtime
 * caller is {@link #recursionLoop}, once per recursion entered.
 *
 * <p><b>Field ids.</b> A static field is named by the class the instruction names and the field
 * ({@code Owner.name:desc}). An instance field is named by its name and descriptor alone: the class
 * an instruction names is the static type of the reference, so one field of one object is reached
 * as {@code Base.x} in one method and {@code Sub.x} in another; resolving the declaring class would
 * load classes inside the transformer. The price: a field that hides a superclass field of the same
 * name and type shares its location with it (a possible spurious dependence, never a missed one).
 * A static field reached through a subclass name ({@code Sub.COUNT} for {@code Base.COUNT}) is, for
 * the same reason, a location of its own: javac names the class written in the source.
 */
public final class DepRegistry {

    private static final List<AccessSiteMeta> SITES = new ArrayList<>();
    private static final List<DepLoopMeta> LOOPS = new ArrayList<>();
    private static final List<CallSiteMeta> CALLS = new ArrayList<>();
    /** Per call-site id: its ordinal among its method's call sites (names a recursion across runs). */
    private static final List<Integer> CALL_ORDINALS = new ArrayList<>();
    private static final Map<String, Integer> STATIC_FIELDS = new HashMap<>();
    private static final Map<String, Integer> INSTANCE_FIELDS = new HashMap<>();
    private static final Map<String, Integer> CALLEES = new HashMap<>();
    /** Per call-site id: the loop id of its recursion pseudo-loop, or 0 before one is needed (ids + 1). */
    private static int[] recursionLoops = new int[64];
    /** Per loop id: where its carried registers come from, until {@link #resolveRegisters} asked it. */
    private static final Map<Integer, LoopRegisterSource> DEFERRED = new HashMap<>();

    /** Eligible loop nests by nest id (abstract interpretation at loop entry). */
    private static final List<NestProgram> NESTS = new ArrayList<>();
    /** The same, published for the entry probes: read without the lock, replaced whole on registration. */
    private static volatile NestProgram[] nestArray = new NestProgram[0];
    /** Per loop id that is in no eligible nest: why. */
    private static final Map<Integer, String> INELIGIBLE = new HashMap<>();

    private DepRegistry() {
    }

    /** Reserves {@code count} consecutive nest ids and returns the first. */
    public static synchronized int reserveNests(int count) {
        return reserve(NESTS, count);
    }

    /** Registers an eligible nest, before any code that enters it runs. */
    public static synchronized void register(NestModel model) {
        set(NESTS, model.id(), new NestProgram(model), "nest");
        nestArray = NESTS.toArray(new NestProgram[0]);
    }

    /** The nest with id {@code id} (its class registered it before its code could run). */
    static NestProgram nest(int id) {
        return nestArray[id];
    }

    /** Every registered nest. */
    public static synchronized List<NestProgram> nests() {
        return new ArrayList<>(NESTS);
    }

    /** Loop {@code loop} is in no eligible nest, for {@code reason}. */
    public static synchronized void ineligible(int loop, String reason) {
        INELIGIBLE.put(loop, reason);
    }

    /** Per loop id in no eligible nest (of the classes instrumented with abstract interpretation): why. */
    public static synchronized Map<Integer, String> ineligibleLoops() {
        return new HashMap<>(INELIGIBLE);
    }

    /** Reserves {@code count} consecutive access site ids and returns the first. */
    public static synchronized int reserveSites(int count) {
        return reserve(SITES, count);
    }

    /** Reserves {@code count} consecutive loop ids and returns the first. */
    public static synchronized int reserveLoops(int count) {
        return reserve(LOOPS, count);
    }

    /** Reserves {@code count} consecutive call-site ids and returns the first. */
    public static synchronized int reserveCalls(int count) {
        int base = reserve(CALLS, count);
        for (int i = 0; i < count; i++) {
            CALL_ORDINALS.add(-1);
        }
        return base;
    }

    private static <T> int reserve(List<T> list, int count) {
        int base = list.size();
        for (int i = 0; i < count; i++) {
            list.add(null);
        }
        return base;
    }

    public static synchronized void register(AccessSiteMeta meta) {
        set(SITES, meta.id(), meta, "access site");
    }

    public static synchronized void register(DepLoopMeta meta) {
        set(LOOPS, meta.id(), meta, "loop");
    }

    /**
     * Loops {@code [firstLoop, firstLoop + count)}, registered without carried registers, get
     * them from {@code source} when the profile is written, if they ran ({@link #resolveRegisters}).
     */
    public static synchronized void deferRegisters(int firstLoop, int count, LoopRegisterSource source) {
        for (int i = firstLoop; i < firstLoop + count; i++) {
            DEFERRED.put(i, source);
        }
    }

    /**
     * Gives the loops among {@code loops} whose registers were deferred their carried registers,
     * one analysis per source, outside the registry's lock (a class loading meanwhile is not held
     * up). A loop asked once is not asked again. A source that fails in any way (a stack overflow
     * in a deep method, say) leaves its loops without registers and is reported to
     * {@code warnings}: the profile is written all the same.
     */
    public static void resolveRegisters(Collection<Integer> loops, Consumer<String> warnings) {
        Map<LoopRegisterSource, Set<Integer>> asks = new LinkedHashMap<>();
        synchronized (DepRegistry.class) {
            for (int id : loops) {
                LoopRegisterSource source = DEFERRED.remove(id);
                if (source != null) {
                    asks.computeIfAbsent(source, k -> new TreeSet<>()).add(id);
                }
            }
        }
        for (var ask : asks.entrySet()) {
            Map<Integer, List<CarriedRegisterMeta>> found;
            try {
                found = ask.getKey().registers(ask.getValue());
            } catch (Throwable t) {
                warnings.accept("no carried register analysis of loops " + ask.getValue() + ": " + t);
                continue;
            }
            synchronized (DepRegistry.class) {
                for (int id : ask.getValue()) {
                    List<CarriedRegisterMeta> registers = found.get(id);
                    DepLoopMeta m = LOOPS.get(id);
                    if (registers != null && !registers.isEmpty() && m != null) {
                        LOOPS.set(id, new DepLoopMeta(m.id(), m.className(), m.method(), m.desc(), m.sourceFile(),
                                m.line(), m.index(), m.parent(), m.recursion(), registers));
                    }
                }
            }
        }
    }

    /** Registers call site {@code meta}, the {@code ordinal}-th call site of its method. */
    public static synchronized void register(CallSiteMeta meta, int ordinal) {
        set(CALLS, meta.id(), meta, "call site");
        CALL_ORDINALS.set(meta.id(), ordinal);
    }

    private static <T> void set(List<T> list, int id, T meta, String what) {
        if (id < 0 || id >= list.size() || list.get(id) != null) {
            throw new IllegalStateException(what + " id " + id + " not reserved or registered twice");
        }
        list.set(id, meta);
    }

    /** The global id of static field {@code name:desc} of class {@code owner} (internal or binary name). */
    public static synchronized int staticField(String owner, String name, String desc) {
        return STATIC_FIELDS.computeIfAbsent(owner.replace('/', '.') + "." + name + ":" + desc, k -> STATIC_FIELDS.size());
    }

    /** The global id of instance field {@code name:desc}, whatever class declares it (see above). */
    public static synchronized int instanceField(String name, String desc) {
        return INSTANCE_FIELDS.computeIfAbsent(name + ":" + desc, k -> INSTANCE_FIELDS.size());
    }

    /**
     * The dense id of a callee as a call instruction names it ({@code Owner.name(desc)}): two calls
     * naming the same method count as activations of one method when recursion is detected.
     */
    public static synchronized int callee(String callee) {
        return CALLEES.computeIfAbsent(callee, k -> CALLEES.size());
    }

    /**
     * The loop id of the pseudo-loop standing for a recursion entered through call site
     * {@code callSite}, created on first use: the call's class, method and line, index
     * {@code -1 - ordinal} (negative, so it never names a loop of the method), no parent.
     */
    public static synchronized int recursionLoop(int callSite) {
        if (callSite >= recursionLoops.length) {
            recursionLoops = java.util.Arrays.copyOf(recursionLoops, Math.max(callSite + 1, recursionLoops.length * 2));
        }
        int id = recursionLoops[callSite] - 1;
        if (id < 0) {
            CallSiteMeta call = callSite < CALLS.size() ? CALLS.get(callSite) : null;
            id = LOOPS.size();
            int ordinal = callSite < CALL_ORDINALS.size() ? CALL_ORDINALS.get(callSite) : -1;
            LOOPS.add(call == null
                    ? new DepLoopMeta(id, "?", "?", "()V", null, -1, -1 - Math.max(0, callSite), -1, true)
                    : new DepLoopMeta(id, call.className(), call.method(), call.desc(), call.sourceFile(), call.line(),
                    -1 - Math.max(0, ordinal), -1, true));
            recursionLoops[callSite] = id + 1;
        }
        return id;
    }

    /** Access sites in id order (a reserved id still being instrumented appears as a placeholder). */
    public static synchronized List<AccessSiteMeta> sites() {
        List<AccessSiteMeta> out = new ArrayList<>(SITES.size());
        for (int i = 0; i < SITES.size(); i++) {
            AccessSiteMeta m = SITES.get(i);
            out.add(m != null ? m : new AccessSiteMeta(i, "?", "?", "()V", null, -1, -1, "?", false, false, "?"));
        }
        return out;
    }

    /** Loops in id order (placeholders as for {@link #sites()}). */
    public static synchronized List<DepLoopMeta> loops() {
        List<DepLoopMeta> out = new ArrayList<>(LOOPS.size());
        for (int i = 0; i < LOOPS.size(); i++) {
            DepLoopMeta m = LOOPS.get(i);
            out.add(m != null ? m : new DepLoopMeta(i, "?", "?", "()V", null, -1, -1, -1, false));
        }
        return out;
    }

    /** Call sites in id order (placeholders as for {@link #sites()}). */
    public static synchronized List<CallSiteMeta> calls() {
        List<CallSiteMeta> out = new ArrayList<>(CALLS.size());
        for (int i = 0; i < CALLS.size(); i++) {
            CallSiteMeta m = CALLS.get(i);
            out.add(m != null ? m : new CallSiteMeta(i, "?", "?", "()V", null, -1, "?"));
        }
        return out;
    }

    /** The number of access site ids reserved so far. */
    public static synchronized int siteCount() {
        return SITES.size();
    }
}
