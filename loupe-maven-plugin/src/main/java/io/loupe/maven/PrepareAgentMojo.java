package io.loupe.maven;

import org.apache.maven.artifact.Artifact;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

import java.io.File;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Puts Loupe's agent in the command line of the test JVMs: appends a {@code -javaagent} argument
 * to the property {@code argLine} (which Surefire and Failsafe read), or to the property named by
 * {@code propertyName}, as JaCoCo's {@code prepare-agent} does. Each test JVM writes its own
 * profile into {@code destDir} ({@link ForkAgent}); profiles left there by an earlier build are
 * deleted first, unless {@code append}, so that {@code report} reads this build's runs only.
 */
@Mojo(name = "prepare-agent", defaultPhase = LifecyclePhase.INITIALIZE, threadSafe = true)
public class PrepareAgentMojo extends AbstractMojo {

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    MavenProject project;

    @Parameter(defaultValue = "${mojoExecution}", readonly = true, required = true)
    MojoExecution execution;

    @Parameter(defaultValue = "${plugin.artifactMap}", readonly = true, required = true)
    Map<String, Artifact> pluginArtifacts;

    /** The property the agent argument is appended to: {@code argLine} for Surefire and Failsafe. */
    @Parameter(property = "loupe.propertyName", defaultValue = "argLine")
    String propertyName;

    /** What to profile: {@code paths}, {@code values} (together or apart), or {@code deps} alone. */
    @Parameter(property = "loupe.profilers", defaultValue = "paths,values")
    List<String> profilers;

    /** Iterations per k-iteration path (paths only); 1 counts plain Ball–Larus paths. */
    @Parameter(property = "loupe.k", defaultValue = "1")
    int k;

    /** Class-name globs to instrument ({@code *} any characters, dots too; {@code ?} one). Default: all but the excludes. */
    @Parameter(property = "loupe.includes")
    List<String> includes = List.of();

    /**
     * Class-name globs never to instrument. By default the test frameworks and build tools whose
     * classes run in a test JVM: their loops are not the project's, and they would cost time.
     */
    @Parameter(property = "loupe.excludes", defaultValue = "org.junit.*,junit.*,org.opentest4j.*,org.apiguardian.*,"
            + "org.apache.maven.*,org.testng.*,org.hamcrest.*,org.assertj.*,org.mockito.*,net.bytebuddy.*,org.objenesis.*")
    List<String> excludes;

    /** Further agent options, {@code key=value} separated by commas (README, agent options): e.g. {@code values.topN=2}. */
    @Parameter(property = "loupe.options")
    String options;

    /** Where the test JVMs write their profiles, one file each ({@code loupe-PID.prof}). */
    @Parameter(property = "loupe.destDir", defaultValue = "${project.build.directory}/loupe")
    File destDir;

    /** Keep the profiles an earlier build left in {@code destDir} (they are merged with this build's). */
    @Parameter(property = "loupe.append", defaultValue = "false")
    boolean append;

    /** Leave the property alone: the tests run without Loupe. */
    @Parameter(property = "loupe.skip", defaultValue = "false")
    boolean skip;

    @Override
    public void execute() throws MojoExecutionException {
        if (skip) {
            getLog().info("Loupe: skipped (loupe.skip)");
            return;
        }
        String agentOptions;
        try {
            agentOptions = AgentArguments.options(profilers, k, includes == null ? List.of() : includes,
                    excludes == null ? List.of() : excludes, options);
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("Loupe prepare-agent: " + e.getMessage());
        }
        Artifact agent = pluginArtifacts.get("io.loupe:loupe-agent");
        if (agent == null || agent.getFile() == null) {
            throw new MojoExecutionException("Loupe prepare-agent: the plugin's dependency io.loupe:loupe-agent was not resolved");
        }
        Path dir = destDir.toPath().toAbsolutePath().normalize();
        Path launcher;
        try {
            Files.createDirectories(dir);
            if (!append) {
                deleteProfiles(dir);
            }
            launcher = LauncherJar.write(Path.of(project.getBuild().getDirectory()), execution.getExecutionId(),
                    agent.getFile().toPath(), dir, agentOptions);
        } catch (IOException e) {
            throw new MojoExecutionException("Loupe prepare-agent: cannot prepare " + dir + ": " + e.getMessage(), e);
        }
        String arg = AgentArguments.quote("-javaagent:" + launcher);
        String old = project.getProperties().getProperty(propertyName);
        String value = AgentArguments.append(old, arg);
        project.getProperties().setProperty(propertyName, value);
        getLog().info("Loupe: " + propertyName + " set to " + value);
        getLog().info("Loupe: agent options " + agentOptions + ", each test JVM's profile in " + dir);
    }

    /** Deletes the {@code *.prof} files of {@code dir}: an earlier build's runs. */
    private void deleteProfiles(Path dir) throws IOException {
        int deleted = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.prof")) {
            for (Path f : files) {
                Files.delete(f);
                deleted++;
            }
        }
        if (deleted > 0) {
            getLog().info("Loupe: deleted " + deleted + " profile" + (deleted == 1 ? "" : "s") + " of an earlier build in "
                    + dir + " (append=true keeps them)");
        }
    }
}
