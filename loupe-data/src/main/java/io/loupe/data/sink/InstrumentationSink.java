package io.loupe.data.sink;

import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.CallSiteMeta;
import io.loupe.data.deps.DepLoopMeta;
import io.loupe.data.deps.LoopRegisterSource;
import io.loupe.data.deps.NestModel;
import io.loupe.data.meta.ClassSlotLayout;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.trace.MethodOps;
import io.loupe.data.values.ValueSiteMeta;

/**
 * Everything rewriting a class tells the rest of Loupe: the ids it reserves, the metadata of what
 * it instrumented, and what the runtime must know of the code it emitted. The instrumenter
 * writes to nothing else, so the same class bytes, options and id bases give the same bytes and
 * the same calls here; a live agent wires this to the runtime's registries, a test or an offline
 * tool records the calls.
 *
 * <p>Reservations come first, while a class is rewritten; declarations of what it holds once the
 * rewrite is final (a method left uninstrumented is declared so). Ids are reserved in blocks of
 * consecutive ids, as one class needs them. Calls for one class come from one thread; a sink that
 * serves several threads synchronises.
 */
public interface InstrumentationSink {

    // ---- path profiling ----

    /** Reserves {@code count} consecutive method ids; returns the first. */
    int reserveMethods(int count);

    /** Reserves the key of a class's class-local counters, its layout empty until {@link #classSlots}. */
    int reserveClassSlots();

    /** A method's metadata, with the size of its path-count array (0 for none). */
    void method(MethodMeta meta, int arraySize);

    /** The layout of the class-local counters reserved as {@code key}. */
    void classSlots(int key, ClassSlotLayout layout);

    /**
     * The whole-program trace ({@code profile=trace}): the blocks of method {@code method} that
     * may throw, in increasing order, which the trace's reader needs to place an exception
     * (docs/trace.md, <i>Exceptions</i>).
     */
    void throwingBlocks(int method, int[] blocks);

    /**
     * Reserves {@code count} consecutive heap access sites of the whole-program trace's checks
     * (docs/trace.md, <i>Checks</i>): a generation is named by the site that began it. Returns the
     * first.
     */
    int reserveHeapSites(int count);

    /**
     * The whole-program trace: what the instructions of method {@code method} do to locals and
     * the heap, which the recovery of dependences replays over the blocks the trace says ran.
     */
    void methodOps(int method, MethodOps ops);

    // ---- value profiling ----

    /** Reserves {@code count} consecutive value site ids; returns the first. */
    int reserveValueSites(int count);

    /** A value site's metadata; every reserved id is declared, the sites of methods left alone included. */
    void valueSite(ValueSiteMeta meta);

    /** Value site {@code site}, a store of the value site {@code source} just profiled, has its profile copied from it. */
    void valueSiteCopies(int site, int source);

    /**
     * The quiet method whose first site is {@code first} switches versions at its loop headers:
     * {@code iterated} are its sites that run per iteration of those loops, {@code loops[i]} the
     * key (first site) of the loop that counts {@code iterated[i]}'s quiet iterations, or -1.
     */
    void quietLoops(int first, int[] iterated, int[] loops);

    /** The quiet or guarded method whose first site is {@code first} has frozen quiet periods ({@code values.freeze}). */
    void frozenMethod(int first);

    // ---- memory dependence profiling ----

    /** Reserves {@code count} consecutive access site ids; returns the first. */
    int reserveAccessSites(int count);

    /** Reserves {@code count} consecutive loop ids; returns the first. */
    int reserveLoops(int count);

    /** Reserves {@code count} consecutive call site ids; returns the first. */
    int reserveCalls(int count);

    /** An access site's metadata. */
    void accessSite(AccessSiteMeta meta);

    /** A loop's metadata. */
    void loop(DepLoopMeta meta);

    /** A call site's metadata; {@code ordinal} is its index among its method's call sites. */
    void callSite(CallSiteMeta meta, int ordinal);

    /** The carried registers of loops {@code [firstLoop, firstLoop + count)}, analysed by {@code source} when asked. */
    void deferredRegisters(int firstLoop, int count, LoopRegisterSource source);

    /** The location id of static field {@code name:desc} of class {@code owner} (internal or binary name). */
    int staticField(String owner, String name, String desc);

    /** The location id of instance field {@code name:desc}, whatever class declares it. */
    int instanceField(String name, String desc);

    /** The dense id of a callee as a call instruction names it ({@code Owner.name(desc)}). */
    int callee(String callee);

    // ---- abstract interpretation at loop entry ----

    /** Reserves {@code count} consecutive nest ids; returns the first. */
    int reserveNests(int count);

    /** An eligible loop nest's model, ids filled in ({@link NestModel#id()} among them). */
    void nest(NestModel model);

    /** Loop {@code loop} is in no eligible nest, for {@code reason}. */
    void ineligibleLoop(int loop, String reason);
}
