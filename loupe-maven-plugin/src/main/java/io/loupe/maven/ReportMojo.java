package io.loupe.maven;

import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The HTML and JSON reports of the profiles this module's test JVMs wrote, merged:
 * {@code target/site/loupe/index.html} and {@code loupe.json}, with the source text of the
 * module's main and test source roots. A module without profiles (no tests, or tests skipped) is
 * skipped with a line saying so.
 */
@Mojo(name = "report", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class ReportMojo extends AbstractMojo {

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    MavenProject project;

    /** Where the test JVMs wrote their profiles (prepare-agent's {@code destDir}). */
    @Parameter(property = "loupe.destDir", defaultValue = "${project.build.directory}/loupe")
    File destDir;

    /** Where the reports go. */
    @Parameter(property = "loupe.reportDir", defaultValue = "${project.reporting.outputDirectory}/loupe")
    File outputDir;

    /** No report. */
    @Parameter(property = "loupe.skip", defaultValue = "false")
    boolean skip;

    @Override
    public void execute() throws MojoExecutionException {
        if (skip) {
            getLog().info("Loupe: skipped (loupe.skip)");
            return;
        }
        report(this, List.of(destDir.toPath()), sourceRoots(project), outputDir.toPath());
    }

    /** The module's main and test source roots: tests run under the agent too. */
    static List<Path> sourceRoots(MavenProject project) {
        List<Path> roots = new ArrayList<>();
        project.getCompileSourceRoots().forEach(r -> roots.add(Path.of(r)));
        project.getTestCompileSourceRoots().forEach(r -> roots.add(Path.of(r)));
        return roots;
    }

    private static String count(int n, String one) {
        return n + " " + one + (n == 1 ? "" : "s");
    }

    /** Reads and merges the profiles of {@code dirs}, writes the reports; a line when there is none. */
    static void report(AbstractMojo mojo, List<Path> dirs, List<Path> sources, Path out) throws MojoExecutionException {
        try {
            List<Path> files = MergedProfiles.find(dirs, w -> mojo.getLog().warn("Loupe: " + w));
            if (files.isEmpty()) {
                mojo.getLog().info("Loupe: no profile in " + String.join(", ", dirs.stream().map(Path::toString).toList())
                        + ": no report (did tests run with prepare-agent?)");
                return;
            }
            MergedProfiles profiles = MergedProfiles.of(files);
            Path index = ReportWriter.write(profiles, sources, out);
            mojo.getLog().info("Loupe: report of " + files.size() + " profile" + (files.size() == 1 ? "" : "s")
                    + " (" + count(profiles.summary().methods().size(), "method") + " with paths, "
                    + count(profiles.summary().values().sites().size(), "value site") + ", "
                    + count(profiles.summary().deps().loops().size(), "loop verdict") + "): " + index + " and "
                    + index.resolveSibling(ReportWriter.JSON));
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("Loupe report: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new MojoExecutionException("Loupe report: " + e, e);
        }
    }
}
