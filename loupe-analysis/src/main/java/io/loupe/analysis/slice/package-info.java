/**
 * Backward dynamic slices from a whole-program trace (docs/trace.md, <i>Slicing</i>): the
 * dependence recovery's replay, with each instruction's operand stack, locals and heap locations
 * carrying the set of source lines their value depends on ({@link io.loupe.analysis.slice.LineSets}),
 * data and control dependences alike, so that the slice of a line's execution is the set its
 * instructions computed.
 */
package io.loupe.analysis.slice;
