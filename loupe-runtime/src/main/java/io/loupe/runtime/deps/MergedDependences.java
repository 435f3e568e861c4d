package io.loupe.runtime.deps;

import io.loupe.data.deps.Dependence;
import io.loupe.runtime.seqlock.Seqlock;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Every thread's dependences merged (counts add up, relation bits OR), as a list that is computed
 * while it is read rather than held: the dump streams it to the file a block at a time, so a
 * profile of millions of dependences needs no memory in proportion to them. Reading it costs, per
 * entry of every thread's table, one probe of each other thread's table; nothing is boxed and no
 * table is copied.
 *
 * <p>Order: a dependence comes where the first thread that saw it (threads in creation order)
 * first saw it; its loops keep the order first seen, that thread's first. (The reader sorts
 * dependences by type and sites, so what a report shows does not depend on this order.)
 *
 * <p>A thread may still run while the dump reads its table (a daemon, a thread the program did not
 * wait for), and its table may grow under the read: an entry whose read fails is read again, and
 * after three failures left out, its thread named in {@link #partlyRead()}. Sequential reads
 * ({@link #iterator()}, or {@link #get} at increasing indexes) cost O(1) each; reading backwards
 * starts again from the first entry.
 */
final class MergedDependences extends AbstractList<Dependence> {

    private static final int ATTEMPTS = 3;
    /** Attempts of a live dump, each a state the tables had ({@link Seqlock#read}). */
    private static final int LIVE_ATTEMPTS = 100;

    private final List<DepThread> threads;
    private final Set<Integer> partlyRead;
    /** A live dump's: the tables' locks, every table's read under all of them; null at exit. */
    private final Seqlock[] locks;
    /** {@link #locks} with thread t's first, the one asked when it keeps changing; made once per thread. */
    private Seqlock[] ownerFirst;
    private int ownerFirstOf = -1;
    private int size = -1;

    // the cursor of get(i): the position it stands at and the entry that comes next
    private int position;
    private int thread;
    private int entry;

    /**
     * @param threads    every thread's state, in creation order
     * @param partlyRead receives the serials of threads an entry of which had to be left out
     */
    MergedDependences(List<DepThread> threads, Set<Integer> partlyRead, boolean live) {
        this.threads = List.copyOf(threads);
        this.partlyRead = partlyRead;
        this.locks = live ? this.threads.stream().map(t -> t.table.changes()).toArray(Seqlock[]::new) : null;
    }

    /**
     * {@code read} of thread {@code t}'s entry, tried again while it meets a table that grows; null,
     * with the thread named in {@link #partlyRead}, once the attempts are spent. At exit a read
     * that fails is one that met a change; a live dump reads under every table's lock, so what it
     * reads is a state the tables had (a relation bit or a count may be newer than another: each is
     * read at some moment of the read).
     */
    private Seqlock[] ownerFirst(int t) {
        if (ownerFirstOf != t) {   // the entries are read thread by thread
            ownerFirst = locks.clone();
            ownerFirst[0] = locks[t];
            ownerFirst[t] = locks[0];
            ownerFirstOf = t;
        }
        return ownerFirst;
    }

    private <T> T attempt(int t, Supplier<T> read) {
        if (locks != null) {
            T got = Seqlock.read(read, LIVE_ATTEMPTS, ownerFirst(t));
            if (got == null) {
                partlyRead.add(threads.get(t).id);
            }
            return got;
        }
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            try {
                return read.get();
            } catch (RuntimeException changing) {   // ConcurrentModificationException, an index past a grown array
                Thread.onSpinWait();
            }
        }
        partlyRead.add(threads.get(t).id);
        return null;
    }

    /** The threads an entry of which had to be left out so far. */
    Set<Integer> partlyRead() {
        return partlyRead;
    }

    /** The number of dependences, counted once by a pass that builds none (later growth is not seen). */
    @Override
    public int size() {
        if (size < 0) {
            int n = 0;
            for (int t = 0; t < threads.size(); t++) {
                DepTable table = threads.get(t).table;
                for (int e = 0, end = table.size(); e < end; e++) {
                    if (firstSeenHere(t, e) == Boolean.TRUE) {
                        n++;
                    }
                }
            }
            size = n;
        }
        return size;
    }

    @Override
    public Dependence get(int index) {
        if (index < 0) {
            throw new IndexOutOfBoundsException(index);
        }
        if (index < position) {
            position = 0;
            thread = 0;
            entry = 0;
        }
        while (true) {
            Dependence d = advance();
            if (d == null) {
                throw new IndexOutOfBoundsException(index);
            }
            if (position++ == index) {
                return d;
            }
        }
    }

    @Override
    public java.util.Iterator<Dependence> iterator() {
        return new java.util.Iterator<>() {
            private final MergedDependences cursor = new MergedDependences(threads, partlyRead, locks != null);
            private Dependence next = cursor.advance();

            @Override
            public boolean hasNext() {
                return next != null;
            }

            @Override
            public Dependence next() {
                if (next == null) {
                    throw new NoSuchElementException();
                }
                Dependence d = next;
                next = cursor.advance();
                return d;
            }
        };
    }

    /** The dependence at the cursor's entry, moving the cursor past it; null at the end. */
    private Dependence advance() {
        while (thread < threads.size()) {
            DepTable table = threads.get(thread).table;
            if (entry >= table.size()) {
                thread++;
                entry = 0;
                continue;
            }
            int e = entry++;
            if (firstSeenHere(thread, e) == Boolean.TRUE) {
                Dependence d = merged(thread, e);
                if (d != null) {
                    return d;
                }
            }
        }
        return null;
    }

    /**
     * TRUE if entry {@code e} of thread {@code t}'s table is the first sight of its key (no earlier
     * thread has it), FALSE if an earlier thread has it, null if it could not be read.
     */
    private Boolean firstSeenHere(int t, int e) {
        DepTable table = threads.get(t).table;
        return attempt(t, () -> {
            for (int u = 0; u < t; u++) {
                if (threads.get(u).table.find(table, e) >= 0) {
                    return Boolean.FALSE;
                }
            }
            return Boolean.TRUE;
        });
    }

    /** Entry {@code e} of thread {@code t} merged with what the later threads saw of its key, or null. */
    private Dependence merged(int t, int e) {
        return attempt(t, () -> read(t, e));
    }

    /** One attempt of {@link #merged}: may throw, or read a torn entry, if a table changes meanwhile. */
    private Dependence read(int t, int e) {
        DepTable table = threads.get(t).table;
        long count = table.count(e);
        int n = table.loops(e);
        int[] loops = new int[n];
        byte[] relations = new byte[n];
        for (int i = 0; i < n; i++) {
            loops[i] = table.loopKey(e, i);
            relations[i] = table.relation(e, i);
        }
        for (int v = t + 1; v < threads.size(); v++) {
            DepTable other = threads.get(v).table;
            int f = other.find(table, e);
            if (f < 0) {
                continue;
            }
            count += other.count(f);
            for (int i = 0, m = other.loops(f); i < m; i++) {
                int key = other.loopKey(f, i);
                int at = indexOf(loops, n, key);
                if (at >= 0) {
                    relations[at] |= other.relation(f, i);
                } else {
                    if (n == loops.length) {
                        loops = Arrays.copyOf(loops, Math.max(4, n * 2));
                        relations = Arrays.copyOf(relations, loops.length);
                    }
                    loops[n] = key;
                    relations[n++] = other.relation(f, i);
                }
            }
        }
        if (n != loops.length) {
            loops = Arrays.copyOf(loops, n);
            relations = Arrays.copyOf(relations, n);
        }
        return new Dependence(table.type(e), table.srcSite(e), table.srcContext(e), table.dstSite(e),
                table.dstContext(e), count, table.cross(e), loops, relations);
    }

    private static int indexOf(int[] keys, int n, int key) {
        for (int i = 0; i < n; i++) {
            if (keys[i] == key) {
                return i;
            }
        }
        return -1;
    }
}
