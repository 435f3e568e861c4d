package io.loupe.bench.workloads;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The checksum line is a behaviour check only if a workload computes the same thing every time.
 * The second run in the same JVM also runs with warmer JIT-compiled code than the first, so a
 * result that depended on compilation (or on state left behind by the first run) would show here.
 */
class DriverDeterminismTest {

    @ParameterizedTest
    @EnumSource(Workload.class)
    void runningTheSmallSizeTwiceGivesTheSameChecksumLine(Workload workload) throws Exception {
        String first = workload.runInProcess(Size.SMALL);
        String second = workload.runInProcess(Size.SMALL);
        assertEquals(first, second);
        assertFalse(first.isBlank());
        assertFalse(first.contains("\n"), first);
    }
}
