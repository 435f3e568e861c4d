package io.loupe.analysis.merge;

import io.loupe.data.Profile;
import io.loupe.data.deps.ContextNode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The context trees of camp profiles merged structurally: a node is named by its parent, its kind
 * and its (renumbered) call site or loop, so the nodes of the same calling context in different
 * runs are one.
 *
 * <p>Roots: every root of every profile is one node. The runtime has a single root for the whole
 * program, not one per thread, because a thread's identity names nothing across runs (docs/deps.md):
 * the same reason makes the roots of different runs one, so that a context is the same path of
 * call sites and loops in every run, and its dependences add up.
 *
 * <p>A node whose call site or loop belongs to a class whose metadata conflict is left out of that
 * profile's contribution, with everything below it (those contexts pass through the version of the
 * class that was not kept). Cost: one hash probe per node, and one sort of each node's children.
 */
final class ContextTreeMerge {

    /** The merged tree, and per profile the merged id of each of its nodes (-1: left out). */
    record Result(List<ContextNode> nodes, int[][] toMerged) {
    }

    private ContextTreeMerge() {
    }

    static Result merge(List<Profile> inputs, MetadataIndex<?> calls, MetadataIndex<?> loops) {
        Trie trie = new Trie();
        int[][] trieNode = new int[inputs.size()][];
        for (int i = 0; i < inputs.size(); i++) {
            trieNode[i] = resolve(inputs.get(i).deps().contexts(), i, trie, calls, loops);
        }
        int[] order = trie.preorder();
        int[] position = new int[trie.size()];
        List<ContextNode> nodes = new ArrayList<>(order.length);
        for (int id = 0; id < order.length; id++) {
            int v = order[id];
            position[v] = id;
            int p = trie.parent(v);
            if (p < 0) {
                nodes.add(new ContextNode(id, -1, ContextNode.Kind.ROOT, -1));
            } else {
                int label = trie.label(v);
                nodes.add(label < 0 ? new ContextNode(id, position[p], ContextNode.Kind.LOOP, -1 - label)
                        : new ContextNode(id, position[p], ContextNode.Kind.CALL, label));
            }
        }
        int[][] toMerged = new int[inputs.size()][];
        for (int i = 0; i < inputs.size(); i++) {
            toMerged[i] = new int[trieNode[i].length];
            for (int c = 0; c < trieNode[i].length; c++) {
                toMerged[i][c] = trieNode[i][c] < 0 ? -1 : position[trieNode[i][c]];
            }
        }
        return new Result(List.copyOf(nodes), toMerged);
    }

    /**
     * Each node of one profile's tree as a trie node. A parent is resolved before its child
     * whatever order the profile lists them in (the reader only guarantees that every node leads
     * to a root): the walk up stops at the first node already resolved.
     */
    private static int[] resolve(List<ContextNode> nodes, int input, Trie trie, MetadataIndex<?> calls,
                                 MetadataIndex<?> loops) {
        final int unresolved = -2;
        int[] out = new int[nodes.size()];
        Arrays.fill(out, unresolved);
        int[] chain = new int[16];
        for (int c = 0; c < nodes.size(); c++) {
            int length = 0;
            for (int at = c; at >= 0 && out[at] == unresolved; at = nodes.get(at).parent()) {
                if (length == chain.length) {
                    chain = Arrays.copyOf(chain, length * 2);
                }
                chain[length++] = at;
            }
            for (int j = length - 1; j >= 0; j--) {
                ContextNode node = nodes.get(chain[j]);
                out[chain[j]] = switch (node.kind()) {
                    case ROOT -> trie.root(0, 0);
                    case CALL -> child(trie, out[node.parent()], calls.map(input, node.site()), false);
                    case LOOP -> child(trie, out[node.parent()], loops.map(input, node.site()), true);
                };
            }
        }
        return out;
    }

    /**
     * The child of {@code parent} for a call site or a loop, labelled with the call site's id or
     * {@code -1 - loop} (both kinds in one int, without overflow); -1 when the parent or the site
     * is left out.
     */
    private static int child(Trie trie, int parent, int site, boolean loop) {
        return parent < 0 || site < 0 ? -1 : trie.child(parent, loop ? -1 - site : site);
    }
}
