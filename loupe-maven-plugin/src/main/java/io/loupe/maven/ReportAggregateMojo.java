package io.loupe.maven;

import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One report of the profiles every module of the reactor wrote, merged, with every module's
 * sources: {@code target/site/loupe-aggregate/} of the project it runs in.
 *
 * <p>An aggregator: it runs once, for the whole reactor. Given after the build's phase on the
 * command line ({@code mvn verify loupe:report-aggregate}) it runs after every module's tests.
 * Bound in the POM it runs where the binding is: in a module the reactor builds last (one that
 * depends on the others), not in the parent, which the reactor builds first.
 */
@Mojo(name = "report-aggregate", aggregator = true, threadSafe = true)
public class ReportAggregateMojo extends AbstractMojo {

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    MavenSession session;

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    MavenProject project;

    /** Where, relative to each module's build directory, its test JVMs wrote their profiles. */
    @Parameter(property = "loupe.destDirName", defaultValue = "loupe")
    String destDirName;

    /** Where the merged report goes. */
    @Parameter(property = "loupe.aggregateReportDir", defaultValue = "${project.reporting.outputDirectory}/loupe-aggregate")
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
        List<Path> dirs = new ArrayList<>();
        List<Path> sources = new ArrayList<>();
        for (MavenProject module : session.getProjects()) {
            dirs.add(Path.of(module.getBuild().getDirectory(), destDirName));
            sources.addAll(ReportMojo.sourceRoots(module));
        }
        ReportMojo.report(this, dirs, sources, outputDir.toPath());
    }
}
