package io.loupe.analysis.merge;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One kind of metadata of several profiles, merged: every item named by its {@link ItemKey}, the
 * merged list in key order (so the result does not depend on the order of the profiles), and per
 * profile the merged id of each of its ids.
 *
 * <p>Metadata must agree. The unit compared is a class's block of items of this kind (all its
 * methods, say): its items' descriptions, in rank order, must be equal in every profile that has
 * the class. A profile whose block differs from that of the first profile describing the class
 * has another version of the class: a {@link MergeConflict}, and that profile's items of the block
 * map to -1, so that the data naming them are left out rather than added to another version's.
 * A profile without the class (not loaded in that run, or that profiler off) is no conflict.
 *
 * <p>Cost: one key and one description per item, hash maps from key to index, and one sort of
 * the distinct keys: O(n + m log m) for n items in all and m distinct.
 *
 * @param <T> the metadata record
 */
final class MetadataIndex<T> {

    private final List<T> merged;
    private final int[][] toMerged;
    private final List<MergeConflict> conflicts;

    private MetadataIndex(List<T> merged, int[][] toMerged, List<MergeConflict> conflicts) {
        this.merged = merged;
        this.toMerged = toMerged;
        this.conflicts = conflicts;
    }

    /** The merged items, by merged id. */
    List<T> merged() {
        return merged;
    }

    /** The merged id of item {@code id} of profile {@code input}, or -1 when its data are left out. */
    int map(int input, int id) {
        int[] ids = toMerged[input];
        return id >= 0 && id < ids.length ? ids[id] : -1;
    }

    /** The classes whose items of this kind differ between the profiles. */
    List<MergeConflict> conflicts() {
        return conflicts;
    }

    static <T> MetadataIndex<T> of(MetadataKind<T> kind, List<List<T>> inputs) {
        int n = inputs.size();
        ItemKey[][] keys = new ItemKey[n][];
        Map<ItemKey, Integer> provisional = new HashMap<>();
        for (int i = 0; i < n; i++) {
            keys[i] = keys(kind, inputs.get(i));
            for (ItemKey k : keys[i]) {
                provisional.putIfAbsent(k, 0);
            }
        }
        // A provisional index per key, in key order: what descriptions refer to, the same in every profile.
        List<ItemKey> sorted = new ArrayList<>(provisional.keySet());
        Collections.sort(sorted);
        for (int p = 0; p < sorted.size(); p++) {
            provisional.put(sorted.get(p), p);
        }
        int[][] prov = new int[n][];
        for (int i = 0; i < n; i++) {
            prov[i] = new int[keys[i].length];
            for (int id = 0; id < keys[i].length; id++) {
                prov[i][id] = provisional.get(keys[i][id]);
            }
        }
        Comparison comparison = compare(kind, inputs, keys, prov);
        return build(kind, inputs, prov, comparison, sorted.size());
    }

    /** Which items of each profile are kept, and the conflicts found. */
    private record Comparison(boolean[][] kept, List<MergeConflict> conflicts) {
    }

    /**
     * Compares each class block (unit) of every profile with the same unit of the first profile
     * that has it; a unit that differs is left out of the later profile.
     */
    private static <T> Comparison compare(MetadataKind<T> kind, List<List<T>> inputs, ItemKey[][] keys, int[][] prov) {
        int n = inputs.size();
        boolean[][] kept = new boolean[n][];
        Map<ItemKey, Integer> referenceInput = new HashMap<>();
        Map<ItemKey, List<String>> reference = new HashMap<>();
        // (class, kept profile) -> profiles left out; sorted so that conflicts come in a fixed order
        Map<List<Object>, TreeSet<Integer>> leftOut = new TreeMap<>(MetadataIndex::compareConflictKeys);
        for (int i = 0; i < n; i++) {
            List<T> items = inputs.get(i);
            int[] refs = prov[i];
            kept[i] = new boolean[items.size()];
            Map<ItemKey, List<Integer>> units = new LinkedHashMap<>();
            for (int id = 0; id < items.size(); id++) {
                units.computeIfAbsent(keys[i][id].unit(), u -> new ArrayList<>()).add(id);
            }
            for (Map.Entry<ItemKey, List<Integer>> unit : units.entrySet()) {
                List<String> description = new ArrayList<>(unit.getValue().size());
                for (int id : unit.getValue()) {
                    description.add(kind.describe(items.get(id), p -> p >= 0 && p < refs.length ? refs[p] : -1));
                }
                List<String> before = reference.putIfAbsent(unit.getKey(), description);
                if (before == null) {
                    referenceInput.put(unit.getKey(), i);
                } else if (!before.equals(description)) {
                    leftOut.computeIfAbsent(List.of(unit.getKey().className(), referenceInput.get(unit.getKey())),
                            k -> new TreeSet<>()).add(i);
                    continue;
                }
                for (int id : unit.getValue()) {
                    kept[i][id] = true;
                }
            }
        }
        List<MergeConflict> conflicts = new ArrayList<>();
        leftOut.forEach((k, out) -> conflicts.add(new MergeConflict((String) k.get(0), kind.label(), (Integer) k.get(1),
                new ArrayList<>(out))));
        return new Comparison(kept, List.copyOf(conflicts));
    }

    private static int compareConflictKeys(List<Object> a, List<Object> b) {
        int c = ((String) a.get(0)).compareTo((String) b.get(0));
        return c != 0 ? c : Integer.compare((Integer) a.get(1), (Integer) b.get(1));
    }

    /**
     * Merged ids for the keys some profile keeps, in key order; the kept version of each item
     * chosen by {@link MetadataKind#prefer} among the profiles that keep it, and renumbered.
     */
    private static <T> MetadataIndex<T> build(MetadataKind<T> kind, List<List<T>> inputs, int[][] prov,
                                              Comparison comparison, int keyCount) {
        int n = inputs.size();
        List<T> chosen = new ArrayList<>(Collections.nCopies(keyCount, null));
        int[] chosenFrom = new int[keyCount];
        for (int i = 0; i < n; i++) {
            List<T> items = inputs.get(i);
            for (int id = 0; id < items.size(); id++) {
                if (!comparison.kept()[i][id]) {
                    continue;
                }
                int p = prov[i][id];
                T before = chosen.get(p);
                T item = before == null ? items.get(id) : kind.prefer(before, items.get(id));
                if (item != before) {
                    chosen.set(p, item);
                    chosenFrom[p] = i;
                }
            }
        }
        int[] finalId = new int[keyCount];
        int count = 0;
        for (int p = 0; p < keyCount; p++) {
            finalId[p] = chosen.get(p) == null ? -1 : count++;
        }
        int[][] toMerged = new int[n][];
        for (int i = 0; i < n; i++) {
            toMerged[i] = new int[prov[i].length];
            for (int id = 0; id < prov[i].length; id++) {
                toMerged[i][id] = comparison.kept()[i][id] ? finalId[prov[i][id]] : -1;
            }
        }
        List<T> merged = new ArrayList<>(count);
        for (int p = 0; p < keyCount; p++) {
            if (chosen.get(p) != null) {
                int[] ids = toMerged[chosenFrom[p]];
                merged.add(kind.renumber(chosen.get(p), finalId[p], r -> r >= 0 && r < ids.length ? ids[r] : -1));
            }
        }
        return new MetadataIndex<>(List.copyOf(merged), toMerged, comparison.conflicts());
    }

    // ------------------------------------------------------------------ keys

    /** Each item's key, by id (see {@link ItemKey}). */
    private static <T> ItemKey[] keys(MetadataKind<T> kind, List<T> items) {
        ItemKey[] keys = new ItemKey[items.size()];
        Map<String, Integer> blocks = new HashMap<>();
        Map<List<String>, Integer> named = new HashMap<>();
        String blockClass = null;
        int copy = 0;
        int rank = 0;
        for (int id = 0; id < items.size(); id++) {
            T item = items.get(id);
            String cls = kind.className(item);
            String name = kind.ownName(item);
            if (name != null) {
                int c = named.merge(List.of(cls, name), 1, Integer::sum) - 1;
                keys[id] = new ItemKey(cls, c, 1, name, 0);
                blockClass = null;   // runtime items lie between blocks, never inside one
                continue;
            }
            if (!cls.equals(blockClass)) {
                blockClass = cls;
                copy = blocks.merge(cls, 1, Integer::sum) - 1;
                rank = 0;
            }
            keys[id] = new ItemKey(cls, copy, 0, "", rank++);
        }
        return keys;
    }
}
