package io.loupe.runtime.registry;

import io.loupe.data.meta.MethodMeta;

import java.util.ArrayList;
import java.util.List;

/**
 * Static metadata of every method the agent registered, indexed by method id. Ids are handed out
 * in blocks per class ({@link #reserve}) before the class's bytes are rewritten, and filled in
 * ({@link #register}) once the class has been instrumented, so a class that fails keeps its ids
 * (registered as uninstrumented) and the id space has no holes.
 *
 * <p>Writes happen while classes load (under this class's lock); instrumented code reads only
 * {@link #arraySize}, on the slow path that allocates a thread's counter array.
 */
public final class MethodRegistry {

    private static final List<MethodMeta> METHODS = new ArrayList<>();
    private static int[] arraySizes = new int[256];

    private MethodRegistry() {
    }

    /** Reserves {@code count} consecutive method ids and returns the first. */
    public static synchronized int reserve(int count) {
        int base = METHODS.size();
        for (int i = 0; i < count; i++) {
            METHODS.add(null);
        }
        return base;
    }

    /**
     * Records the metadata of a reserved id. {@code arraySize} is the length of the per-thread
     * counter (or k-SF root) array of the method, 0 when it uses the hash table or no storage.
     */
    public static synchronized void register(MethodMeta meta, int arraySize) {
        int id = meta.id();
        if (id < 0 || id >= METHODS.size() || METHODS.get(id) != null) {
            throw new IllegalStateException("method id " + id + " not reserved or registered twice");
        }
        METHODS.set(id, meta);
        if (id >= arraySizes.length) {
            arraySizes = java.util.Arrays.copyOf(arraySizes, Math.max(id + 1, arraySizes.length * 2));
        }
        arraySizes[id] = arraySize;
    }

    /** The per-thread array length for a method registered with array storage. */
    public static synchronized int arraySize(int id) {
        return id < arraySizes.length ? arraySizes[id] : 0;
    }

    /** The methods registered so far, in id order; ids reserved and not yet registered are left out. */
    public static synchronized List<MethodMeta> registered() {
        List<MethodMeta> copy = new ArrayList<>(METHODS.size());
        for (MethodMeta m : METHODS) {
            if (m != null) {
                copy.add(m);
            }
        }
        return copy;
    }

    /**
     * A snapshot of all registered methods, in id order. An id reserved by a class still being
     * instrumented at this moment appears as an empty, uninstrumented placeholder.
     */
    public static synchronized List<MethodMeta> snapshot() {
        List<MethodMeta> copy = new ArrayList<>(METHODS.size());
        for (int i = 0; i < METHODS.size(); i++) {
            MethodMeta m = METHODS.get(i);
            copy.add(m != null ? m : new MethodMeta(i, "?", "?", "()V", null, List.of(), List.of(), List.of(),
                    0, 0, MethodMeta.Storage.NONE));
        }
        return copy;
    }
}
