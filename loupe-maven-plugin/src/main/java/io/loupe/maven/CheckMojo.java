package io.loupe.maven;

import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Fails the build when a rule no longer holds on the merged profile of this module's test JVMs
 * ({@link CheckRule} for the syntax): each failing rule is one line with the rule, what was measured
 * and the limit. Rules are parsed before any profile is read, so a mistyped rule fails at once; a
 * module with rules and no profile fails too, since its guards would otherwise pass unseen.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class CheckMojo extends AbstractMojo {

    /** The rules, one per {@code <rule>}. */
    @Parameter
    List<String> rules = List.of();

    /** Where the test JVMs wrote their profiles (prepare-agent's {@code destDir}). */
    @Parameter(property = "loupe.destDir", defaultValue = "${project.build.directory}/loupe")
    File destDir;

    /** Fail the build when a rule fails; false only logs the failures as warnings. */
    @Parameter(property = "loupe.haltOnFailure", defaultValue = "true")
    boolean haltOnFailure;

    /** No check. */
    @Parameter(property = "loupe.skip", defaultValue = "false")
    boolean skip;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("Loupe: skipped (loupe.skip)");
            return;
        }
        if (rules == null || rules.isEmpty()) {
            getLog().info("Loupe: no rules to check");
            return;
        }
        List<CheckRule> parsed = new ArrayList<>();
        for (String r : rules) {
            try {
                parsed.add(CheckRule.parse(r));
            } catch (IllegalArgumentException e) {
                throw new MojoExecutionException("Loupe check: " + e.getMessage());
            }
        }
        MergedProfiles profiles;
        try {
            List<Path> files = MergedProfiles.find(List.of(destDir.toPath()), w -> getLog().warn("Loupe: " + w));
            if (files.isEmpty()) {
                throw new MojoExecutionException("Loupe check: no profile in " + destDir + " to check " + parsed.size()
                        + " rule" + (parsed.size() == 1 ? "" : "s") + " against (did the tests run with prepare-agent?)");
            }
            profiles = MergedProfiles.of(files);
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("Loupe check: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new MojoExecutionException("Loupe check: " + e, e);
        }
        RuleEvaluator evaluator = new RuleEvaluator(profiles.summary());
        List<String> failed = new ArrayList<>();
        for (CheckRule r : parsed) {
            RuleEvaluator.Result result = evaluator.evaluate(r);
            if (result.holds()) {
                getLog().info("Loupe rule holds: " + result.line());
            } else {
                failed.add(result.line());
                if (haltOnFailure) {
                    getLog().error("Loupe rule failed: " + result.line());
                } else {
                    getLog().warn("Loupe rule failed: " + result.line());
                }
            }
        }
        String files = profiles.files().size() + " profile" + (profiles.files().size() == 1 ? "" : "s");
        if (failed.isEmpty()) {
            getLog().info("Loupe: all " + parsed.size() + " rules hold on " + files);
        } else if (haltOnFailure) {
            throw new MojoFailureException("Loupe check: " + failed.size() + " of " + parsed.size() + " rules failed on "
                    + files + ":\n  " + String.join("\n  ", failed));
        }
    }
}
