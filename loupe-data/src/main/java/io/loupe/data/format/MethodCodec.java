package io.loupe.data.format;

import io.loupe.data.meta.BlockMeta;
import io.loupe.data.meta.DagEdge;
import io.loupe.data.meta.LoopMeta;
import io.loupe.data.meta.MethodMeta;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Encodes a method's static metadata: names, blocks, the Ball–Larus DAG and the loop forest.
 * Written once per profile, so plain varints are enough; the bulk of a file is its forests.
 */
final class MethodCodec {

    private MethodCodec() {
    }

    static void write(CompactDataOutput out, MethodMeta m) throws IOException {
        out.writeVarInt(m.id());
        out.writeString(m.className());
        out.writeString(m.name());
        out.writeString(m.desc());
        out.writeString(m.sourceFile());
        out.writeVarLong(m.numPaths());
        out.writeVarInt(m.cutEdges());
        out.writeByte(ProfileFormat.code(m.storage()));
        out.writeVarInt(m.blocks().size());
        for (BlockMeta b : m.blocks()) {
            out.writeVarInt(b.firstInsn());
            out.writeVarInt(b.lastInsn());
            out.writeIntArray(b.lines());
            out.writeBoolean(b.handler());
        }
        out.writeVarInt(m.edges().size());
        for (DagEdge e : m.edges()) {
            out.writeVarInt(e.from());
            out.writeVarInt(e.to());
            out.writeByte(ProfileFormat.code(e.kind()));
            out.writeVarLong(e.val());
        }
        out.writeVarInt(m.loops().size());
        for (LoopMeta l : m.loops()) {
            out.writeVarInt(l.header());
            out.writeZigZagInt(l.parent()); // -1 for outermost loops
            out.writeVarInt(l.depth());
            out.writeIntArray(l.blocks());
            out.writeIntArray(l.backEdgeSources());
            out.writeBoolean(l.reducible());
        }
    }

    static MethodMeta read(CompactDataInput in) throws IOException {
        int id = in.readVarInt();
        String className = in.readString();
        String name = in.readString();
        String desc = in.readString();
        String sourceFile = in.readString();
        long numPaths = in.readVarLong();
        int cutEdges = in.readVarInt();
        MethodMeta.Storage storage = ProfileFormat.storage(in);
        int n = in.readCount();
        List<BlockMeta> blocks = new ArrayList<>(Math.min(n, 64));
        for (int i = 0; i < n; i++) {
            blocks.add(new BlockMeta(in.readVarInt(), in.readVarInt(), in.readIntArray(), in.readBoolean()));
        }
        n = in.readCount();
        List<DagEdge> edges = new ArrayList<>(Math.min(n, 64));
        for (int i = 0; i < n; i++) {
            edges.add(new DagEdge(in.readVarInt(), in.readVarInt(), ProfileFormat.edgeKind(in), in.readVarLong()));
        }
        n = in.readCount();
        List<LoopMeta> loops = new ArrayList<>(Math.min(n, 64));
        for (int i = 0; i < n; i++) {
            loops.add(new LoopMeta(in.readVarInt(), in.readZigZagInt(), in.readVarInt(), in.readIntArray(),
                    in.readIntArray(), in.readBoolean()));
        }
        return new MethodMeta(id, className, name, desc, sourceFile, Collections.unmodifiableList(blocks),
                Collections.unmodifiableList(edges), Collections.unmodifiableList(loops), numPaths, cutEdges, storage);
    }
}
