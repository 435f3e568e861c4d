package io.loupe.analysis.deps;

import io.loupe.data.Profile;
import io.loupe.data.ProfileHeader;
import io.loupe.data.StatKeys;
import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.CallSiteMeta;
import io.loupe.data.deps.CarriedRegisterMeta;
import io.loupe.data.deps.ContextNode;
import io.loupe.data.deps.DepLoopMeta;
import io.loupe.data.deps.DepType;
import io.loupe.data.deps.Dependence;
import io.loupe.data.deps.DepsProfile;
import io.loupe.data.deps.LoopRecord;
import io.loupe.data.deps.MemoryUpdate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Builds dependence profiles by hand for the analysis and report tests: sites, loops, call sites
 * and context nodes get the next free id; methods are written {@code name(desc)} in one string.
 */
public final class DepsProfileBuilder {

    private boolean distances;

    private final String mode;
    private boolean sourceFiles;
    private final List<AccessSiteMeta> sites = new ArrayList<>();
    private final List<DepLoopMeta> loops = new ArrayList<>();
    private final List<CallSiteMeta> calls = new ArrayList<>();
    private final List<ContextNode> contexts = new ArrayList<>();
    private final List<LoopRecord> records = new ArrayList<>();
    private final List<Dependence> dependences = new ArrayList<>();

    public DepsProfileBuilder(String mode) {
        this.mode = mode;
        if (mode.equals("camp")) {
            contexts.add(new ContextNode(0, -1, ContextNode.Kind.ROOT, -1));
        }
    }

    /** The root context node (camp mode). */
    public static final int ROOT = 0;

    private static String name(String method) {
        return method.substring(0, method.indexOf('('));
    }

    private static String desc(String method) {
        return method.substring(method.indexOf('('));
    }

    /** A load ({@code getfield}) or a store ({@code putfield}) of {@code target}. */
    public int access(String cls, String method, int line, boolean store, String target) {
        int id = sites.size();
        int index = (int) sites.stream().filter(s -> s.className().equals(cls) && s.signature().equals(method)).count();
        sites.add(new AccessSiteMeta(id, cls, name(method), desc(method), sourceFile(cls), line, index,
                store ? "putfield" : "getfield", !store, store, target));
        return id;
    }

    /** An element load ({@code iaload}) or store ({@code iastore}) of an array of {@code type} named {@code array} (may be null). */
    public int arrayAccess(String cls, String method, int line, boolean store, String type, String array) {
        int id = sites.size();
        int index = (int) sites.stream().filter(s -> s.className().equals(cls) && s.signature().equals(method)).count();
        sites.add(new AccessSiteMeta(id, cls, name(method), desc(method), sourceFile(cls), line, index,
                store ? "iastore" : "iaload", !store, store, type, null, array));
        return id;
    }

    /**
     * A store writing back {@code load op e}, for the load site {@code load} (a {@code getfield},
     * {@code getstatic} or {@code iaload} added before, in the same method): same line, target and array.
     */
    public int update(int load, MemoryUpdate.Op op, boolean inexact) {
        AccessSiteMeta l = sites.get(load);
        int id = sites.size();
        int index = (int) sites.stream().filter(s -> s.className().equals(l.className())
                && s.signature().equals(l.signature())).count();
        String access = switch (l.access()) {
            case "getfield" -> "putfield";
            case "getstatic" -> "putstatic";
            default -> l.access().replace("load", "store");
        };
        sites.add(new AccessSiteMeta(id, l.className(), l.method(), l.desc(), l.sourceFile(), l.line(), index, access,
                false, true, l.target(), new MemoryUpdate(l.index(), op, inexact), l.arrayName()));
        return id;
    }

    public int loop(String cls, String method, int line, int parent) {
        return loop(cls, method, line, parent, new CarriedRegisterMeta[0]);
    }

    /** The pseudo-loop of a recursion entered through a call of {@code method} on {@code line}. */
    public int recursionLoop(String cls, String method, int line) {
        int id = loops.size();
        loops.add(new DepLoopMeta(id, cls, name(method), desc(method), sourceFile(cls), line, -1, -1, true));
        return id;
    }

    /** A loop carrying the given local variables. */
    public int loop(String cls, String method, int line, int parent, CarriedRegisterMeta... registers) {
        int id = loops.size();
        int index = (int) loops.stream().filter(l -> l.className().equals(cls)
                && (l.method() + l.desc()).equals(method)).count();
        loops.add(new DepLoopMeta(id, cls, name(method), desc(method), sourceFile(cls), line, index, parent, false,
                List.of(registers)));
        return id;
    }

    /** A carried local variable; {@code name} may be null. */
    public static CarriedRegisterMeta register(int slot, String name, CarriedRegisterMeta.Kind kind) {
        return new CarriedRegisterMeta(slot, name, kind);
    }

    /** Sites and loops name a source file when {@link #sourceFiles()} was asked for: {@code Cell.java} for {@code fig1.Cell}. */
    private String sourceFile(String cls) {
        return sourceFiles ? cls.substring(cls.lastIndexOf('.') + 1) + ".java" : null;
    }

    /** Sites and loops added from now on name their source file. */
    public DepsProfileBuilder sourceFiles() {
        sourceFiles = true;
        return this;
    }

    public int call(String cls, String method, int line, String callee) {
        int id = calls.size();
        calls.add(new CallSiteMeta(id, cls, name(method), desc(method), sourceFile(cls), line, callee));
        return id;
    }

    /** A context node entering call site {@code call} below {@code parent}. */
    public int callNode(int parent, int call) {
        int id = contexts.size();
        contexts.add(new ContextNode(id, parent, ContextNode.Kind.CALL, call));
        return id;
    }

    /** A context node entering loop {@code loop} below {@code parent}. */
    public int loopNode(int parent, int loop) {
        int id = contexts.size();
        contexts.add(new ContextNode(id, parent, ContextNode.Kind.LOOP, loop));
        return id;
    }

    public DepsProfileBuilder ran(int loop, int context, long invocations, long iterations) {
        records.add(new LoopRecord(loop, context, invocations, iterations));
        return this;
    }

    /**
     * A dependence; {@code levels} alternates a level (loop context node or loop id) and its
     * relation bits.
     */
    public DepsProfileBuilder dep(DepType type, int src, int srcContext, int dst, int dstContext, long count,
                                  boolean crossThread, int... levels) {
        int[] loopsAt = new int[levels.length / 2];
        byte[] relations = new byte[levels.length / 2];
        for (int i = 0; i < loopsAt.length; i++) {
            loopsAt[i] = levels[2 * i];
            relations[i] = (byte) levels[2 * i + 1];
        }
        dependences.add(new Dependence(type, src, srcContext, dst, dstContext, count, crossThread, loopsAt, relations));
        return this;
    }

    public DepsProfile deps() {
        return new DepsProfile(mode, List.copyOf(sites), List.copyOf(loops), List.copyOf(calls), List.copyOf(contexts),
                List.copyOf(records), List.copyOf(dependences));
    }

    /** Marks the run as one that recorded distances ({@code Dependence.NEAR}), as the profiler does since format 7. */
    public DepsProfileBuilder distances() {
        this.distances = true;
        return this;
    }

    public Profile build() {
        return new Profile(new ProfileHeader("0.1.0-test", 1_700_000_000_000L, "profile=deps,deps.mode=" + mode, 1,
                "OpenJDK 64-Bit Server VM 17.0.15", "fig1.Main"), List.of(), List.of(), List.of(),
                distances ? Map.of(StatKeys.DEPS_DISTANCES, 1L) : Map.of(), List.of(), List.of(), List.of(), deps());
    }
}
