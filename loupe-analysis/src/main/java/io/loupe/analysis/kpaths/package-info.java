/**
 * k-iteration path forests, built offline: {@link KIpfBuilder} turns the threads' k-slab forests
 * into each method's k-IPF ({@link KPathForest}), and {@link HotKPaths} picks the hottest
 * multi-iteration paths from them. Implements D'Elia, Demetrescu and Finocchi, <i>Ball-Larus Path
 * Profiling Across Multiple Loop Iterations</i>, OOPSLA 2013 (Definition 2, Fig. 7).
 */
package io.loupe.analysis.kpaths;
