package io.loupe.agent;

import java.io.IOException;

/**
 * The agent's management interface, registered as {@code io.loupe:type=Profiler} in the platform
 * MBean server (agent option {@code jmx}, on by default): {@code loupe dump --pid} calls
 * {@link #dump} through the JVM's local management agent, which the Attach API starts on demand;
 * a JMX console (JConsole, VisualVM) can call it too. The operation's name and signature are a
 * contract with {@code loupe dump}.
 */
public interface ProfilerMBean {

    /**
     * Writes the profile of this running JVM to {@code file} (a relative path is taken from this
     * JVM's working directory) without stopping it, and returns a line saying what it wrote. The
     * profile holds what was recorded since the last reset, or since the JVM started; with
     * {@code reset}, the next profile (this method's or the one written at exit) holds what is
     * recorded after this one (docs/live-dumps.md).
     */
    String dump(String file, boolean reset) throws IOException;

    /** The agent's options, as the profile's header gives them. */
    String getOptions();

    /** The Loupe version of the agent. */
    String getVersion();

    /** Where the profile is written at exit (option {@code out}). */
    String getOut();
}
