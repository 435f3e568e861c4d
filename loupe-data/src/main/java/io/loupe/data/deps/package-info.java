/**
 * The memory dependence profile's model: {@link DepsProfile} holds the access sites
 * ({@link AccessSiteMeta}), loops, call sites, context tree and {@link Dependence}s that one run
 * recorded in LAMP or CAMP mode. Follows <i>CAMP: Context-Aware Memory Profiling</i> (Algorithm 1);
 * see docs/deps.md.
 */
package io.loupe.data.deps;
