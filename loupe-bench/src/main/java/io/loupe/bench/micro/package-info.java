/**
 * Micro-benchmarks that isolate one cost, run by hand: {@link ForestStreamBench} (the k-slab forest
 * alone), {@link ValueSiteBench} (a value site's probe), {@link SmallMethodBench} (small methods
 * under the agent) and {@link ClassLoadBench} (instrumentation at class load). Their figures are
 * quoted in docs/decisions.md, docs/architecture.md and docs/values.md.
 */
package io.loupe.bench.micro;
