/**
 * Graph algorithms shared by the instrumenter and the analyses: {@link StrongComponents}, Tarjan's
 * strongly connected components computed without recursion (cycles of control flow, and of
 * local-variable data flow).
 */
package io.loupe.data.graph;
