package io.loupe.bench;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StatisticsTest {

    @Test
    void theMedianOfAnOddCountIsTheMiddleValue() {
        assertEquals(3.0, Statistics.median(5, 1, 3).getAsDouble());
    }

    @Test
    void theMedianOfAnEvenCountIsTheMeanOfTheTwoMiddleValues() {
        assertEquals(2.5, Statistics.median(4, 1, 3, 2).getAsDouble());
    }

    @Test
    void oneOutlierDoesNotMoveTheMedian() {
        assertEquals(1.0, Statistics.median(1.0, 1.0, 1000.0).getAsDouble());
    }

    @Test
    void noValuesHaveNoMedian() {
        assertTrue(Statistics.median().isEmpty());
    }

    @Test
    void ratiosAreTakenRoundByRound() {
        assertArrayEquals(new double[] {2.0, 3.0, 0.5}, Statistics.ratios(new double[] {2, 6, 1}, new double[] {1, 2, 2}));
    }

    @Test
    void roundsWithoutAMeasurementOnEitherSideAreLeftOut() {
        double[] measured = {2, Double.NaN, 9, 4};
        double[] baseline = {1, 1, Double.NaN, 0};
        assertArrayEquals(new double[] {2.0}, Statistics.ratios(measured, baseline));
    }

    @Test
    void ratiosNeedTheSameNumberOfRounds() {
        assertThrows(IllegalArgumentException.class, () -> Statistics.ratios(new double[2], new double[3]));
    }

    @Test
    void theMedianOfRatiosDiffersFromTheRatioOfMedians() {
        // Round 2 was disturbed for the baseline only; the per-round ratio sees it as one outlier.
        double[] instrumented = {2.0, 2.0, 2.0};
        double[] baseline = {1.0, 1.0, 4.0};
        double medianOfRatios = Statistics.median(Statistics.ratios(instrumented, baseline)).getAsDouble();
        double ratioOfMedians = Statistics.median(instrumented).getAsDouble() / Statistics.median(baseline).getAsDouble();
        assertEquals(2.0, medianOfRatios);
        assertEquals(2.0, ratioOfMedians);
        assertEquals(0.5, Statistics.ratios(instrumented, baseline)[2]);
    }

    @Property
    void theMedianLiesBetweenTheSmallestAndTheLargestValue(
            @ForAll @Size(min = 1, max = 50) List<@DoubleRange(min = -1e6, max = 1e6) Double> values) {
        double[] array = values.stream().mapToDouble(Double::doubleValue).toArray();
        double median = Statistics.median(array).getAsDouble();
        assertTrue(median >= Arrays.stream(array).min().getAsDouble());
        assertTrue(median <= Arrays.stream(array).max().getAsDouble());
    }

    @Property
    void theMedianDoesNotDependOnTheOrderOfTheValues(
            @ForAll @Size(min = 1, max = 50) List<@DoubleRange(min = -1e6, max = 1e6) Double> values) {
        var shuffled = new ArrayList<>(values);
        Collections.reverse(shuffled);
        assertEquals(Statistics.median(values.stream().mapToDouble(Double::doubleValue).toArray()),
                Statistics.median(shuffled.stream().mapToDouble(Double::doubleValue).toArray()));
    }

    @Property
    void theMedianRatioOfAConstantFactorIsThatFactor(
            @ForAll @Size(min = 1, max = 20) List<@DoubleRange(min = 0.1, max = 100) Double> baseline,
            @ForAll @DoubleRange(min = 1, max = 10) double factor) {
        double[] base = baseline.stream().mapToDouble(Double::doubleValue).toArray();
        double[] measured = Arrays.stream(base).map(b -> b * factor).toArray();
        assertEquals(factor, Statistics.median(Statistics.ratios(measured, base)).getAsDouble(), 1e-9);
    }
}
