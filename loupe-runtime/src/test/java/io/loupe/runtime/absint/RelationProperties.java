package io.loupe.runtime.absint;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The relation lattice's laws, over every pair and triple of its seven elements, and the soundness
 * of its converse and composition against concrete values.
 */
class RelationProperties {

    @Property
    void joinAndMeetAreTheBounds(@ForAll Relation a, @ForAll Relation b, @ForAll Relation c) {
        Relation j = a.join(b);
        Relation m = a.meet(b);
        assertTrue(a.leq(j) && b.leq(j) && m.leq(a) && m.leq(b));
        assertEquals(j, b.join(a));
        assertEquals(m, b.meet(a));
        assertEquals(a.join(b).join(c), a.join(b.join(c)));
        assertEquals(a.meet(b).meet(c), a.meet(b.meet(c)));
        assertEquals(a, a.join(a.meet(b)), "absorption");
        assertEquals(a, a.meet(a.join(b)), "absorption");
        if (a.leq(c) && b.leq(c)) {
            assertTrue(j.leq(c));
        }
        if (c.leq(a) && c.leq(b)) {
            assertTrue(c.leq(m));
        }
    }

    @Property
    void bottomAndAnyAreTheEnds(@ForAll Relation a) {
        assertTrue(Relation.BOTTOM.leq(a) && a.leq(Relation.ANY));
        assertEquals(a, a.join(Relation.BOTTOM));
        assertEquals(a, a.meet(Relation.ANY));
        assertEquals(a, a.converse().converse());
    }

    @Property
    void conversesAndCompositionsHoldOfTheValues(@ForAll @IntRange(min = -3, max = 3) int x, @ForAll @IntRange(min = -3, max = 3) int y,
                                                 @ForAll @IntRange(min = -3, max = 3) int z, @ForAll Relation r1, @ForAll Relation r2) {
        Relation xy = Relation.of(x, y);
        Relation yz = Relation.of(y, z);
        assertTrue(xy.holds(x, y));
        assertTrue(xy.converse().holds(y, x));
        assertTrue(xy.compose(yz).holds(x, z), xy + " then " + yz);
        if (xy.leq(r1) && yz.leq(r2)) {
            assertTrue(r1.compose(r2).holds(x, z), r1 + " then " + r2 + " for " + x + ", " + y + ", " + z);
        }
        for (Relation r : Relation.values()) {
            assertEquals(r.holds(x, y), Relation.of(x, y).leq(r), "holds is the order: " + r);
        }
    }

    /** The paper's mod_rel example: (y, z, >) and the new (x, y, >) give (x, z, >). */
    @Example
    void strictStepsCompose() {
        assertEquals(Relation.GREATER, Relation.GREATER.compose(Relation.GREATER));
        assertEquals(Relation.LESS, Relation.LESS.compose(Relation.LESS_EQUAL));
        assertEquals(Relation.ANY, Relation.LESS.compose(Relation.GREATER));
        assertEquals(Relation.ANY, Relation.LESS.join(Relation.GREATER));
    }
}
