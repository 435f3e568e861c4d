package io.loupe.instrument;

import io.loupe.data.sink.RecordingSink;
import io.loupe.data.values.SiteKind;
import io.loupe.instrument.paths.PathSettings;
import io.loupe.instrument.values.ValueSettings;
import io.loupe.instrument.values.samples.Kinds;
import io.loupe.instrument.values.samples.LateBranches;
import io.loupe.instrument.values.samples.Locked;
import io.loupe.instrument.values.samples.LongLoops;
import io.loupe.instrument.values.samples.Shapes;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The instrumenter is a function of its input: the same class bytes, settings and id bases give
 * the same bytes, the same warnings and the same declarations to the sink, in the same order,
 * whatever was instrumented before (it keeps no state of its own between classes, and writes to
 * no global registry). Ids are the bases plus what the class itself reserves.
 */
class InstrumenterPurityProperties {

    private static final List<Class<?>> SAMPLES = List.of(Kinds.class, LateBranches.class, Locked.class, LongLoops.class,
            Shapes.class);
    private static final List<String> JDK = List.of("java/util/ArrayList", "java/util/HashMap",
            "java/util/concurrent/ConcurrentHashMap", "java/util/regex/Pattern", "java/lang/String");

    @Property(tries = 60)
    void sameInputSameOutput(@ForAll("classes") String name, @ForAll("settings") InstrumentSettings settings,
                             @ForAll @IntRange(max = 1 << 20) int base, @ForAll("classes") String before) throws IOException {
        byte[] original = bytes(name);
        List<String> warnings = new ArrayList<>();
        ClassInstrumenter instrumenter = new ClassInstrumenter(settings, warnings::add);
        RecordingSink first = sink(base);
        byte[] once = instrumenter.instrument(original, first);
        List<String> firstWarnings = List.copyOf(warnings);

        // the same instrumenter after another class: the same result
        instrumenter.instrument(bytes(before), new RecordingSink());
        warnings.clear();
        RecordingSink second = sink(base);
        assertArrayEquals(once, instrumenter.instrument(original, second), name + " under " + settings);
        assertEquals(firstWarnings, warnings);
        assertEquals(describe(first.events()), describe(second.events()), name + " under " + settings);

        // and a fresh one
        List<String> freshWarnings = new ArrayList<>();
        RecordingSink third = sink(base);
        assertArrayEquals(once, new ClassInstrumenter(settings, freshWarnings::add).instrument(original, third));
        assertEquals(firstWarnings, freshWarnings);
        assertEquals(describe(first.events()), describe(third.events()));
    }

    /** A sink whose ids start from bases derived from {@code base}, as if other classes came first. */
    private static RecordingSink sink(int base) {
        return new RecordingSink(base, base / 7, base, base, base / 3, base / 5);
    }

    @Provide
    Arbitrary<String> classes() {
        List<String> names = new ArrayList<>(JDK);
        SAMPLES.forEach(c -> names.add(c.getName().replace('.', '/')));
        return Arbitraries.of(names);
    }

    @Provide
    Arbitrary<InstrumentSettings> settings() {
        return Arbitraries.of(
                InstrumentSettings.paths(new PathSettings(1, 4096, true, false, false)),
                InstrumentSettings.paths(new PathSettings(4, 4096, false, false, true)),
                InstrumentSettings.paths(new PathSettings(1, 4096, false, true, false)),
                InstrumentSettings.values(ValueSettings.all()),
                InstrumentSettings.values(new ValueSettings(EnumSet.allOf(SiteKind.class), true)),
                InstrumentSettings.values(new ValueSettings(EnumSet.allOf(SiteKind.class), true, true, true)),
                new InstrumentSettings(new PathSettings(2, 4096, true, false, true), ValueSettings.all()),
                InstrumentSettings.depsAlone());
    }

    private static byte[] bytes(String internalName) throws IOException {
        try (InputStream in = Object.class.getResourceAsStream("/" + internalName + ".class")) {
            if (in != null) {
                return in.readAllBytes();
            }
        }
        try (InputStream in = InstrumenterPurityProperties.class.getResourceAsStream("/" + internalName + ".class")) {
            return in.readAllBytes();
        }
    }

    /** The declarations as text, records and arrays spelled out (a record's equals compares arrays by identity). */
    private static List<String> describe(List<RecordingSink.Event> events) {
        return events.stream().map(InstrumenterPurityProperties::describe).toList();
    }

    private static String describe(Object o) {
        if (o == null) {
            return "null";
        }
        if (o instanceof RecordingSink.DeferredRegisters d) {
            return "DeferredRegisters[" + d.firstLoop() + ", " + d.count() + "]";   // the source: an analysis to come
        }
        if (o.getClass().isRecord()) {
            StringBuilder b = new StringBuilder(o.getClass().getSimpleName()).append('[');
            for (RecordComponent c : o.getClass().getRecordComponents()) {
                try {
                    b.append(c.getName()).append('=').append(describe(c.getAccessor().invoke(o))).append(", ");
                } catch (ReflectiveOperationException e) {
                    throw new AssertionError(e);
                }
            }
            return b.append(']').toString();
        }
        if (o instanceof int[] a) {
            return Arrays.toString(a);
        }
        if (o instanceof long[] a) {
            return Arrays.toString(a);
        }
        if (o instanceof Object[] a) {
            return Arrays.stream(a).map(InstrumenterPurityProperties::describe).toList().toString();
        }
        if (o instanceof List<?> l) {
            return l.stream().map(InstrumenterPurityProperties::describe).toList().toString();
        }
        if (o instanceof Map<?, ?> m) {
            return m.toString();
        }
        return o.toString();
    }
}
