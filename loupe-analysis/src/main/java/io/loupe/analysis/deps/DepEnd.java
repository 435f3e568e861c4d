package io.loupe.analysis.deps;

import io.loupe.data.deps.AccessSiteMeta;

import java.util.List;

/**
 * One end of a dependence: an access site and the context it ran in.
 *
 * @param site        the access instruction
 * @param contextNode its context node (camp), -1 in lamp mode
 * @param context     the context's path, outermost first (empty in lamp mode)
 */
public record DepEnd(AccessSiteMeta site, int contextNode, List<ContextEntry> context) {
}
