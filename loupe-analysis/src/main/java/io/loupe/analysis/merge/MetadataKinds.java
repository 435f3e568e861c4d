package io.loupe.analysis.merge;

import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.CallSiteMeta;
import io.loupe.data.deps.CarriedRegisterMeta;
import io.loupe.data.deps.DepLoopMeta;
import io.loupe.data.meta.BlockMeta;
import io.loupe.data.meta.DagEdge;
import io.loupe.data.meta.LoopMeta;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.values.ValueSiteMeta;

import java.util.function.IntUnaryOperator;

/** The {@link MetadataKind} of each kind of metadata a profile holds. */
final class MetadataKinds {

    static final MetadataKind<MethodMeta> METHODS = new Methods();
    static final MetadataKind<ValueSiteMeta> VALUE_SITES = new ValueSites();
    static final MetadataKind<AccessSiteMeta> ACCESS_SITES = new AccessSites();
    static final MetadataKind<DepLoopMeta> LOOPS = new Loops();
    static final MetadataKind<CallSiteMeta> CALL_SITES = new CallSites();

    private MetadataKinds() {
    }

    /** A method: its blocks, DAG, loops and path count are what its paths mean. */
    private static final class Methods implements MetadataKind<MethodMeta> {
        @Override
        public String label() {
            return "methods";
        }

        @Override
        public String className(MethodMeta m) {
            return m.className();
        }

        @Override
        public String describe(MethodMeta m, IntUnaryOperator ref) {
            Description d = new Description().add(m.className()).add(m.name()).add(m.desc()).add(m.sourceFile())
                    .add(m.numPaths()).add(m.cutEdges()).add(m.storage().name());
            d.add(m.blocks().size());
            for (BlockMeta b : m.blocks()) {
                d.add(b.firstInsn()).add(b.lastInsn()).add(b.lines()).add(b.handler());
            }
            d.add(m.edges().size());
            for (DagEdge e : m.edges()) {
                d.add(e.from()).add(e.to()).add(e.kind().name()).add(e.val());
            }
            d.add(m.loops().size());
            for (LoopMeta l : m.loops()) {
                d.add(l.header()).add(l.parent()).add(l.depth()).add(l.blocks()).add(l.backEdgeSources())
                        .add(l.reducible());
            }
            return d.toString();
        }

        @Override
        public MethodMeta renumber(MethodMeta m, int id, IntUnaryOperator ref) {
            return new MethodMeta(id, m.className(), m.name(), m.desc(), m.sourceFile(), m.blocks(), m.edges(), m.loops(),
                    m.numPaths(), m.cutEdges(), m.storage());
        }
    }

    /** A value site; a {@code local} site's formula names other sites by id. */
    private static final class ValueSites implements MetadataKind<ValueSiteMeta> {
        @Override
        public String label() {
            return "value sites";
        }

        @Override
        public String className(ValueSiteMeta s) {
            return s.className();
        }

        @Override
        public String describe(ValueSiteMeta s, IntUnaryOperator ref) {
            return new Description().add(s.className()).add(s.method()).add(s.desc()).add(s.sourceFile()).add(s.line())
                    .add(s.kind().name()).add(s.type().name()).add(s.index()).add(s.detail()).add(s.producer())
                    .add(FormulaIds.renumber(s.formula(), ref)).toString();
        }

        @Override
        public ValueSiteMeta renumber(ValueSiteMeta s, int id, IntUnaryOperator ref) {
            return new ValueSiteMeta(id, s.className(), s.method(), s.desc(), s.sourceFile(), s.line(), s.kind(),
                    s.type(), s.index(), s.detail(), s.producer(), FormulaIds.renumber(s.formula(), ref));
        }
    }

    /** A heap access of the dependence profiler. */
    private static final class AccessSites implements MetadataKind<AccessSiteMeta> {
        @Override
        public String label() {
            return "access sites";
        }

        @Override
        public String className(AccessSiteMeta s) {
            return s.className();
        }

        @Override
        public String describe(AccessSiteMeta s, IntUnaryOperator ref) {
            return new Description().add(s.className()).add(s.method()).add(s.desc()).add(s.sourceFile()).add(s.line())
                    .add(s.index()).add(s.access()).add(s.reads()).add(s.writes()).add(s.target())
                    .add(s.update() == null ? null : s.update().toString()).add(s.arrayName()).toString();
        }

        @Override
        public AccessSiteMeta renumber(AccessSiteMeta s, int id, IntUnaryOperator ref) {
            return new AccessSiteMeta(id, s.className(), s.method(), s.desc(), s.sourceFile(), s.line(), s.index(),
                    s.access(), s.reads(), s.writes(), s.target(), s.update(), s.arrayName());
        }
    }

    /**
     * A loop of the dependence profiler. A recursion's pseudo-loop is made at run time, when the
     * recursion is first seen, outside its class's block: it is named by its method and index.
     * Carried registers are analysed only for loops that ran (docs/deps.md), so one run may have
     * them and another not: they are not compared, and the version that has them is kept.
     */
    private static final class Loops implements MetadataKind<DepLoopMeta> {
        @Override
        public String label() {
            return "loops";
        }

        @Override
        public String className(DepLoopMeta l) {
            return l.className();
        }

        @Override
        public String ownName(DepLoopMeta l) {
            return l.recursion() ? l.method() + l.desc() + "#" + l.index() : null;
        }

        @Override
        public String describe(DepLoopMeta l, IntUnaryOperator ref) {
            return new Description().add(l.className()).add(l.method()).add(l.desc()).add(l.sourceFile()).add(l.line())
                    .add(l.index()).add(l.parent() < 0 ? -1 : ref.applyAsInt(l.parent())).add(l.recursion()).toString();
        }

        @Override
        public DepLoopMeta renumber(DepLoopMeta l, int id, IntUnaryOperator ref) {
            return new DepLoopMeta(id, l.className(), l.method(), l.desc(), l.sourceFile(), l.line(), l.index(),
                    l.parent() < 0 ? -1 : ref.applyAsInt(l.parent()), l.recursion(), l.registers());
        }

        /** The version with registers; of two with registers, the smaller list as text (any fixed order would do). */
        @Override
        public DepLoopMeta prefer(DepLoopMeta a, DepLoopMeta b) {
            if (a.registers().isEmpty() != b.registers().isEmpty()) {
                return a.registers().isEmpty() ? b : a;
            }
            return registers(b).compareTo(registers(a)) < 0 ? b : a;
        }

        private static String registers(DepLoopMeta l) {
            Description d = new Description();
            for (CarriedRegisterMeta r : l.registers()) {
                d.add(r.slot()).add(r.name()).add(r.kind().name());
            }
            return d.toString();
        }
    }

    /**
     * A call site. It has no ordinal of its own in the profile; its rank in its class's block is
     * one, as call sites are reserved in bytecode order.
     */
    private static final class CallSites implements MetadataKind<CallSiteMeta> {
        @Override
        public String label() {
            return "call sites";
        }

        @Override
        public String className(CallSiteMeta c) {
            return c.className();
        }

        @Override
        public String describe(CallSiteMeta c, IntUnaryOperator ref) {
            return new Description().add(c.className()).add(c.method()).add(c.desc()).add(c.sourceFile()).add(c.line())
                    .add(c.callee()).toString();
        }

        @Override
        public CallSiteMeta renumber(CallSiteMeta c, int id, IntUnaryOperator ref) {
            return new CallSiteMeta(id, c.className(), c.method(), c.desc(), c.sourceFile(), c.line(), c.callee());
        }
    }
}
