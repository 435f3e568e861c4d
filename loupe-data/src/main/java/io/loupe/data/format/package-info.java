/**
 * The versioned binary profile format: {@link ProfileWriter} writes a {@link io.loupe.data.Profile}
 * block by block, each with its checksum, and {@link ProfileReader} reads it back, distrusting
 * every byte, and has {@link ProfileValidator} check that it holds together; every defect becomes a
 * one-line {@link ProfileFormatException}. The layout is described in docs/profile-format.md.
 */
package io.loupe.data.format;
