package io.loupe.bench;

import io.loupe.data.StatKeys;
import io.loupe.data.format.ProfileReader;
import io.loupe.data.format.TraceReader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The counters of a profile the harness reports next to the times. They explain the overhead: a
 * configuration that is slow because it hashes where it could index, or streams and builds many
 * forest nodes, shows it here. Counters the agent did not write are absent, not zero.
 */
final class ProfileCounters {
    /** Hash-table operations of path counting (paths of methods too large for an array). */
    static final String HASH_OPS = StatKeys.PATHS_HASH_OPS;
    /** Nodes of the k-slab forests over all threads (k ≥ 2). */
    static final String FOREST_NODES = StatKeys.PATHS_FOREST_NODES;
    /** Path ids streamed into the forests (k ≥ 2). */
    static final String STREAM_ITEMS = StatKeys.PATHS_STREAM_ITEMS;
    /** Increments of per-method path counter arrays. */
    static final String COUNTER_ARRAY_OPS = "paths.counterArrayOps";   // written by older runtimes only

    /** Executions of value profiling sites that the probes counted (all of them unless convergent). */
    static final String VALUE_EXECUTIONS = StatKeys.VALUES_EXECUTED;
    /** A convergent profile's estimate of all its sites' executions, its quiet periods' included. */
    static final String VALUE_ESTIMATED_EXECUTIONS = StatKeys.VALUES_ESTIMATED_EXECUTED;
    /** Of those, the executions profiled (all of them unless convergent). */
    static final String VALUE_PROFILED = StatKeys.VALUES_PROFILED;

    /** Heap accesses recorded by dependence profiling (a bulk operation counts one per element). */
    static final String DEP_ACCESSES = StatKeys.DEPS_ACCESSES;
    /** Distinct dependences found (per type, sites and contexts). */
    static final String DEPENDENCES = StatKeys.DEPS_DEPENDENCES;
    /** Nodes of the context tree (camp mode). */
    static final String CONTEXTS = StatKeys.DEPS_CONTEXTS;
    /** Objects and arrays with a shadow at exit (alive or not yet expunged). */
    static final String SHADOWED_OBJECTS = StatKeys.DEPS_OBJECTS;

    /** The counters reported, in report order. */
    static final List<String> REPORTED = List.of(HASH_OPS, FOREST_NODES, STREAM_ITEMS, COUNTER_ARRAY_OPS,
            VALUE_EXECUTIONS, VALUE_ESTIMATED_EXECUTIONS, VALUE_PROFILED, DEP_ACCESSES, DEPENDENCES, CONTEXTS, SHADOWED_OBJECTS);

    private ProfileCounters() {
    }

    /**
     * The stats of the profile in {@code file}. A missing or unreadable profile is reported on
     * stderr with {@code label} and gives an empty map: the run's time still counts.
     */
    static Map<String, Long> read(Path file, String label) {
        if (!Files.isRegularFile(file)) {
            System.err.println("loupe-bench: " + label + ": the agent wrote no profile at " + file);
            return Map.of();
        }
        try {
            if (TraceReader.isTrace(file)) {   // profile=trace: the run's stats are in its trace's end block
                return TraceReader.read(file).stats();
            }
            return ProfileReader.read(file).stats();
        } catch (IOException | RuntimeException e) {
            System.err.println("loupe-bench: " + label + ": unreadable profile " + file + ": " + e.getMessage());
            return Map.of();
        }
    }
}
