package io.loupe.instrument.trace;

import io.loupe.data.trace.MethodOps;
import io.loupe.instrument.trace.samples.Reloads;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The static classification of the checks: which loads are free ({@link FreeLoads}), what they are
 * anchored to, and that a free load gets no probe.
 */
class FreeLoadsTest {

    /** Per heap op of {@code method}: its kind and variable, with "free ← anchor's index" for a free one. */
    private static List<String> ops(String method) throws Exception {
        ClassNode cn = new ClassNode();
        try (InputStream in = Reloads.class.getResourceAsStream("Reloads.class")) {
            new ClassReader(in.readAllBytes()).accept(cn, 0);
        }
        MethodNode m = cn.methods.stream().filter(x -> x.name.equals(method)).findFirst().orElseThrow();
        MethodOpsFinder.Found found = MethodOpsFinder.find(cn.name, m, true);
        MethodOps ops = found.ops();
        List<String> out = new ArrayList<>();
        int heap = 0;
        int[] heapIndex = new int[ops.size()];
        for (int i = 0; i < ops.size(); i++) {
            if (MethodOps.local(ops.kinds()[i])) {
                continue;
            }
            heapIndex[i] = heap++;
            String op = ops.variable(i).replaceFirst(".*\\.", "") + (isLoad(ops.kinds()[i]) ? " load" : " store");
            out.add(ops.free(i) ? op + " free ← " + heapIndex[ops.anchors()[i]] : op);
        }
        long probed = out.stream().filter(s -> !s.contains("free")).count();
        assertEquals(probed, found.probed().size(), "every op but the free loads has a probe, the statics' too");
        return out;
    }

    private static boolean isLoad(byte kind) {
        return kind == MethodOps.FIELD_LOAD || kind == MethodOps.ARRAY_LOAD || kind == MethodOps.STATIC_LOAD;
    }

    @Test
    void aFieldAndAnElementReadAgainInOneBlockAreFree() throws Exception {
        assertEquals(List.of("value load", "value load free ← 0", "int[] load", "int[] load free ← 2"), ops("twice"));
    }

    @Test
    void aLoadAfterAStoreThroughTheSameReferenceIsFreeAndSoIsWhatItReads() throws Exception {
        assertEquals(List.of("next load", "value store", "next load free ← 0", "value load free ← 1"),
                ops("afterStore"));
    }

    @Test
    void anotherReferenceIndexOrAWriteBetweenLeaveALoadChecked() throws Exception {
        assertEquals(List.of(
                "value load", "value load",            // a.value, b.value
                "int[] load", "int[] load",            // s[k], s[k + 1]
                "value load free ← 0",                 // a.value again
                "value store",                         // b.value = x
                "value load",                          // a.value: the store may have been to it
                "int[] load free ← 2",                 // s[k] again
                "int[] store",                         // s[0] = x
                "int[] load",                          // s[k]: the store may have been to it
                "value load free ← 5",                 // a = b; a.value is b.value, which the store wrote
                "value load free ← 5",                 // a.value again, before the call
                "value load",                          // after Math.abs
                "global load",
                "value load"                           // after getstatic
        ), ops("notFree"));
    }

    /** The block's symbolic frame starts with each local its size: a {@code dup2} of a long local copies one value. */
    @Test
    void aLongLocalKeepsItsSize() throws Exception {
        assertEquals(List.of("value load", "value load free ← 0"), ops("longCounter"));
    }

    @Test
    void loadsInDifferentBlocksAreNotFreeOfEachOther() throws Exception {
        assertEquals(List.of("value load", "value load"), ops("acrossBlocks"));
    }
}
