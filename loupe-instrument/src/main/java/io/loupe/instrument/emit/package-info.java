/**
 * The bytecode toolkit every profiler's inserter uses: {@link FrameLocals} appends Loupe's locals
 * to stack map frames, {@link Trampolines} holds probe code appended after a method's own, and
 * {@link HandlerPrefixes} places code inserted at a handler's start where HotSpot's compilers
 * accept it; {@link CompressedFrames} and {@link CodeSizes} serve the written class. See
 * docs/architecture.md, <i>Path profiling: where and how</i>, items 7, 10, 11 and 14.
 */
package io.loupe.instrument.emit;
