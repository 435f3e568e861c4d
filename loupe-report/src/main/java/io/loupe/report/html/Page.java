package io.loupe.report.html;

import io.loupe.report.Percent;

/**
 * The frame every page shares: the document head with the site's style and script (files of the
 * site, never fetched from elsewhere), a navigation back to the index, and the page's figures
 * written the same way everywhere.
 */
final class Page {

    private Page() {
    }

    /** Opens a page at {@code depth} (0 = the index) titled {@code title}. */
    static Html start(String title, int depth) {
        Html h = new Html();
        h.raw("<!DOCTYPE html>").nl().open("html", "lang", "en").nl().open("head").nl()
                .empty("meta", "charset", "utf-8").nl()
                .empty("meta", "name", "viewport", "content", "width=device-width, initial-scale=1").nl()
                .el("title", title + " · Loupe").nl()
                .empty("link", "rel", "stylesheet", "href", SiteFiles.from(depth, SiteFiles.ASSETS + "/loupe.css")).nl()
                .open("script", "src", SiteFiles.from(depth, SiteFiles.ASSETS + "/loupe.js"), "defer", "").close("script")
                .nl().close("head").nl().open("body").nl();
        h.open("header", "class", "top").open("nav", "aria-label", "site")
                .el("a", "Loupe report", "href", SiteFiles.from(depth, SiteFiles.INDEX), "class", "home")
                .close("nav").close("header").nl();
        h.open("main", "id", "main").nl();
        return h;
    }

    /** Closes a page. */
    static String end(Html h) {
        h.close("main").nl().open("footer").text("Loupe: precise dynamic analysis for the JVM. Every figure is "
                + "measured unless marked “est.” (an estimate).").close("footer").nl();
        return h.close("body").nl().close("html").nl().toString();
    }

    /** A count with thousands separators, its raw value in {@code data-n} (what tests and scripts read). */
    static void count(Html h, long n) {
        h.el("span", Percent.count(n), "class", "n", "data-n", Long.toString(n));
    }

    /** The mark beside an estimated figure. */
    static void estMark(Html h) {
        h.raw(" ").el("abbr", "est.", "class", "est",
                "title", "an estimate (convergent profiling credits the executions it did not profile)");
    }

    /** A share with one decimal, its raw value in {@code data-share}. */
    static void share(Html h, double share) {
        h.el("span", Double.isNaN(share) ? "–" : Percent.oneDecimal(share), "class", "share",
                "data-share", Double.isNaN(share) ? null : Double.toString(share));
    }

    /** {@code Tokenizer.java:41} for a place, without a line when it is -1. */
    static String place(String file, int line) {
        return line >= 0 ? file + ":" + line : file;
    }
}
