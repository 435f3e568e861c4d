package io.loupe.analysis.merge;

import java.util.Comparator;

/**
 * A metadata item (a method, a value site, an access site, a loop, a call site) named across
 * runs. Ids are handed out in class-load order and differ between runs; what does not differ is
 * the class and the item's rank among the class's items of its kind: the instrumenter reserves a
 * class's ids of each kind in one block, in bytecode order (method order, then site order). A class
 * loaded twice (by two class loaders) has two blocks: {@code copy} counts the blocks of the same
 * class before this one.
 *
 * <p>Items the runtime creates outside a class's block (the pseudo-loop of a recursion, made when
 * the recursion is first seen) are named instead by {@code name} (method, descriptor and the
 * loop's negative index), {@code rank} 0 and {@code copy} the number of earlier items of the same
 * name; their {@code group} is 1, a block's items have group 0 and an empty name.
 *
 * @param className the class, binary name with dots
 * @param copy      which load of the class (0 for the first block of its items in the profile)
 * @param group     0 for an item of a class's block, 1 for an item named by {@code name}
 * @param name      empty for group 0
 * @param rank      the item's position in its block (group 0), else 0
 */
record ItemKey(String className, int copy, int group, String name, int rank) implements Comparable<ItemKey> {

    private static final Comparator<ItemKey> ORDER = Comparator.comparing(ItemKey::className)
            .thenComparingInt(ItemKey::copy).thenComparingInt(ItemKey::group).thenComparing(ItemKey::name)
            .thenComparingInt(ItemKey::rank);

    /**
     * The unit whose metadata must agree between profiles: a class's block of items of one kind,
     * or one item of group 1.
     */
    ItemKey unit() {
        return new ItemKey(className, copy, group, name, -1);
    }

    @Override
    public int compareTo(ItemKey o) {
        return ORDER.compare(this, o);
    }
}
