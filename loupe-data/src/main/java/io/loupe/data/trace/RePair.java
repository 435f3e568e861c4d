package io.loupe.data.trace;

import java.util.Arrays;

/**
 * The "enhanced Sequitur" of Tallam and Gupta (TACO 2007, §4.2, Fig. 14), offline: the most
 * frequent digram of the sequence is replaced first, by a new rule, everywhere it occurs; then the
 * next most frequent, until no digram occurs twice; rules used only once are then inlined (rule
 * utility). That is Re-Pair (Larsson and Moffat, <i>Offline dictionary-based compression</i>,
 * DCC 1999), which the paper does not cite, and it is built as Re-Pair is, in linear time:
 * <ul>
 *   <li>every position of the sequence is in a doubly linked list of the live positions, and in
 *   the occurrence list of the digram it starts;</li>
 *   <li>digrams wait in a priority queue of buckets by count. A replacement only creates digrams
 *   that contain the new rule, each at most as often as the digram replaced, so the highest
 *   non-empty bucket only moves down and finding the next digram costs nothing in total.</li>
 * </ul>
 * Counts are of non-overlapping occurrences ({@code aaa} holds one {@code aa}). The lists hold
 * overlapping occurrences too; a digram of two equal symbols, whose count may then be too high,
 * is counted exactly (its occurrences sorted) when it reaches the top of the queue, and put back
 * with its exact count if that is lower. Only such digrams cost more than linear time, and a trace
 * whose repetitions of one path are runs has few.
 *
 * <p>Ties between digrams of equal count go to the one that reached its count last; the result is
 * a function of the input alone.
 */
public final class RePair {

    private static final int NONE = -1;
    private static final int GONE = -1;   // the symbol of a position a replacement removed

    private final int terminals;   // symbols below are terminals; rule r is symbol terminals + r
    private final int[] s;
    private final int[] next;
    private final int[] prev;
    private final int[] occNext;   // the next occurrence of the digram a position starts
    private final int[] occPrev;

    private final DigramIndex index = new DigramIndex();
    private long[] key = new long[1024];
    private int[] head = new int[1024];       // first occurrence, or NONE
    private int[] count = new int[1024];      // occurrences in the list
    private int[] queued = new int[1024];     // the bucket it waits in, 0 if none
    private boolean[] exact = new boolean[1024];   // a digram of equal symbols: counted since its list last changed
    private int[] exactCount = new int[1024];
    private int[] bucketNext = new int[1024];
    private int[] bucketPrev = new int[1024];
    private int records;
    private final int[] bucket;
    private int replacing = NONE;   // the record being replaced: kept out of the queue
    private int top;                // no bucket above it holds a digram

    private int[] left = new int[64];    // rule r → its body
    private int[] right = new int[64];
    private int rules;

    private RePair(int[] input) {
        int max = -1;
        for (int t : input) {
            if (t < 0) {
                throw new IllegalArgumentException("terminals are ≥ 0: " + t);
            }
            max = Math.max(max, t);
        }
        terminals = max + 1;
        int n = input.length;
        s = input.clone();
        next = new int[n];
        prev = new int[n];
        occNext = new int[n];
        occPrev = new int[n];
        for (int i = 0; i < n; i++) {
            next[i] = i + 1 < n ? i + 1 : NONE;
            prev[i] = i - 1;
        }
        bucket = new int[n + 1];
        Arrays.fill(bucket, NONE);
    }

    /** The grammar of {@code input} (terminals ≥ 0). */
    public static Grammar compress(int[] input) {
        RePair r = new RePair(input);
        r.run();
        return r.grammar();
    }

    private void run() {
        int n = s.length;
        for (int i = 0; i + 1 < n; i++) {
            addOccurrence(i);
        }
        top = n;
        while (true) {
            while (top >= 2 && bucket[top] == NONE) {
                top--;
            }
            if (top < 2) {
                return;
            }
            int r = bucket[top];
            int a = (int) (key[r] >>> 32);
            int b = (int) key[r];
            int[] at = occurrences(r);
            if (a == b && !exact[r]) {
                Arrays.sort(at);
                exactCount[r] = nonOverlapping(at);
                exact[r] = true;
                requeue(r);
                continue;   // with its exact count it may no longer be the most frequent
            }
            if (a == b) {
                Arrays.sort(at);   // left to right, so that overlapping occurrences go as they were counted
            }
            replace(r, a, b, at);
        }
    }

    /** Replaces every occurrence of digram {@code r} = ({@code a}, {@code b}) at {@code at} by a new rule. */
    private void replace(int r, int a, int b, int[] at) {
        dequeue(r);
        replacing = r;
        int rule = newRule(a, b);
        int symbol = terminals + rule;
        for (int p : at) {
            int j = next[p];
            if (s[p] != a || j == NONE || s[j] != b) {
                continue;   // taken by the previous replacement (a digram of equal symbols)
            }
            int before = prev[p];
            int after = next[j];
            if (before != NONE) {
                removeOccurrence(before);
            }
            removeOccurrence(p);
            if (after != NONE) {
                removeOccurrence(j);
            }
            s[p] = symbol;
            s[j] = GONE;
            next[p] = after;
            if (after != NONE) {
                prev[after] = p;
            }
            if (before != NONE) {
                addOccurrence(before);
            }
            if (after != NONE) {
                addOccurrence(p);
            }
        }
        replacing = NONE;
        if (count[r] != 0) {
            throw new IllegalStateException("digram " + a + "," + b + " left " + count[r] + " occurrences");
        }
    }

    /** How many of the sorted occurrences {@code at} of a digram of equal symbols do not overlap the one before. */
    private int nonOverlapping(int[] at) {
        int taken = 0;
        int last = NONE;
        for (int p : at) {
            if (last == NONE || next[last] != p) {
                taken++;
                last = p;
            }
        }
        return taken;
    }

    private int[] occurrences(int r) {
        int[] at = new int[count[r]];
        int k = 0;
        for (int p = head[r]; p != NONE; p = occNext[p]) {
            at[k++] = p;
        }
        return at;
    }

    // ---- occurrence lists ----

    private long digram(int p) {
        return ((long) s[p] << 32) | (s[next[p]] & 0xffffffffL);
    }

    private void addOccurrence(int p) {
        long k = digram(p);
        int r = index.get(k);
        if (r == DigramIndex.MISSING) {
            r = newRecord(k);
            index.put(k, r);
        }
        int h = head[r];
        occNext[p] = h;
        occPrev[p] = NONE;
        if (h != NONE) {
            occPrev[h] = p;
        }
        head[r] = p;
        count[r]++;
        changed(r);
    }

    private void removeOccurrence(int p) {
        int r = index.get(digram(p));
        int n = occNext[p];
        int q = occPrev[p];
        if (q != NONE) {
            occNext[q] = n;
        } else {
            head[r] = n;
        }
        if (n != NONE) {
            occPrev[n] = q;
        }
        count[r]--;
        changed(r);
    }

    private void changed(int r) {
        exact[r] = false;
        if (r != replacing) {
            requeue(r);
        }
    }

    // ---- the priority queue ----

    /** What the queue ranks a digram by: its count, exact for equal symbols once counted. */
    private int priority(int r) {
        return exact[r] ? exactCount[r] : count[r];
    }

    private void requeue(int r) {
        int c = priority(r);
        if (queued[r] == c || (queued[r] == 0 && c < 2)) {
            return;
        }
        dequeue(r);
        if (c >= 2) {
            top = Math.max(top, c);   // never happens (see the class comment); cheap to be sure
            int h = bucket[c];
            bucketNext[r] = h;
            bucketPrev[r] = NONE;
            if (h != NONE) {
                bucketPrev[h] = r;
            }
            bucket[c] = r;
            queued[r] = c;
        }
    }

    private void dequeue(int r) {
        int c = queued[r];
        if (c == 0) {
            return;
        }
        int n = bucketNext[r];
        int q = bucketPrev[r];
        if (q != NONE) {
            bucketNext[q] = n;
        } else {
            bucket[c] = n;
        }
        if (n != NONE) {
            bucketPrev[n] = q;
        }
        queued[r] = 0;
    }

    // ---- storage ----

    private int newRecord(long k) {
        if (records == key.length) {
            int size = records * 2;
            key = Arrays.copyOf(key, size);
            head = Arrays.copyOf(head, size);
            count = Arrays.copyOf(count, size);
            queued = Arrays.copyOf(queued, size);
            exact = Arrays.copyOf(exact, size);
            exactCount = Arrays.copyOf(exactCount, size);
            bucketNext = Arrays.copyOf(bucketNext, size);
            bucketPrev = Arrays.copyOf(bucketPrev, size);
        }
        int r = records++;
        key[r] = k;
        head[r] = NONE;
        return r;
    }

    private int newRule(int a, int b) {
        if (rules == left.length) {
            left = Arrays.copyOf(left, rules * 2);
            right = Arrays.copyOf(right, rules * 2);
        }
        if ((long) terminals + rules >= Integer.MAX_VALUE) {
            throw new IllegalStateException("too many symbols");
        }
        left[rules] = a;
        right[rules] = b;
        return rules++;
    }

    // ---- the grammar ----

    /**
     * The sequence left is the start rule; rules used once are inlined where they are used (a rule
     * only uses older rules, so in order of creation every body it inlines is final), and the rest
     * numbered as {@link Sequitur#grammar} numbers them.
     */
    private Grammar grammar() {
        int[] uses = new int[rules];
        for (int r = 0; r < rules; r++) {
            use(left[r], uses);
            use(right[r], uses);
        }
        int start = s.length == 0 ? NONE : 0;   // position 0 is never removed: a replacement removes the second of two
        int length = 0;
        for (int p = start; p != NONE; p = next[p]) {
            use(s[p], uses);
            length++;
        }
        int[][] body = new int[rules][];
        for (int r = 0; r < rules; r++) {
            body[r] = inline(new int[] {left[r], right[r]}, body, uses);
        }
        int[] sequence = new int[length];
        int k = 0;
        for (int p = start; p != NONE; p = next[p]) {
            sequence[k++] = s[p];
        }
        sequence = inline(sequence, body, uses);
        // number the rules kept (used twice or more) breadth-first from the start rule
        int[] number = new int[rules];
        Arrays.fill(number, NONE);
        int[][] bodies = new int[rules + 1][];
        bodies[0] = sequence;
        int count = 1;
        for (int i = 0; i < count; i++) {
            int[] b = bodies[i];
            for (int j = 0; j < b.length; j++) {
                int x = b[j];
                if (x < terminals) {
                    continue;
                }
                int r = x - terminals;
                if (number[r] == NONE) {
                    number[r] = count;
                    bodies[count] = body[r].clone();
                    count++;
                }
                b[j] = Grammar.rule(number[r]);
            }
        }
        return new Grammar(Arrays.copyOf(bodies, count));
    }

    private void use(int symbol, int[] uses) {
        if (symbol >= terminals) {
            uses[symbol - terminals]++;
        }
    }

    /** {@code symbols} with every use of a rule used once replaced by that rule's (final) body. */
    private int[] inline(int[] symbols, int[][] body, int[] uses) {
        int n = 0;
        for (int x : symbols) {
            n += x >= terminals && uses[x - terminals] == 1 ? body[x - terminals].length : 1;
        }
        if (n == symbols.length) {
            return symbols;
        }
        int[] out = new int[n];
        int k = 0;
        for (int x : symbols) {
            if (x >= terminals && uses[x - terminals] == 1) {
                int[] b = body[x - terminals];
                System.arraycopy(b, 0, out, k, b.length);
                k += b.length;
            } else {
                out[k++] = x;
            }
        }
        return out;
    }
}
