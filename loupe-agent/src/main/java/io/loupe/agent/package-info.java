/**
 * The Java agent, {@code -javaagent:loupe-agent.jar=<options>}: {@link LoupeAgent} puts the runtime
 * on the bootstrap class path and parses the {@link AgentOptions} strictly, then
 * {@code LoupeTransformer} hands every class that {@code ClassFilter} admits to the instrumenter.
 * How the agent jar is put together, and why, is in docs/architecture.md.
 */
package io.loupe.agent;
