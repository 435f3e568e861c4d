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

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A sink that keeps, in order, everything the instrumenter declared, and hands out ids from the
 * bases it was given: for tests, and for instrumenting classes with no runtime in the process
 * (offline, in a build). Not thread-safe.
 */
public final class RecordingSink implements InstrumentationSink {

    /** One declaration, in the order it was made. */
    public sealed interface Event {
    }

    public record Method(MethodMeta meta, int arraySize) implements Event {
    }

    public record ThrowingBlocks(int method, int[] blocks) implements Event {
    }

    public record Ops(int method, MethodOps ops) implements Event {
    }

    public record ClassSlots(int key, ClassSlotLayout layout) implements Event {
    }

    public record ValueSite(ValueSiteMeta meta) implements Event {
    }

    public record ValueSiteCopy(int site, int source) implements Event {
    }

    public record QuietLoops(int first, int[] iterated, int[] loops) implements Event {
    }

    public record FrozenMethod(int first) implements Event {
    }

    public record AccessSite(AccessSiteMeta meta) implements Event {
    }

    public record Loop(DepLoopMeta meta) implements Event {
    }

    public record CallSite(CallSiteMeta meta, int ordinal) implements Event {
    }

    public record Nest(NestModel model) implements Event {
    }

    public record IneligibleLoop(int loop, String reason) implements Event {
    }

    /** Loops whose carried registers {@code source} analyses when asked. */
    public record DeferredRegisters(int firstLoop, int count, LoopRegisterSource source) implements Event {
    }

    private int nextMethod;
    private int nextClassSlots;
    private int nextValueSite;
    private int nextHeapSite;
    private int nextAccessSite;
    private int nextLoop;
    private int nextCall;
    private int nextNest;
    private final Map<String, Integer> staticFields = new HashMap<>();
    private final Map<String, Integer> instanceFields = new HashMap<>();
    private final Map<String, Integer> callees = new HashMap<>();
    private final List<Event> events = new ArrayList<>();

    /** Ids from 0. */
    public RecordingSink() {
        this(0, 0, 0, 0, 0, 0);
    }

    /** Ids from these bases, as a runtime that has instrumented other classes first would hand them out. */
    public RecordingSink(int methods, int classSlots, int valueSites, int accessSites, int loops, int calls) {
        this.nextMethod = methods;
        this.nextClassSlots = classSlots;
        this.nextValueSite = valueSites;
        this.nextAccessSite = accessSites;
        this.nextLoop = loops;
        this.nextCall = calls;
    }

    /** The declarations so far, in order. */
    public List<Event> events() {
        return List.copyOf(events);
    }

    /** The declarations of one kind, in order. */
    public <T extends Event> List<T> events(Class<T> kind) {
        return events.stream().filter(kind::isInstance).map(kind::cast).toList();
    }

    /** The methods declared, in order. */
    public List<MethodMeta> methods() {
        return events(Method.class).stream().map(Method::meta).toList();
    }

    @Override
    public int reserveMethods(int count) {
        int first = nextMethod;
        nextMethod += count;
        return first;
    }

    @Override
    public int reserveClassSlots() {
        return nextClassSlots++;
    }

    @Override
    public void method(MethodMeta meta, int arraySize) {
        events.add(new Method(meta, arraySize));
    }

    @Override
    public void classSlots(int key, ClassSlotLayout layout) {
        events.add(new ClassSlots(key, layout));
    }

    @Override
    public void throwingBlocks(int method, int[] blocks) {
        events.add(new ThrowingBlocks(method, blocks.clone()));
    }

    @Override
    public void methodOps(int method, MethodOps ops) {
        events.add(new Ops(method, ops));
    }

    @Override
    public int reserveValueSites(int count) {
        int first = nextValueSite;
        nextValueSite += count;
        return first;
    }

    @Override
    public void valueSite(ValueSiteMeta meta) {
        events.add(new ValueSite(meta));
    }

    @Override
    public void valueSiteCopies(int site, int source) {
        events.add(new ValueSiteCopy(site, source));
    }

    @Override
    public void quietLoops(int first, int[] iterated, int[] loops) {
        events.add(new QuietLoops(first, iterated.clone(), loops.clone()));
    }

    @Override
    public void frozenMethod(int first) {
        events.add(new FrozenMethod(first));
    }

    @Override
    public int reserveHeapSites(int count) {
        int first = nextHeapSite;
        nextHeapSite += count;
        return first;
    }

    @Override
    public int reserveAccessSites(int count) {
        int first = nextAccessSite;
        nextAccessSite += count;
        return first;
    }

    @Override
    public int reserveLoops(int count) {
        int first = nextLoop;
        nextLoop += count;
        return first;
    }

    @Override
    public int reserveCalls(int count) {
        int first = nextCall;
        nextCall += count;
        return first;
    }

    @Override
    public void accessSite(AccessSiteMeta meta) {
        events.add(new AccessSite(meta));
    }

    @Override
    public void loop(DepLoopMeta meta) {
        events.add(new Loop(meta));
    }

    @Override
    public void callSite(CallSiteMeta meta, int ordinal) {
        events.add(new CallSite(meta, ordinal));
    }

    @Override
    public void deferredRegisters(int firstLoop, int count, LoopRegisterSource source) {
        events.add(new DeferredRegisters(firstLoop, count, source));
    }

    @Override
    public int staticField(String owner, String name, String desc) {
        return staticFields.computeIfAbsent(owner.replace('/', '.') + "." + name + ":" + desc, k -> staticFields.size());
    }

    @Override
    public int instanceField(String name, String desc) {
        return instanceFields.computeIfAbsent(name + ":" + desc, k -> instanceFields.size());
    }

    @Override
    public int callee(String callee) {
        return callees.computeIfAbsent(callee, k -> callees.size());
    }

    @Override
    public int reserveNests(int count) {
        int first = nextNest;
        nextNest += count;
        return first;
    }

    @Override
    public void nest(NestModel model) {
        events.add(new Nest(model));
    }

    @Override
    public void ineligibleLoop(int loop, String reason) {
        events.add(new IneligibleLoop(loop, reason));
    }
}
