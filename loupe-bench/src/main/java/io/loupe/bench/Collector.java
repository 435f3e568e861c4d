package io.loupe.bench;

/**
 * The garbage collector of the child JVMs ({@code --gc}). Every configuration of a matrix runs
 * with the same one. The parallel collector is the default, as the recorded matrices used it; G1
 * is the JVM's own default, what a user of {@code bin/loupe run} gets unless they choose.
 */
enum Collector {
    PARALLEL("parallel", "-XX:+UseParallelGC", "ParallelGC"),
    G1("g1", "-XX:+UseG1GC", "G1");

    private final String id;
    private final String flag;
    private final String jsonName;

    Collector(String id, String flag, String jsonName) {
        this.id = id;
        this.flag = flag;
        this.jsonName = jsonName;
    }

    /** The option's value naming it. */
    String id() {
        return id;
    }

    /** The JVM flag that selects it. */
    String flag() {
        return flag;
    }

    /** Its name in the JSON report's {@code setup.gc}. */
    String jsonName() {
        return jsonName;
    }

    static Collector parse(String value) {
        for (Collector c : values()) {
            if (c.id.equals(value)) {
                return c;
            }
        }
        throw new IllegalArgumentException("--gc needs parallel or g1, got '" + value + "'");
    }
}
