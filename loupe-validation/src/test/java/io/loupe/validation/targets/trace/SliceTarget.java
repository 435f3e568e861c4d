package io.loupe.validation.targets.trace;

/**
 * Dynamic slices known by hand (SliceValidationTest). A line marked {@code //# a b} is in the
 * slices named a and b; {@code //! a} is the line slice a is of. Pointers that sometimes alias, a
 * data-dependent index, a call passing an array, a loop, an exception, a thread.
 */
public final class SliceTarget {

    static int[] shared = new int[1];                  //# thread

    static final class Box {
        int v;
    }

    private SliceTarget() {
    }

    public static void main(String[] args) throws InterruptedException {
        int[] arr = new int[4];                        //# index exception
        System.out.println(aliasing(2));               //# alias1
        System.out.println(aliasing(3));               //# alias2
        System.out.println(indices(arr, 2));           //# index
        System.out.println(calls());                   //# calls
        System.out.println(loops(5));                  //# loops
        System.out.println(exceptions(arr, 9));        //# exception
        System.out.println(threads());                 //# thread
    }

    static int aliasing(int k) {
        Box p = new Box();                             //# alias1 alias2
        Box q = new Box();
        Box r = k % 2 == 0 ? p : q;                    //# alias1
        p.v = 10;                                      //# alias1 alias2
        q.v = 20;
        r.v += 1;                                      //# alias1
        int x = p.v;                                   //! alias1 alias2
        return x;
    }

    static int indices(int[] a, int i) {
        a[i] = 5;                                      //# index
        a[(i + 1) % a.length] = 7;
        int j = a[i] > 4 ? i : 0;                      //# index
        return a[j];                                   //! index
    }

    static void fill(int[] b, int v) {
        for (int k = 0; k < b.length; k++) {           //# calls
            b[k] = v * k;                              //# calls
        }
    }

    static int calls() {
        int[] b = new int[3];                          //# calls
        int unused = 9;
        fill(b, 4);                                    //# calls
        return b[2] + 1;                               //! calls
    }

    static int loops(int n) {
        int sum = 0;                                   //# loops
        int prod = 1;
        for (int i = 0; i < n; i++) {                  //# loops
            sum += i;                                  //# loops
            prod *= 2;
        }
        return sum;                                    //! loops
    }

    static int exceptions(int[] a, int i) {
        int r = 1;
        int s = 2;
        try {
            r = a[i];                                  //# exception
            s = 3;
        } catch (ArrayIndexOutOfBoundsException e) {
            r = -1;                                    //# exception
        }
        s++;
        return r;                                      //! exception
    }

    static int threads() throws InterruptedException {
        Thread t = new Thread(() -> {
            int w = 6 * 7;                             //# thread
            shared[0] = w;                             //# thread
        }, "worker");
        t.start();
        t.join();
        return shared[0];                              //! thread
    }
}
