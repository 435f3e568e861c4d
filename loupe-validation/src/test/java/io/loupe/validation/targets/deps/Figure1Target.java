package io.loupe.validation.targets.deps;

/**
 * CAMP's Figure 1 in Java: {@code work} runs loop L2 over a cell it creates itself, then touches a
 * cell shared by every call. The same two accessor methods see both cells, so only their calling
 * context tells the dependence carried by L2 (through the private cell) from the one carried by
 * L1 (through the shared cell). Lines marked {@code // @name} are looked up by the test.
 */
public final class Figure1Target {

    private final Cell cell = new Cell();

    public static void main(String[] args) {
        Figure1Target t = new Figure1Target();
        for (int i = 0; i < 10; i++) {          // @L1
            t.work(i);                          // @CS2
        }
        System.out.println("shared " + t.cell.get());
    }

    void work(int i) {
        Cell c = new Cell();
        for (int j = 0; j < 10; j++) {          // @L2
            int v = c.get();                    // @CS1
            c.set(v + j);                       // @CS3
        }
        int w = cell.get();                     // @CS4
        cell.set(w + i);                        // @CS6
    }

    static final class Cell {
        private int v;

        int get() {
            return v;                           // @get
        }

        void set(int x) {
            v = x;                              // @set
        }
    }
}
