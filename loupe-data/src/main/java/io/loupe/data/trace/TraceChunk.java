package io.loupe.data.trace;

/**
 * One chunk of a thread's trace: a grammar that derives the chunk's terminals (indices into the
 * thread's dictionary), as the runtime compressed them online.
 *
 * @param events  terminals the grammar derives
 * @param grammar the chunk's grammar
 * @param bytes   the chunk's size in the file, its dictionary additions included
 */
public record TraceChunk(long events, Grammar grammar, long bytes) {
}
