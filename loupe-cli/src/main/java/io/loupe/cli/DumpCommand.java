package io.loupe.cli;

import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import javax.management.JMException;
import javax.management.MBeanException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.RuntimeMBeanException;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.Callable;

/**
 * {@code loupe dump --pid PID [--out FILE] [--reset]}: the profile of a JVM that runs under the
 * agent, written while it goes on running (docs/live-dumps.md). The Attach API starts the target's
 * local management agent, which serves JMX on the loopback only to the same user, and the command
 * calls the agent's MBean {@code io.loupe:type=Profiler} there. Nothing is loaded into the target:
 * loading an agent into a running JVM makes JDK 21 and later print a warning on its stderr, and
 * a profiler must not change what the program prints.
 */
@Command(name = "dump", mixinStandardHelpOptions = true,
        description = {"Write the profile of a running JVM under the Loupe agent without stopping it: what was recorded"
                + " since it started, or since the last --reset. --reset makes the next profile (a dump, or the one"
                + " written at exit) start where this one ends, so that a series of reset dumps adds up to the whole run."})
final class DumpCommand implements Callable<Integer> {

    /** The agent's MBean and operation (io.loupe.agent.ProfilerMBean): a contract with the agent. */
    static final String MBEAN = "io.loupe:type=Profiler";

    /** How long to wait for the MBean of a JVM that has just started (the agent registers it in the background). */
    private static final long REGISTRATION_WAIT_MILLIS = 5_000;

    @Spec
    CommandSpec spec;

    @Option(names = "--pid", paramLabel = "PID", required = true,
            description = "the process id of the JVM (as jps or jcmd list them); it must run as the same user")
    long pid;

    @Option(names = "--out", paramLabel = "FILE",
            description = "the profile to write (the JVM writes it: a temporary file, then renamed)."
                    + " Default: loupe-PID-TIME.prof in the current directory")
    Path out;

    @Option(names = "--reset", description = "start the next profile here: it will hold only what is recorded after this"
            + " dump (nothing in the JVM is cleared: the dumps count from this one's reading)")
    boolean reset;

    @Override
    public Integer call() {
        if (pid == ProcessHandle.current().pid()) {
            throw new CliException("--pid " + pid + " is this command's own JVM");
        }
        Path file = (out != null ? out
                : Path.of("loupe-" + pid + "-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS"))
                        + ".prof")).toAbsolutePath().normalize();
        String address = managementAddress();
        String written;
        try (JMXConnector connector = JMXConnectorFactory.connect(new JMXServiceURL(address))) {
            written = dump(connector.getMBeanServerConnection(), file);
        } catch (IOException e) {
            throw new CliException("cannot reach JVM " + pid + " through JMX: " + message(e));
        }
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.println(written);
        stdout.flush();
        return 0;
    }

    /** The address of the target's local JMX connector, started if it was not. */
    private String managementAddress() {
        VirtualMachine vm;
        try {
            vm = VirtualMachine.attach(Long.toString(pid));
        } catch (AttachNotSupportedException | IOException e) {
            String alive = ProcessHandle.of(pid).isPresent() ? "" : " (no such process)";
            throw new CliException("cannot attach to JVM " + pid + alive + ": " + message(e));
        } catch (NoClassDefFoundError e) {
            throw new CliException("the Attach API (module jdk.attach) is missing: run Loupe on a JDK, not a JRE");
        }
        try {
            return vm.startLocalManagementAgent();
        } catch (IOException e) {
            throw new CliException("JVM " + pid + " did not start its management agent: " + message(e));
        } finally {
            try {
                vm.detach();
            } catch (IOException ignored) {
                // the address is known; a failed detach leaves nothing to undo
            }
        }
    }

    private String dump(MBeanServerConnection server, Path file) throws IOException {
        ObjectName name;
        try {
            name = new ObjectName(MBEAN);
        } catch (JMException e) {
            throw new IllegalStateException(e);
        }
        long deadline = System.nanoTime() + REGISTRATION_WAIT_MILLIS * 1_000_000;
        while (!server.isRegistered(name)) {
            if (System.nanoTime() - deadline > 0) {
                throw new CliException("JVM " + pid + " runs no Loupe agent that takes dumps: it has no MBean " + MBEAN
                        + " (started without -javaagent:loupe-agent.jar, with jmx=false, or with profile=trace)");
            }
            sleep();
        }
        try {
            return (String) server.invoke(name, "dump", new Object[] {file.toString(), reset},
                    new String[] {String.class.getName(), boolean.class.getName()});
        } catch (MBeanException | RuntimeMBeanException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new CliException("JVM " + pid + " could not write " + file + ": " + message(cause));
        } catch (JMException e) {
            throw new CliException("JVM " + pid + ": " + message(e));
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException("interrupted");
        }
    }

    private static String message(Throwable e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m.replaceAll("\\s+", " ").strip();
    }
}
