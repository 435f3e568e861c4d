package io.loupe.instrument.trace.samples;

/** Loads a trace's checks leave free, and loads that look alike but are not (FreeLoadsTest). */
public final class Reloads {

    int value;
    Reloads next;
    static int global;

    /** The second read of a.value, and of s[k], are free. */
    static int twice(Reloads a, int[] s, int k) {
        return a.value * a.value + s[k] + s[k];
    }

    /** A field read after its store through the same reference is free; so is a.next read again, and its value. */
    static int afterStore(Reloads a, int v) {
        a.next.value = v;
        return a.next.value;
    }

    /** Another reference, another index, a call, a store between: not free; a local assigned another's: free of it. */
    static int notFree(Reloads a, Reloads b, int[] s, int k) {
        int x = a.value + b.value;          // another reference
        x += s[k] + s[k + 1];               // another index
        x += a.value;                       // free: nothing between wrote a field 'value'
        b.value = x;                        // a store of 'value' into any object
        x += a.value;                       // not free
        x += s[k];                          // free: no array store since s[k]
        s[0] = x;                           // an array store
        x += s[k];                          // not free
        a = b;
        x += a.value;                       // free: a holds b, whose value the store above wrote
        x += a.value + Math.abs(x);         // free, then the call forgets everything
        x += a.value + global;              // not free after the call
        return x + a.value;                 // getstatic may run a static initializer: not free
    }

    /** A long parameter incremented inside an expression ({@code dup2} of a long) between two loads of a.value. */
    static int longCounter(Reloads a, long n) {
        int x = a.value;
        long low = n++ & 3;                 // lload, dup2 on an empty stack
        return x + a.value + (int) low;     // free
    }

    /** Loads in different blocks are not free of each other. */
    static int acrossBlocks(Reloads a, boolean c) {
        int x = a.value;
        if (c) {
            x += a.value;
        }
        return x;
    }
}
