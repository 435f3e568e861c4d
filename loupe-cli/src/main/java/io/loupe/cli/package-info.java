/**
 * The {@code bin/loupe} command line: {@link LoupeCli} dispatches to {@code RunCommand} (run a
 * program under the agent), {@code ReportCommand} (a profile as text, JSON or a DOT graph),
 * {@code DiffCommand} (two profiles of one program compared) and {@code AgentCommand} (the agent
 * jar's path). Usage is in README.md, <i>Using Loupe</i>.
 */
package io.loupe.cli;
