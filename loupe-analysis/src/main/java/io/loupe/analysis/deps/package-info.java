/**
 * Offline analysis of a memory dependence profile: {@link DepsAnalysis} gives every loop its
 * verdict and carried RAW, WAR and WAW dependences ({@link LoopVerdict}) and every dependence its
 * context paths, and {@link LampCampComparison} compares a LAMP with a CAMP profile of one program
 * as CAMP's evaluation does (Figures 10 and 11). See docs/deps.md, "Dependences and loop verdicts"
 * and "Comparing LAMP with CAMP".
 */
package io.loupe.analysis.deps;
