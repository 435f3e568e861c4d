package io.loupe.instrument.deps;

import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.MethodNode;

/**
 * Code that another part of the instrumenter adds to one method's dependence probes at the entries
 * of some of its loops (abstract interpretation's decisions and untraced copies, docs/absint.md):
 * the inserter asks for it, so that this package needs to know nothing of what it does.
 */
public interface LoopEntryCode {

    /** Called once, with the method as it still is, before any probe goes in. */
    void prepare(MethodNode m, boolean frames);

    /**
     * The code to run on an entry edge of loop {@code ordinal} (of the method's loops) before the
     * loop's entry event, with an empty stack; null for none. It may read local {@code thread}, the
     * thread's {@code DepThread}, and jump to labels of {@link #appended()}.
     */
    InsnList atEntry(int ordinal, int thread);

    /** Code to append after the method's code (with frames for its jump targets), or an empty list. */
    InsnList appended();

    /**
     * Plans the {@link LoopEntryCode} of the methods of a class being planned for dependence
     * profiling, and declares what it needs to the sink.
     */
    interface Planner {
        /**
         * The code for method {@code m} of class {@code owner} (not yet changed), whose dependence
         * model is {@code sites} with loop ids from {@code firstLoop} and access site ids from
         * {@code firstSite}; null for none.
         */
        LoopEntryCode plan(String owner, MethodNode m, DepSites sites, int firstLoop, int firstSite,
                           io.loupe.data.sink.InstrumentationSink sink);
    }
}
