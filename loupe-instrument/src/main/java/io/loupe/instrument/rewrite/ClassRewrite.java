package io.loupe.instrument.rewrite;

import io.loupe.data.sink.InstrumentationSink;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

import java.util.function.Consumer;

/**
 * One profiler's part in rewriting one class. The driver ({@code io.loupe.instrument.ClassInstrumenter})
 * owns the protocol every profiler shares, and a profiler brings only what is its own:
 * <ol>
 *   <li><b>Plan</b>, once, from the original bytes (each profiler's factory): find the sites,
 *   reserve their ids from the sink, and declare what no try can change (site metadata). Ids are
 *   then a function of the class bytes and the sink's bases, whatever the tries do.</li>
 *   <li><b>Tries</b>, each on a fresh tree of the original bytes: {@link #begin}, then for every
 *   method with code, in order, {@link #rewrite} or {@link #leftAlone}, then {@link #finish}.
 *   The driver writes the class, gives {@link #lessenAfterWriting} a look at the bytes, and checks
 *   the rewritten methods. A method whose rewrite throws, grows past 64 KiB or fails the check is
 *   retried in a lesser form if a profiler offers one ({@link #lessen}), or else left exactly as it
 *   was, with one warning; the tree may be half-edited, so the next try starts from the bytes.</li>
 *   <li><b>Declare</b>, after the try that is kept: what depends on that try ({@link #declare}).</li>
 * </ol>
 * Methods are named by {@code j}, their index among the class's methods with code (neither
 * abstract nor native), which is the same in every try.
 */
public interface ClassRewrite {

    /** Starts a try on {@code cn}, a fresh tree of the original bytes. */
    void begin(ClassNode cn);

    /**
     * Puts this profiler's probes into method {@code j} of the try's tree; true if it changed it.
     * A {@link RuntimeException} leaves the method alone (in every profiler) from the next try on.
     */
    boolean rewrite(int j, MethodNode m);

    /** Method {@code j} stays as it was in this try. */
    default void leftAlone(int j, MethodNode m) {
    }

    /**
     * After the last method: adds what the class itself needs (fields, helper methods), naming in
     * {@code added} (name + descriptor) each method it adds; true if it changed the class.
     */
    default boolean finish(Consumer<String> added) {
        return false;
    }

    /**
     * The written class, before it is checked: a method ({@code j}) whose rewrite costs more than it
     * should and must be {@linkplain #lessen lessened}, or -1.
     */
    default int lessenAfterWriting(byte[] bytes) {
        return -1;
    }

    /**
     * Whether method {@code j}, too large as rewritten, can be rewritten with less; if so, every
     * later try does that.
     */
    default boolean lessen(int j) {
        return false;
    }

    /** After the try that is kept: declares to {@code sink} what that try decided. */
    default void declare(InstrumentationSink sink) {
    }
}
