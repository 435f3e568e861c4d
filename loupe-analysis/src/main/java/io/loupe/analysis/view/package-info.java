/**
 * The profiles of one program seen from its source (issue: the HTML report): each method's block
 * and line executions derived from its path counts ({@link io.loupe.analysis.view.LineCounts}), each
 * loop with everything the profilers know of it ({@link io.loupe.analysis.view.LoopView}: the paths
 * and k-paths through it, its dependence verdicts per context, the value sites in it, its carried
 * registers), and each source file with its methods, lines, value sites and dependence ends
 * ({@link io.loupe.analysis.view.SourceFileView}); {@link io.loupe.analysis.view.ProgramView} joins
 * them. Loops of the path profile and of the dependence profile are the same loops of the same
 * method's loop forest, named by their ordinal among the method's loops.
 *
 * <p>The text, JSON and HTML reports read these objects: no figure is computed twice.
 */
package io.loupe.analysis.view;
