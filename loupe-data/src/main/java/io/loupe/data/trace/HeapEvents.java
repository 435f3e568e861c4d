package io.loupe.data.trace;

/**
 * What a whole-program trace records of heap accesses besides the control flow
 * ({@code trace.heap}; docs/trace.md): the checks of the extended trace (the default), the plain
 * address trace the checks are measured against, or nothing.
 */
public enum HeapEvents {
    /** Control flow only: dependences through locals and static fields are recovered, no others. */
    NONE("none"),
    /** The eWPP: a GEN event per checked access naming its location's generation ({@link TraceEvent#GEN}). */
    CHECKS("checks"),
    /** The CF + address trace: the object (and index) of every field and element access. */
    ADDRESSES("addresses");

    private final String label;

    HeapEvents(String label) {
        this.label = label;
    }

    /** The option value: {@code none}, {@code checks}, {@code addresses}. */
    public String label() {
        return label;
    }

    /** The value of {@code label}, or null. */
    public static HeapEvents of(String label) {
        for (HeapEvents h : values()) {
            if (h.label.equals(label)) {
                return h;
            }
        }
        return null;
    }

    /** What a trace whose agent options are {@code options} recorded. */
    public static HeapEvents ofOptions(String options) {
        HeapEvents found = NONE;
        for (String o : options.split(",")) {
            String t = o.trim();
            if (t.equals("trace.addresses=true")) {
                found = ADDRESSES;   // the option of traces before trace.heap
            } else if (t.startsWith("trace.heap=")) {
                HeapEvents h = of(t.substring("trace.heap=".length()));
                if (h != null) {
                    found = h;
                }
            }
        }
        return found;
    }
}
