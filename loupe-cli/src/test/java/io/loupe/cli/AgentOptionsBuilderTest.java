package io.loupe.cli;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class AgentOptionsBuilderTest {

    @Test
    void defaults_are_the_paths_profiler_k_1_and_loupe_prof() {
        assertEquals("profile=paths,k=1,out=loupe.prof", new AgentOptionsBuilder().build());
    }

    @Test
    void list_values_are_joined_with_semicolons_and_pairs_with_commas() {
        String options = new AgentOptionsBuilder().profilers(List.of("paths")).k(4).out("app.prof")
                .include(List.of("com.example.*", "org.foo.*")).exclude(List.of("com.example.gen.*")).build();
        assertEquals("profile=paths,k=4,out=app.prof,include=com.example.*;org.foo.*,exclude=com.example.gen.*", options);
    }

    @Test
    void semicolon_separated_items_blanks_and_repeats_are_tidied() {
        String options = new AgentOptionsBuilder().include(List.of(" a.* ;b.*", "", "a.*")).build();
        assertEquals("profile=paths,k=1,out=loupe.prof,include=a.*;b.*", options);
    }

    @Test
    void extra_options_pass_through_verbatim_after_the_built_in_ones() {
        String options = new AgentOptionsBuilder().extra(List.of("paths.maxNodes=100000", "verbose=true")).build();
        assertEquals("profile=paths,k=1,out=loupe.prof,paths.maxNodes=100000,verbose=true", options);
    }

    @Test
    void an_unknown_profiler_is_named_with_the_known_ones() {
        var e = assertThrows(CliException.class, () -> new AgentOptionsBuilder().profilers(List.of("paths", "x")).build());
        assertEquals("unknown profiler 'x' (known: paths, values, deps, blocktrace, trace)", e.getMessage());
    }

    @Test
    void value_kinds_are_joined_with_semicolons_and_convergent_is_a_flag() {
        String options = new AgentOptionsBuilder().profilers(List.of("paths", "values")).valueKinds(List.of("param", "local;return"))
                .convergent(true).extra(List.of("values.tableSize=16")).build();
        assertEquals("profile=paths;values,k=1,out=loupe.prof,values.kinds=param;local;return,convergent=true,values.tableSize=16",
                options);
        assertEquals("profile=values,out=loupe.prof", new AgentOptionsBuilder().profilers(List.of("values")).build(),
                "all kinds and full profiling are the agent's defaults");
    }

    @Test
    void value_flags_are_checked_before_a_jvm_starts() {
        assertEquals("unknown value site kind 'heap' (known: param, field, array, return, local)",
                assertThrows(CliException.class, () -> new AgentOptionsBuilder().profilers(List.of("values"))
                        .valueKinds(List.of("heap")).build()).getMessage());
        assertEquals("--values-kinds needs the values profiler (--profile values)",
                assertThrows(CliException.class, () -> new AgentOptionsBuilder().valueKinds(List.of("local")).build())
                        .getMessage());
        assertEquals("--convergent needs the values profiler (--profile values)",
                assertThrows(CliException.class, () -> new AgentOptionsBuilder().convergent(true).build()).getMessage());
        assertEquals("use --convergent instead of -A convergent=…",
                assertThrows(CliException.class, () -> new AgentOptionsBuilder().profilers(List.of("values"))
                        .extra(List.of("convergent=true")).build()).getMessage());
        assertEquals("use --values-kinds instead of -A values.kinds=…",
                assertThrows(CliException.class, () -> new AgentOptionsBuilder().profilers(List.of("values"))
                        .extra(List.of("values.kinds=local")).build()).getMessage());
    }

    @Test
    void k_must_be_at_least_1() {
        var e = assertThrows(CliException.class, () -> new AgentOptionsBuilder().k(0).build());
        assertEquals("--k must be at least 1, got 0", e.getMessage());
    }

    @Test
    void k_needs_a_path_profiler() {
        assertEquals("--k needs the paths profiler (--profile paths)",
                assertThrows(CliException.class, () -> new AgentOptionsBuilder().profilers(List.of("values")).k(4).build())
                        .getMessage());
        assertEquals("profile=blocktrace,k=3,out=loupe.prof",
                new AgentOptionsBuilder().profilers(List.of("blocktrace")).k(3).build());
        assertEquals("profile=deps,out=loupe.prof", new AgentOptionsBuilder().profilers(List.of("deps")).build());
    }

    @Test
    void a_comma_inside_a_value_is_refused_because_the_agent_would_split_there() {
        assertThrows(CliException.class, () -> new AgentOptionsBuilder().out("a,b.prof").build());
        assertThrows(CliException.class, () -> new AgentOptionsBuilder().extra(List.of("x=1,y=2")).build());
    }

    @Test
    void extra_options_must_be_pairs_and_may_not_shadow_the_flags() {
        assertEquals("-A needs key=value, got 'verbose'",
                assertThrows(CliException.class, () -> new AgentOptionsBuilder().extra(List.of("verbose")).build())
                        .getMessage());
        assertEquals("use --k instead of -A k=…",
                assertThrows(CliException.class, () -> new AgentOptionsBuilder().extra(List.of("k=3")).build())
                        .getMessage());
    }

    @Test
    void no_profiler_at_all_is_an_error() {
        assertThrows(CliException.class, () -> new AgentOptionsBuilder().profilers(List.of(" ")).build());
    }

    @Test
    void the_whole_program_trace_is_written_to_loupe_trace_by_default() {
        assertEquals("profile=trace,out=loupe.trace", new AgentOptionsBuilder().profilers(List.of("trace")).build());
    }

    @Test
    void absint_is_a_flag_of_the_deps_profiler() {
        assertEquals("profile=deps,out=loupe.prof,deps.absint=true",
                new AgentOptionsBuilder().profilers(List.of("deps")).absint(true).build());
        CliException e = assertThrows(CliException.class,
                () -> new AgentOptionsBuilder().profilers(List.of("paths")).absint(true).build());
        assertEquals("--absint needs the deps profiler (--profile deps)", e.getMessage());
    }
}
