/**
 * Reports of profiles: {@link TextReport} for people and {@link JsonReport} for machines,
 * {@link DepsDotGraph} for one loop's dependence graph in Graphviz DOT, and {@link DiffTextReport}
 * and {@link DiffJsonReport} for two profiles compared. The JSON fields are documented in
 * loupe-report/README.md.
 */
package io.loupe.report;
