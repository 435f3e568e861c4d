package io.loupe.runtime.sink;

import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.CallSiteMeta;
import io.loupe.data.deps.DepLoopMeta;
import io.loupe.data.deps.LoopRegisterSource;
import io.loupe.data.deps.NestModel;
import io.loupe.data.meta.ClassSlotLayout;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.sink.InstrumentationSink;
import io.loupe.data.trace.MethodOps;
import io.loupe.data.values.ValueSiteMeta;
import io.loupe.runtime.deps.DepRegistry;
import io.loupe.runtime.registry.ClassSlots;
import io.loupe.runtime.registry.MethodRegistry;
import io.loupe.runtime.trace.TraceOutput;
import io.loupe.runtime.values.FrozenMethods;
import io.loupe.runtime.values.QuietMethods;
import io.loupe.runtime.values.ValueSiteRegistry;

/**
 * What a live agent's instrumenter declares goes to the runtime's registries, which the code it
 * emitted counts against and the dump reads. Each registry synchronises its own state.
 */
public final class RuntimeSink implements InstrumentationSink {

    /** The one sink of this JVM's registries. */
    public static final RuntimeSink INSTANCE = new RuntimeSink();

    private RuntimeSink() {
    }

    @Override
    public int reserveMethods(int count) {
        return MethodRegistry.reserve(count);
    }

    @Override
    public int reserveClassSlots() {
        return ClassSlots.reserve();
    }

    @Override
    public void method(MethodMeta meta, int arraySize) {
        MethodRegistry.register(meta, arraySize);
    }

    @Override
    public void classSlots(int key, ClassSlotLayout layout) {
        ClassSlots.define(key, layout);
    }

    @Override
    public void throwingBlocks(int method, int[] blocks) {
        TraceOutput.throwingBlocks(method, blocks);
    }

    @Override
    public int reserveHeapSites(int count) {
        return TraceOutput.reserveHeapSites(count);
    }

    @Override
    public void methodOps(int method, MethodOps ops) {
        TraceOutput.methodOps(method, ops);
    }

    @Override
    public int reserveValueSites(int count) {
        return ValueSiteRegistry.reserve(count);
    }

    @Override
    public void valueSite(ValueSiteMeta meta) {
        ValueSiteRegistry.register(meta);
    }

    @Override
    public void valueSiteCopies(int site, int source) {
        ValueSiteRegistry.copies(site, source);
    }

    @Override
    public void quietLoops(int first, int[] iterated, int[] loops) {
        QuietMethods.switchesInLoops(first, iterated, loops);
    }

    @Override
    public void frozenMethod(int first) {
        FrozenMethods.declare(first);
    }

    @Override
    public int reserveAccessSites(int count) {
        return DepRegistry.reserveSites(count);
    }

    @Override
    public int reserveLoops(int count) {
        return DepRegistry.reserveLoops(count);
    }

    @Override
    public int reserveCalls(int count) {
        return DepRegistry.reserveCalls(count);
    }

    @Override
    public void accessSite(AccessSiteMeta meta) {
        DepRegistry.register(meta);
    }

    @Override
    public void loop(DepLoopMeta meta) {
        DepRegistry.register(meta);
    }

    @Override
    public void callSite(CallSiteMeta meta, int ordinal) {
        DepRegistry.register(meta, ordinal);
    }

    @Override
    public void deferredRegisters(int firstLoop, int count, LoopRegisterSource source) {
        DepRegistry.deferRegisters(firstLoop, count, source);
    }

    @Override
    public int staticField(String owner, String name, String desc) {
        return DepRegistry.staticField(owner, name, desc);
    }

    @Override
    public int instanceField(String name, String desc) {
        return DepRegistry.instanceField(name, desc);
    }

    @Override
    public int callee(String callee) {
        return DepRegistry.callee(callee);
    }

    @Override
    public int reserveNests(int count) {
        return DepRegistry.reserveNests(count);
    }

    @Override
    public void nest(NestModel model) {
        DepRegistry.register(model);
    }

    @Override
    public void ineligibleLoop(int loop, String reason) {
        DepRegistry.ineligible(loop, reason);
    }
}
