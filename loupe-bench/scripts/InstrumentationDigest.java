import io.loupe.data.sink.RecordingSink;
import io.loupe.data.values.SiteKind;
import io.loupe.instrument.ClassInstrumenter;
import io.loupe.instrument.InstrumentSettings;
import io.loupe.instrument.deps.ShadowFields;
import io.loupe.instrument.paths.PathSettings;
import io.loupe.instrument.values.ValueSettings;

import java.lang.reflect.Array;
import java.lang.reflect.RecordComponent;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Instruments every class of the given jars with one setting, with no runtime, and prints one
 * line: how many classes, how many changed, how many the instrumenter threw on, and a digest of
 * every class's instrumented bytes, warnings and declarations to the sink (sorted, so declarations
 * of different kinds may change order). Used by instrumentation-unchanged.sh; compiled against
 * the loupe-instrument and loupe-data classes of the build it digests.
 *
 *   java -cp CLASSES InstrumentationDigest SETTING JAR[:JAR…] [--per-class]
 */
public final class InstrumentationDigest {

    public static void main(String[] args) throws Exception {
        InstrumentSettings settings = settings(args[0]);
        boolean perClass = args.length > 2 && args[2].equals("--per-class");
        MessageDigest total = MessageDigest.getInstance("SHA-256");
        int classes = 0, changed = 0, threw = 0;
        for (String jar : args[1].split(":")) {
            try (ZipFile zip = new ZipFile(jar)) {
                List<? extends ZipEntry> entries = new ArrayList<>(Collections.list(zip.entries()));
                entries.sort(Comparator.comparing(ZipEntry::getName));
                for (ZipEntry e : entries) {
                    String name = e.getName();
                    if (!name.endsWith(".class") || name.startsWith("META-INF/") || name.endsWith("module-info.class")) {
                        continue;
                    }
                    byte[] original = zip.getInputStream(e).readAllBytes();
                    List<String> warnings = new ArrayList<>();
                    RecordingSink sink = new RecordingSink();
                    // the shadow field goes to the topmost classes of one package tree: both kinds of class occur
                    ClassInstrumenter instrumenter = new ClassInstrumenter(settings, warnings::add,
                            ShadowFields.topmost(n -> n.startsWith("org/apache/")));
                    StringBuilder text = new StringBuilder();
                    try {
                        byte[] out = instrumenter.instrument(original, sink);
                        text.append(out == null ? "unchanged" : HexFormat.of().formatHex(sha(out)));
                        changed += out == null ? 0 : 1;
                    } catch (Throwable t) {
                        text.append("threw ").append(t.getClass().getName());
                        threw++;
                    }
                    text.append('\n').append(String.join("\n", warnings)).append('\n');
                    List<String> events = new ArrayList<>();
                    for (Object event : sink.events()) {
                        events.add(format(event));
                    }
                    Collections.sort(events);
                    text.append(String.join("\n", events));
                    byte[] digest = sha(text.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                    total.update(digest);
                    if (perClass) {
                        System.out.println(name + " " + HexFormat.of().formatHex(digest, 0, 8));
                    }
                    classes++;
                }
            }
        }
        System.out.printf("%s classes=%d changed=%d threw=%d digest=%s%n", args[0], classes, changed, threw,
                HexFormat.of().formatHex(total.digest(), 0, 8));
    }

    static InstrumentSettings settings(String name) {
        ValueSettings all = new ValueSettings(EnumSet.allOf(SiteKind.class), false, false);
        ValueSettings convergent = new ValueSettings(EnumSet.allOf(SiteKind.class), true, true, true);
        return switch (name) {
            case "blpp" -> InstrumentSettings.paths(new PathSettings(1, 4096, false, false, false));
            case "k4" -> InstrumentSettings.paths(new PathSettings(4, 4096, false, false, true));
            case "blocktrace" -> InstrumentSettings.paths(new PathSettings(1, 4096, false, true, false));
            case "values" -> InstrumentSettings.values(all);
            case "values-conv" -> InstrumentSettings.values(convergent);
            case "values-conv-unfrozen" -> InstrumentSettings.values(new ValueSettings(EnumSet.allOf(SiteKind.class), true, true, false));
            case "values-conv-huge" -> InstrumentSettings.values(convergent).hugeMethodsCompiled(true);
            case "paths-values" -> new InstrumentSettings(new PathSettings(2, 4096, false, false, true),
                    new ValueSettings(EnumSet.allOf(SiteKind.class), true, true));
            case "deps" -> InstrumentSettings.depsAlone();
            case "deps-huge" -> InstrumentSettings.depsAlone().hugeMethodsCompiled(true);
            default -> throw new IllegalArgumentException("unknown setting " + name);
        };
    }

    private static byte[] sha(byte[] bytes) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(bytes);
    }

    /** A declaration as text: records by their components, arrays and collections by their elements. */
    private static String format(Object o) throws Exception {
        if (o == null) {
            return "null";
        }
        StringBuilder s = new StringBuilder();
        if (o.getClass().isArray()) {
            s.append('[');
            for (int i = 0; i < Array.getLength(o); i++) {
                s.append(format(Array.get(o, i))).append(',');
            }
            return s.append(']').toString();
        }
        if (o instanceof Collection<?> c) {
            s.append('[');
            for (Object x : c) {
                s.append(format(x)).append(',');
            }
            return s.append(']').toString();
        }
        if (o instanceof Map<?, ?> m) {
            s.append('{');
            for (Map.Entry<?, ?> x : m.entrySet()) {
                s.append(format(x.getKey())).append('=').append(format(x.getValue())).append(',');
            }
            return s.append('}').toString();
        }
        if (o.getClass().isRecord()) {
            s.append(o.getClass().getSimpleName()).append('(');
            for (RecordComponent rc : o.getClass().getRecordComponents()) {
                s.append(rc.getName()).append('=').append(format(rc.getAccessor().invoke(o))).append(' ');
            }
            return s.append(')').toString();
        }
        if (o instanceof Number || o instanceof CharSequence || o instanceof Boolean || o instanceof Enum<?>
                || o instanceof Character) {
            return o.toString();
        }
        return o.getClass().getSimpleName();   // e.g. a LoopRegisterSource: its kind, not its identity
    }
}
