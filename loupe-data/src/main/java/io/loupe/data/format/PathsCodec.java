package io.loupe.data.format;

import io.loupe.data.paths.PathCounts;
import io.loupe.data.paths.SlabForest;

import java.io.IOException;

/**
 * Encodes path profiles: Ball–Larus counts and k-slab forests.
 *
 * <p>A forest can have millions of nodes, so it is written column by column (all parents, then all
 * methods, labels, counts), each in the form that makes the common case one byte:
 * <ul>
 *   <li>parent: 0 for a root (parent -1), else zig-zag({@code i - parent}) + 1. Nodes are created
 *       after their parent and mostly right after it, so the distance is small and positive;</li>
 *   <li>method: zig-zag difference to the parent's method (a node repeats its root's method, so
 *       this is 0), or to 0 for roots and for parents that are not earlier nodes;</li>
 *   <li>label (a path id): unsigned varint; count: unsigned varint of the 64 bits.</li>
 * </ul>
 * Any int and long round-trips, including forests that break these habits.
 */
final class PathsCodec {

    private PathsCodec() {
    }

    /** Ids are ascending, so they are written as zig-zag differences (wrapping like long math). */
    static void writeCounts(CompactDataOutput out, PathCounts c) throws IOException {
        out.writeVarInt(c.methodId());
        long[] ids = c.ids();
        long[] counts = c.counts();
        out.writeVarInt(ids.length);
        long prev = 0;
        for (long id : ids) {
            out.writeZigZagLong(id - prev);
            prev = id;
        }
        for (long count : counts) {
            out.writeVarLong(count);
        }
    }

    static PathCounts readCounts(CompactDataInput in) throws IOException {
        int methodId = in.readVarInt();
        int n = in.readCount();
        long[] ids = ClaimedArrays.newLongs(n);
        long prev = 0;
        for (int i = 0; i < n; i++) {
            ids = ClaimedArrays.room(ids, i, n);
            prev += in.readZigZagLong();
            ids[i] = prev;
        }
        // n ids were really read, one byte each at least: n is no longer a mere claim.
        long[] counts = new long[n];
        for (int i = 0; i < n; i++) {
            counts[i] = in.readVarLong();
        }
        return new PathCounts(methodId, ids, counts);
    }

    static void writeForest(CompactDataOutput out, SlabForest f) throws IOException {
        out.writeString(f.thread());
        out.writeZigZagInt(f.k());
        out.writeVarLong(f.pruned());
        out.writeVarLong(f.prunedCount());
        int[] parent = f.parent();
        int[] method = f.method();
        int n = parent.length;
        out.writeVarInt(n);
        for (int i = 0; i < n; i++) {
            out.writeVarLong(parent[i] == -1 ? 0 : zigZag((long) i - parent[i]) + 1);
        }
        for (int i = 0; i < n; i++) {
            out.writeZigZagLong((long) method[i] - methodBase(parent, method, i));
        }
        for (int label : f.label()) {
            out.writeVarInt(label);
        }
        for (long count : f.count()) {
            out.writeVarLong(count);
        }
    }

    static SlabForest readForest(CompactDataInput in) throws IOException {
        String thread = in.readString();
        int k = in.readZigZagInt();
        long pruned = in.readVarLong();
        long prunedCount = in.readVarLong();
        int n = in.readCount();
        int[] parent = ClaimedArrays.newInts(n);
        for (int i = 0; i < n; i++) {
            parent = ClaimedArrays.room(parent, i, n);
            long code = in.readVarLong();
            if (code == 0) {
                parent[i] = -1;
            } else {
                long d = ((code - 1) >>> 1) ^ -((code - 1) & 1); // undoes the zig-zag
                if (d < i - (long) Integer.MAX_VALUE || d > i - (long) Integer.MIN_VALUE) {
                    throw in.corrupt("node " + i + " has a parent out of range");
                }
                parent[i] = (int) (i - d);
            }
        }
        // The parent column proved that n nodes are really there: the other columns get full arrays.
        int[] method = new int[n];
        for (int i = 0; i < n; i++) {
            long m = methodBase(parent, method, i) + in.readZigZagLong();
            if (m != (int) m) {
                throw in.corrupt("node " + i + " has a method id out of range");
            }
            method[i] = (int) m;
        }
        int[] label = new int[n];
        for (int i = 0; i < n; i++) {
            label[i] = in.readVarInt();
        }
        long[] count = new long[n];
        for (int i = 0; i < n; i++) {
            count[i] = in.readVarLong();
        }
        return new SlabForest(thread, k, parent, method, label, count, pruned, prunedCount);
    }

    /** What a node's method is coded against: its parent's, when the parent is an earlier node. */
    private static long methodBase(int[] parent, int[] method, int i) {
        int p = parent[i];
        return p >= 0 && p < i ? method[p] : 0;
    }

    private static long zigZag(long v) {
        return (v << 1) ^ (v >> 63);
    }
}
