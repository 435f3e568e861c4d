package io.loupe.analysis.recovery;

/**
 * Sees each op as the recovery runs it over a thread's replay, and the heap locations it touches:
 * what a dynamic slice (io.loupe.analysis.slice) needs beside the dependences. A location is a
 * pair of longs: with checks a generation ({@code thread << 40 | number}, 0), with addresses an
 * object and a field or element, for a static field its (negative) id and 0. A location that a
 * store ends (a generation it replaces) is named so that the observer can forget it.
 */
public interface OpObserver {

    /** Op {@code op} of the running activation's method begins. */
    void op(int op);

    /** The op reads location ({@code a}, {@code b}). */
    void read(long a, long b);

    /** The op writes location ({@code a}, {@code b}), ending location ({@code ended}, 0) if it is not -1. */
    void write(long ended, long a, long b);

    /** The op ends; {@code ran} is false if its access threw and touched nothing. */
    void done(boolean ran);

    /**
     * At the end of a thread's trace (a killed run's, or a thread still running at exit), the
     * running activation, which never ended, has run its last ops: the next are its caller's.
     */
    void closed();
}
