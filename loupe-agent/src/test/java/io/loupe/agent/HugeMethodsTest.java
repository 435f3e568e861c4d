package io.loupe.agent;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class HugeMethodsTest {

    /** Prints what {@link HugeMethods#compiled} says in a JVM started with the test's flags. */
    public static final class Probe {
        public static void main(String[] args) {
            System.out.print(HugeMethods.compiled());
        }
    }

    private static String compiledIn(String... flags) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(flags));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Probe.class.getName()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        return out;
    }

    @Test
    void readsWhetherTheJvmCompilesHugeMethods() throws Exception {
        assertEquals("false", compiledIn());
        assertEquals("true", compiledIn("-XX:-DontCompileHugeMethods"));
        assertEquals("false", compiledIn("-XX:-DontCompileHugeMethods", "-XX:+DontCompileHugeMethods"));
    }
}
