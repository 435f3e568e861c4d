/**
 * What to do next, per loop (docs/deps.md, "What to do next"): from a loop's verdict — the memory
 * dependences it carries at its level, its carried registers, the memory updates the instrumenter
 * recognised — and optionally a value profile of the same program, {@link io.loupe.analysis.advice.Advisor}
 * says what would make the loop parallel ({@link io.loupe.analysis.advice.LoopAdvice}): DOALL, a
 * reduction (through locals or through memory, as DiscoPoP recognises them), privatization of the
 * locations only reused across iterations, or the dependences that block it, with the evidence.
 * It reads {@code io.loupe.analysis.deps} and {@code io.loupe.analysis.values}; neither reads it.
 */
package io.loupe.analysis.advice;
