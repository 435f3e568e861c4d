package io.loupe.instrument.deps.samples;

import java.util.List;

/** Final fields as javac stores them: which stores are a location's only one (FinalFieldStoresTest). */
public final class FinalFields {

    /** Stored once, in the static initializer. */
    static final int[] TABLE = new int[4];
    /** Stored on either branch: two stores in one method, which the analysis does not tell apart. */
    static final List<String> NAMES;
    /** Not final. */
    static int counter;

    static {
        if (Boolean.getBoolean("loupe.sample")) {
            NAMES = List.of();
        } else {
            NAMES = List.of("a");
        }
    }

    /** Stored once by each constructor that does not delegate. */
    final int size;
    /** An initializer: javac copies it into each constructor that calls super(…). */
    final Object lock = new Object();
    int plain;

    public FinalFields(int size) {
        this.size = size;
        this.plain = size;
    }

    public FinalFields() {
        this(4);   // delegates: stores neither final field itself
    }

    /** A final field of an open class: a subclass could hide it, so it is never sealed. */
    public static class Open {
        final int size;

        public Open(int size) {
            this.size = size;
        }
    }
}
