/**
 * The value profiler at run time: {@link Values} is what value sites call, {@link SiteRecorder}
 * keeps a site's TNV table and its convergent profiling gate, and {@link ValueCollector} merges the
 * threads' recorders at the dump. Follows Calder, Feller and Eustace, <i>Value Profiling</i>,
 * MICRO 1997; see docs/values.md.
 */
package io.loupe.runtime.values;
