package io.loupe.analysis.view;

import io.loupe.analysis.paths.DecodedPath;
import io.loupe.analysis.summary.MethodProfile;
import io.loupe.data.meta.BlockMeta;
import io.loupe.data.meta.MethodMeta;

import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;

/**
 * How often each basic block and each source line of one method ran, derived exactly from its
 * Ball–Larus path counts: a path visits each of its blocks once (the DAG is acyclic), so a block's
 * executions are the summed counts of the paths through it.
 *
 * <p>A line's count is the executions of its busiest block: the most executed block that holds
 * code of the line. A {@code for} header's line thus counts its condition (n + 1 per entry), not
 * its initialisation (once) or its step (n). What no completed path covers is not counted: a path
 * cut by an exception is dropped by the profiler (docs/architecture.md), and so is an activation
 * still open when the program exits.
 */
public final class LineCounts {

    private final long[] blocks;
    private final int[] lines;
    private final long[] counts;
    private final int undecodable;

    private LineCounts(long[] blocks, int[] lines, long[] counts, int undecodable) {
        this.blocks = blocks;
        this.lines = lines;
        this.counts = counts;
        this.undecodable = undecodable;
    }

    /** The counts of a method's blocks and lines from its path counts. */
    public static LineCounts of(MethodProfile m) {
        MethodMeta meta = m.meta();
        long[] blocks = new long[meta.blocks().size()];
        int undecodable = 0;
        for (int i = 0; i < m.pathCount(); i++) {
            DecodedPath p;
            try {
                p = m.decode(m.pathId(i));
            } catch (IllegalArgumentException e) {
                undecodable++;     // ProfileSummary's problems name it; the rest is still counted
                continue;
            }
            for (int b : p.blocks()) {
                blocks[b] += m.count(i);
            }
        }
        return ofBlocks(meta, blocks, undecodable);
    }

    /** The lines of a method none of whose paths ran (or that carried no probe): every line 0. */
    public static LineCounts unexecuted(MethodMeta meta) {
        return ofBlocks(meta, new long[meta.blocks().size()], 0);
    }

    private static LineCounts ofBlocks(MethodMeta meta, long[] blocks, int undecodable) {
        TreeMap<Integer, Long> byLine = new TreeMap<>();
        List<BlockMeta> metas = meta.blocks();
        for (int b = 0; b < metas.size(); b++) {
            for (int line : metas.get(b).lines()) {
                byLine.merge(line, blocks[b], Math::max);
            }
        }
        int[] lines = byLine.keySet().stream().mapToInt(Integer::intValue).toArray();
        long[] counts = byLine.values().stream().mapToLong(Long::longValue).toArray();
        return new LineCounts(blocks, lines, counts, undecodable);
    }

    /** Executions of block {@code b}. */
    public long block(int b) {
        return blocks[b];
    }

    /** Number of blocks. */
    public int blockCount() {
        return blocks.length;
    }

    /** The method's source lines, ascending (empty when the class has no line table). */
    public int[] lines() {
        return lines.clone();
    }

    /** Executions of {@code line}, or -1 when the method has no code on it. */
    public long line(int line) {
        int i = Arrays.binarySearch(lines, line);
        return i >= 0 ? counts[i] : -1;
    }

    /** Number of lines with code. */
    public int lineCount() {
        return lines.length;
    }

    /** The {@code i}-th line (ascending) and its count. */
    public int lineAt(int i) {
        return lines[i];
    }

    public long countAt(int i) {
        return counts[i];
    }

    /** Paths whose ids did not decode (inconsistent metadata): their counts are missing here. */
    public int undecodable() {
        return undecodable;
    }
}
