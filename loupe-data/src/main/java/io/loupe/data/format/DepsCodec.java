package io.loupe.data.format;

import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.CallSiteMeta;
import io.loupe.data.deps.CarriedRegisterMeta;
import io.loupe.data.deps.ContextNode;
import io.loupe.data.deps.DepLoopMeta;
import io.loupe.data.deps.DepType;
import io.loupe.data.deps.Dependence;
import io.loupe.data.deps.LoopRecord;
import io.loupe.data.deps.MemoryUpdate;
import io.loupe.data.deps.AbsintProfile;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Encodes dependence profiles: access sites, loops and call sites, the context tree, loop records
 * and dependences. A loop carries its register dependences along: {@code registers:varint
 * (slot:varint name:str kind:u8)*} after its recursion flag; an access site its memory update and
 * array name after its target (since version 6): {@code update:zint (op:u8 inexact:bool)? arrayName:str}. Ids that may be -1 (contexts in lamp
 * mode, parents, lines) are zig-zag coded, so that -1 takes one byte.
 */
final class DepsCodec {

    /** Bits of an access site's {@code rw} byte. */
    private static final int READS = 1;
    private static final int WRITES = 2;

    /** Added to a dependence's type code in its {@code kind} byte when its ends ran on different threads. */
    private static final int CROSS_THREAD = 4;

    private DepsCodec() {
    }

    static void writeSite(CompactDataOutput out, AccessSiteMeta s) throws IOException {
        PlaceCodec.write(out, s.id(), s.className(), s.method(), s.desc(), s.sourceFile(), s.line());
        out.writeVarInt(s.index());
        out.writeString(s.access());
        out.writeByte((s.reads() ? READS : 0) | (s.writes() ? WRITES : 0));
        out.writeString(s.target());
        MemoryUpdate u = s.update();
        out.writeZigZagInt(u == null ? -1 : u.load());
        if (u != null) {
            out.writeByte(ProfileFormat.code(u.op()));
            out.writeBoolean(u.inexact());
        }
        out.writeString(s.arrayName());
    }

    /** An access site as format {@code version} wrote it: its update and array name since version 6. */
    static AccessSiteMeta readSite(CompactDataInput in, int version) throws IOException {
        PlaceCodec.Place p = PlaceCodec.read(in);
        int index = in.readVarInt();
        String access = in.readString();
        int rw = in.readUnsignedByte();
        if ((rw & ~(READS | WRITES)) != 0) {
            throw in.corrupt("bad access flags " + rw);
        }
        String target = in.readString();
        MemoryUpdate update = null;
        String arrayName = null;
        if (version >= 6) {
            int load = in.readZigZagInt();
            if (load < -1) {
                throw in.corrupt("bad update load " + load);
            }
            if (load >= 0) {
                if ((rw & WRITES) == 0) {
                    throw in.corrupt("an update that does not write");
                }
                update = new MemoryUpdate(load, ProfileFormat.updateOp(in), in.readBoolean());
            }
            arrayName = in.readString();
        }
        return new AccessSiteMeta(p.id(), p.className(), p.method(), p.desc(), p.sourceFile(), p.line(), index, access,
                (rw & READS) != 0, (rw & WRITES) != 0, target, update, arrayName);
    }

    static void writeLoop(CompactDataOutput out, DepLoopMeta l) throws IOException {
        PlaceCodec.write(out, l.id(), l.className(), l.method(), l.desc(), l.sourceFile(), l.line());
        out.writeVarInt(l.index());
        out.writeZigZagInt(l.parent());
        out.writeBoolean(l.recursion());
        out.writeVarInt(l.registers().size());
        for (CarriedRegisterMeta r : l.registers()) {
            out.writeVarInt(r.slot());
            out.writeString(r.name());
            out.writeByte(ProfileFormat.code(r.kind()));
        }
    }

    static DepLoopMeta readLoop(CompactDataInput in) throws IOException {
        PlaceCodec.Place p = PlaceCodec.read(in);
        int index = in.readVarInt();
        int parent = in.readZigZagInt();
        boolean recursion = in.readBoolean();
        int n = in.readCount();
        List<CarriedRegisterMeta> registers = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int slot = in.readVarInt();
            String name = in.readString();
            registers.add(new CarriedRegisterMeta(slot, name, ProfileFormat.registerKind(in)));
        }
        return new DepLoopMeta(p.id(), p.className(), p.method(), p.desc(), p.sourceFile(), p.line(), index, parent,
                recursion, registers);
    }

    static void writeCall(CompactDataOutput out, CallSiteMeta c) throws IOException {
        PlaceCodec.write(out, c.id(), c.className(), c.method(), c.desc(), c.sourceFile(), c.line());
        out.writeString(c.callee());
    }

    static CallSiteMeta readCall(CompactDataInput in) throws IOException {
        PlaceCodec.Place p = PlaceCodec.read(in);
        return new CallSiteMeta(p.id(), p.className(), p.method(), p.desc(), p.sourceFile(), p.line(), in.readString());
    }

    /**
     * One block's worth of context nodes: count, then per node its id as the zig-zag difference to
     * the previous node's id + 1 (the first to 0), its parent as the zig-zag of {@code id - parent},
     * its kind and its site. Nodes are numbered densely and created after their parent, so a node
     * mostly takes four bytes; any ints round-trip (the differences wrap like int arithmetic).
     */
    static void writeContexts(CompactDataOutput out, List<ContextNode> nodes) throws IOException {
        out.writeVarInt(nodes.size());
        int next = 0;
        for (ContextNode n : nodes) {
            out.writeZigZagInt(n.id() - next);
            out.writeZigZagInt(n.id() - n.parent());
            out.writeByte(ProfileFormat.code(n.kind()));
            out.writeZigZagInt(n.site());
            next = n.id() + 1;
        }
    }

    static void readContexts(CompactDataInput in, List<ContextNode> into) throws IOException {
        int next = 0;
        for (int i = 0, n = in.readCount(); i < n; i++) {
            int id = next + in.readZigZagInt();
            int parent = id - in.readZigZagInt();
            ContextNode.Kind kind = ProfileFormat.contextKind(in);
            into.add(new ContextNode(id, parent, kind, in.readZigZagInt()));
            next = id + 1;
        }
    }

    static void writeLoopRecord(CompactDataOutput out, LoopRecord r) throws IOException {
        out.writeVarInt(r.loop());
        out.writeZigZagInt(r.context());
        out.writeVarLong(r.invocations());
        out.writeVarLong(r.iterations());
        out.writeVarLong(r.decidedInvocations());
    }

    /** A loop record as format {@code version} wrote it: decided invocations since version 5. */
    static LoopRecord readLoopRecord(CompactDataInput in, int version) throws IOException {
        int loop = in.readVarInt();
        int context = in.readZigZagInt();
        long invocations = in.readVarLong();
        long iterations = in.readVarLong();
        return new LoopRecord(loop, context, invocations, iterations, version >= 5 ? in.readVarLong() : 0);
    }

    /** The absint block: the ineligible loops' reasons, then the nests. */
    static void writeAbsint(CompactDataOutput out, AbsintProfile a) throws IOException {
        out.writeVarInt(a.ineligible().size());
        for (java.util.Map.Entry<Integer, String> e : a.ineligible().entrySet()) {
            out.writeVarInt(e.getKey());
            out.writeString(e.getValue());
        }
        out.writeVarInt(a.nests().size());
        for (AbsintProfile.NestRecord n : a.nests()) {
            out.writeVarInt(n.nest());
            out.writeIntArray(n.loops().stream().mapToInt(Integer::intValue).toArray());
            out.writeVarLong(n.decided());
            out.writeVarLong(n.untracedAccesses());
            out.writeVarInt(n.fallbacks().size());
            for (java.util.Map.Entry<String, Long> f : n.fallbacks().entrySet()) {
                out.writeString(f.getKey());
                out.writeVarLong(f.getValue());
            }
        }
    }

    static AbsintProfile readAbsint(CompactDataInput in) throws IOException {
        java.util.Map<Integer, String> ineligible = new java.util.TreeMap<>();
        for (int i = 0, n = in.readCount(); i < n; i++) {
            int loop = in.readVarInt();
            ineligible.put(loop, in.readString());
        }
        List<AbsintProfile.NestRecord> nests = new java.util.ArrayList<>();
        for (int i = 0, n = in.readCount(); i < n; i++) {
            int nest = in.readVarInt();
            List<Integer> loops = java.util.Arrays.stream(in.readIntArray()).boxed().toList();
            long decided = in.readVarLong();
            long untraced = in.readVarLong();
            java.util.Map<String, Long> fallbacks = new java.util.TreeMap<>();
            for (int f = 0, m = in.readCount(); f < m; f++) {
                String reason = in.readString();
                fallbacks.put(reason, in.readVarLong());
            }
            nests.add(new AbsintProfile.NestRecord(nest, loops, decided, untraced, fallbacks));
        }
        return new AbsintProfile(true, ineligible, nests);
    }

    /**
     * {@code kind:u8} (the type's code, plus 4 for a cross-thread dependence), the two ends, the
     * count, the loops as {@code ints} and then one byte of relation bits per loop.
     */
    static void writeDependence(CompactDataOutput out, Dependence d) throws IOException {
        out.writeByte(ProfileFormat.code(d.type()) | (d.crossThread() ? CROSS_THREAD : 0));
        out.writeVarInt(d.srcSite());
        out.writeZigZagInt(d.srcContext());
        out.writeVarInt(d.dstSite());
        out.writeZigZagInt(d.dstContext());
        out.writeVarLong(d.count());
        out.writeIntArray(d.loops());
        for (byte r : d.relations()) {
            out.writeByte(r);
        }
    }

    static Dependence readDependence(CompactDataInput in) throws IOException {
        int kind = in.readUnsignedByte();
        if ((kind & ~(CROSS_THREAD | 3)) != 0) {
            throw in.corrupt("bad dependence kind " + kind);
        }
        DepType type = ProfileFormat.depType(in, kind & 3);
        int srcSite = in.readVarInt();
        int srcContext = in.readZigZagInt();
        int dstSite = in.readVarInt();
        int dstContext = in.readZigZagInt();
        long count = in.readVarLong();
        int[] loops = in.readIntArray(); // its elements were really there: the relations' length is safe
        byte[] relations = new byte[loops.length];
        for (int i = 0; i < relations.length; i++) {
            relations[i] = (byte) in.readUnsignedByte();
        }
        return new Dependence(type, srcSite, srcContext, dstSite, dstContext, count, (kind & CROSS_THREAD) != 0,
                loops, relations);
    }
}
