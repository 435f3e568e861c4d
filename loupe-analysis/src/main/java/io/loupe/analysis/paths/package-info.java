/**
 * Ball–Larus path ids turned back into code: {@link PathDecoder} walks a method's numbered DAG to
 * recover the blocks and source lines of a path id, as a {@link DecodedPath}. The numbering is that
 * of Ball and Larus, MICRO 1996, as D'Elia et al., OOPSLA 2013, state it in their Fig. 2.
 */
package io.loupe.analysis.paths;
