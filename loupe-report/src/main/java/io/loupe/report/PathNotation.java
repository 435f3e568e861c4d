package io.loupe.report;

import io.loupe.analysis.paths.DecodedPath;
import io.loupe.analysis.summary.MethodProfile;
import io.loupe.data.meta.BlockMeta;

import java.util.ArrayList;
import java.util.List;

/**
 * How the text report writes a decoded path: where it starts, the source lines it runs through,
 * how it ends. {@code entry → 3 4 6 → exit} runs from the method's entry to a return or throw;
 * {@code loop → 12 13 15 ⟲12} starts at a loop header and ends at the back edge to line 12;
 * {@code handler →} starts where an exception lands; {@code cut} marks the ends of a path split at
 * an edge cut only to keep path ids in an int.
 */
final class PathNotation {

    private PathNotation() {
    }

    /** The tokens of a path: start tag, lines (or blocks when the class has no line table), end tag. */
    static List<String> tokens(MethodProfile method, DecodedPath path) {
        List<String> tokens = new ArrayList<>();
        tokens.add(switch (path.start()) {
            case METHOD_ENTRY -> "entry →";
            case LOOP_ENTRY -> "loop →";
            case HANDLER_ENTRY -> "handler →";
            case CUT_ENTRY -> "cut →";
            default -> path.start().name() + " →";
        });
        if (path.lines().length > 0) {
            for (int line : path.lines()) {
                tokens.add(Integer.toString(line));
            }
        } else {
            for (int block : path.blocks()) {
                tokens.add("#" + block);
            }
        }
        tokens.add(switch (path.end()) {
            case METHOD_EXIT -> "→ exit";
            case LOOP_EXIT -> "⟲" + headerLine(method, path);
            case CUT_EXIT -> "→ cut";
            default -> "→ " + path.end().name();
        });
        return tokens;
    }

    /** The first line of the loop header a back edge returns to ("" when unknown). */
    private static String headerLine(MethodProfile method, DecodedPath path) {
        if (path.loopHeader() < 0) {
            return "";
        }
        BlockMeta header = method.meta().blocks().get(path.loopHeader());
        if (header.lines().length > 0) {
            return Integer.toString(header.lines()[0]);
        }
        return "#" + path.loopHeader();
    }
}
