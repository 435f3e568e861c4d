package io.loupe.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code loupe agent}: prints the agent jar's absolute path, for {@code -javaagent:$(loupe agent)=…}. */
@Command(name = "agent", mixinStandardHelpOptions = true,
        description = {"Print the absolute path of the agent jar.",
            "Example: java -javaagent:$(loupe agent)=k=4,out=app.prof -jar app.jar"})
final class AgentCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getOut().println(AgentJarLocator.fromEnvironment().locate());
        spec.commandLine().getOut().flush();
        return 0;
    }
}
