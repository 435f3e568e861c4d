package io.loupe.report.html;

import io.loupe.analysis.view.LoopView;
import io.loupe.analysis.view.SourceFileView;

/**
 * Where each page of the site lies, relative to the site's root, and links between them. Every
 * page but the index is one directory down, so its links to others start with {@code ../}; a site
 * moved or copied elsewhere keeps working.
 */
final class SiteFiles {

    static final String INDEX = "index.html";
    static final String ASSETS = "assets";

    private SiteFiles() {
    }

    /** {@code files/io.loupe.examples.Tokenizer.java.html}. */
    static String file(SourceFileView f) {
        return "files/" + f.path().replace('/', '.') + ".html";
    }

    /** {@code loops/loop-12.html}. */
    static String loop(LoopView l) {
        return "loops/loop-" + l.id() + ".html";
    }

    /** The anchor of a source line in a file page. */
    static String line(int line) {
        return "L" + line;
    }

    /** A link from a page at {@code depth} (0 = the index) to {@code target}, a path from the root. */
    static String from(int depth, String target) {
        return "../".repeat(depth) + target;
    }
}
