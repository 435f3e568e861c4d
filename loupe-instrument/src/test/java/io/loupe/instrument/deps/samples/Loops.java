package io.loupe.instrument.deps.samples;

/** Loops of every shape javac produces. */
public class Loops {

    public static int nested(int[][] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[i].length; j++) {
                s += a[i][j];
            }
        }
        return s;
    }

    public static int breakContinue(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i] < 0) {
                continue;
            }
            if (a[i] == 99) {
                break;
            }
            s += a[i];
        }
        return s;
    }

    public static int doWhile(int n) {
        do {
            n -= 3;
        } while (n > 0);
        return n;
    }

    public static int labeled(int[][] a) {
        int found = -1;
        outer:
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[i].length; j++) {
                if (a[i][j] == 0) {
                    found = i;
                    break outer;
                }
            }
        }
        return found;
    }

    public static int tryAroundLoop(int[] a) {
        int s = 0;
        try {
            for (int i = 0; i < a.length; i++) {
                s += 10 / a[i];
            }
        } catch (ArithmeticException e) {
            s = -1;
        }
        return s;
    }

    public static int tryInLoop(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            try {
                s += 10 / a[i];
            } catch (ArithmeticException e) {
                s--;
            }
        }
        return s;
    }

    public static int tryInInnerLoop(int[][] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[i].length; j++) {
                try {
                    s += 10 / a[i][j];
                } catch (ArithmeticException e) {
                    s--;
                }
            }
        }
        return s;
    }
}
