package io.loupe.maven;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AgentArgumentsTest {

    private static String options(List<String> profilers, int k, String raw) {
        return AgentArguments.options(profilers, k, List.of("com.example.*"), List.of("org.junit.*", "junit.*"), raw);
    }

    @Test
    void theParametersBecomeTheAgentsOptionsWithoutOut() {
        assertEquals("profile=paths;values,k=4,include=com.example.*,exclude=org.junit.*;junit.*",
                options(List.of("paths", "values"), 4, null));
        assertEquals("profile=paths;values,include=com.example.*,exclude=org.junit.*;junit.*,values.topN=2",
                options(List.of("paths,values"), 1, "values.topN=2"));
        assertEquals("profile=deps", AgentArguments.options(List.of("deps"), 1, List.of(), List.of(), " "));
    }

    @Test
    void anUnknownProfilerIsABuildErrorThatNamesIt() {
        var e = assertThrows(IllegalArgumentException.class, () -> options(List.of("paths", "valeus"), 1, null));
        assertEquals("unknown profiler 'valeus' in <profilers> (known: paths, values, deps)", e.getMessage());
    }

    @Test
    void depsRunsAloneAndKNeedsPaths() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> options(List.of("deps", "paths"), 1, null))
                .getMessage().startsWith("<profilers>: deps runs alone"));
        assertEquals("<k> is for the paths profiler, which is off (profilers: values)",
                assertThrows(IllegalArgumentException.class, () -> options(List.of("values"), 4, null)).getMessage());
        assertEquals("<k> must be between 1 and 64, got 0",
                assertThrows(IllegalArgumentException.class, () -> options(List.of("paths"), 0, null)).getMessage());
    }

    @Test
    void rawOptionsMayNotSetWhatParametersSet() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> options(List.of("paths"), 1, "out=x.prof"))
                .getMessage().contains("each test JVM writes its own file into <destDir>"));
        assertEquals("<options>: 'k' is set by the plugin's own parameter <k>",
                assertThrows(IllegalArgumentException.class, () -> options(List.of("paths"), 1, "k=2")).getMessage());
        assertEquals("<options>: malformed option 'verbose' (expected key=value)",
                assertThrows(IllegalArgumentException.class, () -> options(List.of("paths"), 1, "verbose")).getMessage());
    }

    @Test
    void aGlobThatWouldSplitTheOptionsIsRefused() {
        var e = assertThrows(IllegalArgumentException.class,
                () -> AgentArguments.options(List.of("paths"), 1, List.of("a.*,b.*"), List.of(), null));
        assertTrue(e.getMessage().startsWith("<includes>: 'a.*,b.*' is not a class-name glob"), e.getMessage());
    }

    @Test
    void anArgumentWithASpaceIsQuotedAndOneWithoutIsNot() {
        assertEquals("-javaagent:/p/a.jar", AgentArguments.quote("-javaagent:/p/a.jar"));
        assertEquals("\"-javaagent:/My Projects/a.jar\"", AgentArguments.quote("-javaagent:/My Projects/a.jar"));
        assertEquals(List.of("-Xmx1g", "\"-javaagent:/My Projects/a.jar\""),
                AgentArguments.tokens("-Xmx1g  \"-javaagent:/My Projects/a.jar\""));
    }

    @Test
    void theArgumentIsAppendedToWhatThePropertyHeldReplacingAnEarlierLoupeAgent() {
        String loupe = AgentArguments.quote("-javaagent:/My Projects/target/loupe-launcher-default.jar");
        assertEquals(loupe, AgentArguments.append(null, loupe));
        assertEquals("-Xmx1g " + loupe, AgentArguments.append("-Xmx1g", loupe));
        String jacoco = "-javaagent:/repo/jacocoagent.jar=destfile=x";
        assertEquals("-Xmx1g " + jacoco + " " + loupe, AgentArguments.append("-Xmx1g " + loupe + " " + jacoco, loupe));
    }
}
