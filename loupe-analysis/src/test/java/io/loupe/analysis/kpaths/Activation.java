package io.loupe.analysis.kpaths;

import java.util.List;

/** One method activation of a test stream: its method and the path ids it emitted, in order. */
record Activation(int methodId, List<Integer> pathIds) {
}
