package io.loupe.analysis.summary;

/** One acyclic path among the hottest of a profile: the {@code index}-th path of its method. */
public record HotPath(MethodProfile method, int index) {

    public long pathId() {
        return method.pathId(index);
    }

    public long count() {
        return method.count(index);
    }

    /** Its share of the method's path executions. */
    public double share() {
        return method.share(index);
    }
}
