package io.loupe.analysis.values;

import java.util.List;

/**
 * What {@link InvariancePropagation} found.
 *
 * @param locals   every {@code local} site of the profile, by id, with its estimate
 * @param problems formulas that did not parse or read sites the profile does not describe
 */
public record PropagationResult(List<LocalEstimate> locals, List<String> problems) {
}
