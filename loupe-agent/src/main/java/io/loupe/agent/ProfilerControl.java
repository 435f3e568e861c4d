package io.loupe.agent;

import io.loupe.runtime.dump.ProfileDumper;

import javax.management.JMException;
import javax.management.ObjectName;
import javax.management.StandardMBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;

/** {@link ProfilerMBean} over the runtime's {@link ProfileDumper}. */
final class ProfilerControl implements ProfilerMBean {

    /** The MBean's name: a contract with {@code loupe dump}. */
    static final String NAME = "io.loupe:type=Profiler";

    private final ProfileDumper dumper;
    private final AgentOptions options;
    private final String version;

    ProfilerControl(ProfileDumper dumper, AgentOptions options, String version) {
        this.dumper = dumper;
        this.options = options;
        this.version = version;
    }

    /**
     * Registers the MBean on a daemon thread of its own: the platform MBean server, made on first
     * use, takes a hundred milliseconds or so to set up, which {@code main} need not wait for. A
     * failure is one line on stderr; profiling goes on.
     */
    void registerInBackground() {
        Thread t = new Thread(() -> {
            try {
                ManagementFactory.getPlatformMBeanServer().registerMBean(new StandardMBean(this, ProfilerMBean.class),
                        new ObjectName(NAME));
            } catch (JMException | RuntimeException e) {
                System.err.println("[loupe] cannot register the MBean " + NAME + " ('loupe dump --pid' will not find this"
                        + " JVM): " + e);
            }
        }, "loupe-jmx");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public String dump(String file, boolean reset) throws IOException {
        if (file == null || file.isBlank()) {
            throw new IllegalArgumentException("dump needs a file to write the profile to");
        }
        Path out = Path.of(file).toAbsolutePath().normalize();
        String problem = OutputCheck.problem(out);
        if (problem != null) {
            throw new IOException(problem.replace("option 'out'", out.toString()));
        }
        return dumper.dumpLive(out, reset);
    }

    @Override
    public String getOptions() {
        return options.toString();
    }

    @Override
    public String getVersion() {
        return version;
    }

    @Override
    public String getOut() {
        return options.out().toAbsolutePath().toString();
    }
}
