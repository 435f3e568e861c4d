package io.loupe.runtime.registry;

import io.loupe.data.meta.ClassSlotLayout;

import java.util.ArrayList;
import java.util.List;

/**
 * Counter layouts of classes whose one-path-per-activation methods count through a class-local
 * fast path: per class key, the methods' ids, their first slot in the class's counter array, and
 * their path counts. Also decides, once per class, which thread owns the class's fast path: the
 * first thread to count in it (see {@code Loupe.classCount}).
 */
public final class ClassSlots {

    private static final List<ClassSlotLayout> LAYOUTS = new ArrayList<>();
    private static boolean[] claimed = new boolean[1024];   // written under the class lock

    private ClassSlots() {
    }

    /** Reserves a key for a class being instrumented; its layout stays empty until {@link #define}. */
    public static synchronized int reserve() {
        LAYOUTS.add(ClassSlotLayout.EMPTY);
        int key = LAYOUTS.size() - 1;
        if (key >= claimed.length) {
            claimed = java.util.Arrays.copyOf(claimed, claimed.length * 2);
        }
        return key;
    }

    /** Sets the layout of a reserved key, once the class has been instrumented. */
    public static synchronized void define(int key, ClassSlotLayout layout) {
        LAYOUTS.set(key, layout);
    }

    /** The number of slots of a class's counter array. */
    public static synchronized int slots(int key) {
        return LAYOUTS.get(key).slots();
    }

    /** All layouts, by key. */
    public static synchronized List<ClassSlotLayout> snapshot() {
        return new ArrayList<>(LAYOUTS);
    }

    /**
     * True exactly once per class: for the first caller, which becomes the class's owner. The
     * unlocked read can only be stale in the safe direction (a claimed class seen as free), which
     * the locked check then corrects; callers after the claim soon pay one plain read.
     */
    public static boolean claim(int key) {
        boolean[] c = claimed;
        if (key < c.length && c[key]) {
            return false;
        }
        synchronized (ClassSlots.class) {
            if (claimed[key]) {
                return false;
            }
            claimed[key] = true;
            return true;
        }
    }
}
