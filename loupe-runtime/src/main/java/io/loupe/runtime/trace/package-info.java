/**
 * The naive block tracer ({@code profile=blocktrace}): {@link BlockTrace} records, per thread,
 * every activation and every basic block entered: the independent oracle that path profiles are
 * checked against. See docs/architecture.md, <i>Validation</i>.
 */
package io.loupe.runtime.trace;
