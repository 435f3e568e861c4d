/**
 * The path profile's data: Ball–Larus path counts per method ({@link PathCounts}) and each thread's
 * k-slab forest ({@link SlabForest}; D'Elia et al., OOPSLA 2013, Definition 3).
 */
package io.loupe.data.paths;
