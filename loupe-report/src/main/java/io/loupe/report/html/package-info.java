/**
 * The HTML report: a static site (no server, no network: every script and style is a file of the
 * site) that shows a program's profiles by source, each loop with everything known of it in one
 * page. It reads the analysis objects of {@link io.loupe.analysis.view.ProgramView} (the same the
 * text and JSON reports read) and computes no figure of its own. docs/html-report.md describes the
 * pages.
 */
package io.loupe.report.html;
