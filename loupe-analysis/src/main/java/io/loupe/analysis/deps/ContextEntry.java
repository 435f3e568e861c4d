package io.loupe.analysis.deps;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * One step of a context path (camp mode): a call made at a call site, or a loop.
 *
 * @param kind      call or loop
 * @param className binary class name with dots of the method holding the call or loop
 * @param method    that method's name and descriptor
 * @param line      for a call, the line of the call instruction; for a loop, its header line; -1 when unknown
 * @param recursion for a loop: true if it is the pseudo-loop of a recursion (its class, method and
 *                  line are those of the call the recursion was entered through)
 */
public record ContextEntry(Kind kind, String className, String method, int line, boolean recursion) {

    /** An entry that is no recursion pseudo-loop. */
    public ContextEntry(Kind kind, String className, String method, int line) {
        this(kind, className, method, line, false);
    }

    /** {@code call}, {@code loop} or, for a recursion's pseudo-loop, {@code recursion}: as text reports print it. */
    public String label() {
        return recursion ? "recursion" : kind.label();
    }

    /** What a context entry stands for. */
    public enum Kind {
        /** A call made at a call site. */
        CALL,
        /** A loop (or the pseudo-loop of a recursive call). */
        LOOP;

        /** {@code call} or {@code loop}, as reports print it. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** By class, method, line, then kind. */
    public static final Comparator<ContextEntry> ORDER = Comparator.comparing(ContextEntry::className)
            .thenComparing(ContextEntry::method).thenComparingInt(ContextEntry::line)
            .thenComparing(ContextEntry::kind);

    /** Paths entry by entry, outermost first; a path before any longer path it begins. */
    public static final Comparator<List<ContextEntry>> PATH_ORDER = (a, b) -> {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = ORDER.compare(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    };

    /** {@code call Owner.m(I)V:12}, {@code loop Owner.m(I)V:10} or {@code recursion Owner.m(I)V:14}, for people. */
    @Override
    public String toString() {
        return label() + " " + className + "." + method + ":" + line;
    }
}
