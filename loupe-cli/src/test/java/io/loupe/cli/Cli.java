package io.loupe.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the CLI in-process with captured stdout and stderr. */
record Cli(int exitCode, String out, String err) {

    static Cli run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var cli = LoupeCli.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(args);
        return new Cli(code, out.toString(), err.toString());
    }
}
