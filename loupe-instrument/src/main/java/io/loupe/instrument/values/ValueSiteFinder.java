package io.loupe.instrument.values;

import io.loupe.instrument.emit.HandlerPrefixes;
import io.loupe.instrument.flow.BlockFrames;
import io.loupe.instrument.flow.UninitializedObjects;

import io.loupe.data.values.SiteKind;
import io.loupe.data.values.ValueType;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.MultiANewArrayInsnNode;
import org.objectweb.asm.tree.ParameterNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds the value profiling sites of a method in its original bytecode (docs/values.md, "Sites"):
 * its declared parameters at entry, then in bytecode order the values read by
 * {@code getfield}/{@code getstatic} and array loads, returned by calls, and written to local
 * variables by {@code xstore} and {@code iinc}.
 *
 * <p>Not sites: instructions no path reaches, an {@code astore} of an object whose constructor has
 * not run yet, and anything in a method with JSR/RET subroutines or without code. Every site
 * gets an ordinal among all sites of the method, of every kind, so that the ordinal of a site
 * does not depend on the kinds profiled.
 */
public final class ValueSiteFinder {

    private ValueSiteFinder() {
    }

    /** True if the method has JSR/RET subroutines: it then has no value sites. */
    public static boolean hasSubroutines(MethodNode m) {
        return BlockFrames.hasSubroutines(m);
    }

    /**
     * The profiled sites of method {@code m} of class {@code owner} (internal name), in bytecode
     * order, parameters first. The method is not changed.
     *
     * @throws AnalyzerException if the data flow analysis of the method fails (invalid bytecode)
     */
    public static List<ValueSite> find(String owner, MethodNode m, ValueSettings settings) throws AnalyzerException {
        if ((m.access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0 || m.instructions.size() == 0
                || hasSubroutines(m)) {
            return List.of();
        }
        ValueSources sources = ValueSources.of(owner, m);
        boolean[] uninitialized = UninitializedObjects.relevant(m) ? UninitializedObjects.stores(owner, m) : null;
        LocalNames names = new LocalNames(m);
        Set<AbstractInsnNode> releaseStores = HandlerPrefixes.monitorReleaseStores(m);

        List<ValueSite> candidates = new ArrayList<>();
        boolean isStatic = (m.access & Opcodes.ACC_STATIC) != 0;
        Type[] args = Type.getArgumentTypes(m.desc);
        int slot = isStatic ? 0 : 1;
        int entryLine = firstLine(m);
        for (int i = 0; i < args.length; i++) {
            candidates.add(new ValueSite(SiteKind.PARAM, valueType(args[i]), -1, slot, candidates.size(), entryLine,
                    names.parameter(i, slot), null, null));
            slot += args[i].getSize();
        }
        int line = -1;
        int position = 0;
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext(), position++) {
            if (n instanceof LineNumberNode ln) {
                line = ln.line;
                continue;
            }
            int op = n.getOpcode();
            if (op < 0 || !sources.reachable(position)) {
                continue;
            }
            ValueSite site = null;
            if (n instanceof FieldInsnNode f && (op == Opcodes.GETFIELD || op == Opcodes.GETSTATIC)) {
                site = new ValueSite(SiteKind.FIELD, ValueType.ofDescriptor(f.desc.charAt(0)), position, -1,
                        candidates.size(), line, className(f.owner) + "." + f.name, null, null);
            } else if (op >= Opcodes.IALOAD && op <= Opcodes.SALOAD) {
                site = new ValueSite(SiteKind.ARRAY, arrayElementType(op), position, -1, candidates.size(), line,
                        arrayDetail(op, sources, position, names), null, null);
            } else if (n instanceof MethodInsnNode call && Type.getReturnType(call.desc).getSort() != Type.VOID) {
                site = new ValueSite(SiteKind.RETURN, valueType(Type.getReturnType(call.desc)), position, -1,
                        candidates.size(), line, className(call.owner) + "." + call.name + call.desc, null, null);
            } else if (op >= Opcodes.ISTORE && op <= Opcodes.ASTORE) {
                int var = ((VarInsnNode) n).var;
                if ((op != Opcodes.ASTORE || uninitialized == null || !uninitialized[position])
                        && !releaseStores.contains(n)) {   // javac's, in a synchronized block's release (HandlerPrefixes)
                    LocalVariableNode lv = names.local(var, position);
                    site = new ValueSite(SiteKind.LOCAL, storeType(op, lv), position, var, candidates.size(), line,
                            lv != null ? lv.name : "#" + var, null, null);
                }
            } else if (n instanceof IincInsnNode iinc) {
                LocalVariableNode lv = names.local(iinc.var, position);
                site = new ValueSite(SiteKind.LOCAL, storeType(Opcodes.ISTORE, lv), position, iinc.var, candidates.size(),
                        line, lv != null ? lv.name : "#" + iinc.var, null, null);
            }
            if (site != null) {
                candidates.add(site);
            }
        }

        List<ValueSite> sites = new ArrayList<>();
        Map<AbstractInsnNode, Integer> siteOfInsn = new HashMap<>();
        Map<Integer, Integer> siteOfParamSlot = new HashMap<>();
        for (ValueSite s : candidates) {
            if (!settings.profiles(s.kind())) {
                continue;
            }
            if (s.kind() == SiteKind.PARAM) {
                siteOfParamSlot.put(s.var(), sites.size());
            } else {
                siteOfInsn.put(m.instructions.get(s.position()), sites.size());
            }
            sites.add(s);
        }
        ValueFormulas formulas = new ValueFormulas(sources, siteOfInsn, siteOfParamSlot);
        for (int i = 0; i < sites.size(); i++) {
            ValueSite s = sites.get(i);
            if (s.kind() == SiteKind.LOCAL) {
                AbstractInsnNode insn = m.instructions.get(s.position());
                sites.set(i, s.withSource(formulas.producer(insn), formulas.formula(insn)));
            }
        }
        return List.copyOf(sites);
    }

    private static int firstLine(MethodNode m) {
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n instanceof LineNumberNode ln) {
                return ln.line;
            }
        }
        return -1;
    }

    static ValueType valueType(Type t) {
        return ValueType.ofDescriptor(t.getDescriptor().charAt(0));
    }

    /** A class name as people write it: dots, and {@code int[]} for arrays. */
    private static String className(String internalName) {
        return Type.getObjectType(internalName).getClassName();
    }

    private static ValueType arrayElementType(int op) {
        return switch (op) {
            case Opcodes.IALOAD -> ValueType.INT;
            case Opcodes.LALOAD -> ValueType.LONG;
            case Opcodes.FALOAD -> ValueType.FLOAT;
            case Opcodes.DALOAD -> ValueType.DOUBLE;
            case Opcodes.BALOAD -> ValueType.BYTE;
            case Opcodes.CALOAD -> ValueType.CHAR;
            case Opcodes.SALOAD -> ValueType.SHORT;
            default -> ValueType.REFERENCE;
        };
    }

    /** {@code istore}: the variable's declared type if the class has a local variable table. */
    private static ValueType storeType(int op, LocalVariableNode lv) {
        return switch (op) {
            case Opcodes.ISTORE -> {
                if (lv != null && lv.desc.length() == 1 && "ZBCSI".indexOf(lv.desc.charAt(0)) >= 0) {
                    yield ValueType.ofDescriptor(lv.desc.charAt(0));
                }
                yield ValueType.INT;
            }
            case Opcodes.LSTORE -> ValueType.LONG;
            case Opcodes.FSTORE -> ValueType.FLOAT;
            case Opcodes.DSTORE -> ValueType.DOUBLE;
            default -> ValueType.REFERENCE;
        };
    }

    /**
     * The array's static type, e.g. {@code int[]} or {@code java.lang.String[][]}: from what
     * produced the array reference when that says it (a field, a call, a variable with a
     * declared type, a parameter, an allocation, a cast), else from the load instruction.
     */
    private static String arrayDetail(int op, ValueSources sources, int position, LocalNames names) {
        Frame<Producers> frame = sources.frameAt(position);
        Producers array = frame.getStack(frame.getStackSize() - 2);
        List<AbstractInsnNode> producers = sources.producers(array);
        Type t = producers.size() == 1 ? declaredType(producers.get(0), sources, names) : null;
        if (t == null || t.getSort() != Type.ARRAY
                || !matches(op, Type.getType(t.getDescriptor().substring(1)))) {
            t = Type.getType(switch (op) {
                case Opcodes.IALOAD -> "[I";
                case Opcodes.LALOAD -> "[J";
                case Opcodes.FALOAD -> "[F";
                case Opcodes.DALOAD -> "[D";
                case Opcodes.BALOAD -> "[B";
                case Opcodes.CALOAD -> "[C";
                case Opcodes.SALOAD -> "[S";
                default -> "[Ljava/lang/Object;";
            });
        }
        return t.getClassName();
    }

    /** True if an array whose elements are of type {@code element} is loaded from by {@code op}. */
    private static boolean matches(int op, Type element) {
        return switch (op) {
            case Opcodes.IALOAD -> element.getSort() == Type.INT;
            case Opcodes.LALOAD -> element.getSort() == Type.LONG;
            case Opcodes.FALOAD -> element.getSort() == Type.FLOAT;
            case Opcodes.DALOAD -> element.getSort() == Type.DOUBLE;
            case Opcodes.BALOAD -> element.getSort() == Type.BYTE || element.getSort() == Type.BOOLEAN;
            case Opcodes.CALOAD -> element.getSort() == Type.CHAR;
            case Opcodes.SALOAD -> element.getSort() == Type.SHORT;
            default -> element.getSort() == Type.OBJECT || element.getSort() == Type.ARRAY;
        };
    }

    private static Type declaredType(AbstractInsnNode p, ValueSources sources, LocalNames names) {
        if (p instanceof FieldInsnNode f) {
            return Type.getType(f.desc);
        }
        if (p instanceof MethodInsnNode call) {
            return Type.getReturnType(call.desc);
        }
        if (p instanceof TypeInsnNode t && (p.getOpcode() == Opcodes.ANEWARRAY || p.getOpcode() == Opcodes.CHECKCAST)) {
            Type type = Type.getObjectType(t.desc);
            return p.getOpcode() == Opcodes.ANEWARRAY ? Type.getType("[" + type.getDescriptor()) : type;
        }
        if (p instanceof MultiANewArrayInsnNode multi) {
            return Type.getType(multi.desc);
        }
        if (p instanceof IntInsnNode newArray && p.getOpcode() == Opcodes.NEWARRAY) {
            return Type.getType("[" + switch (newArray.operand) {
                case Opcodes.T_BOOLEAN -> "Z";
                case Opcodes.T_CHAR -> "C";
                case Opcodes.T_FLOAT -> "F";
                case Opcodes.T_DOUBLE -> "D";
                case Opcodes.T_BYTE -> "B";
                case Opcodes.T_SHORT -> "S";
                case Opcodes.T_LONG -> "J";
                default -> "I";
            });
        }
        if (p instanceof VarInsnNode load && p.getOpcode() == Opcodes.ALOAD) {
            int position = sources.position(p);
            LocalVariableNode lv = names.local(load.var, position);
            if (lv != null) {
                return Type.getType(lv.desc);
            }
            List<AbstractInsnNode> defs = sources.producers(sources.frameAt(position).getLocal(load.var));
            if (defs.size() == 1 && sources.entrySlot(defs.get(0)) >= 0) {
                return names.parameterType(load.var);
            }
        }
        return null;
    }

    /** Names and declared types of parameters and local variables, from the class's tables if it has them. */
    private static final class LocalNames {
        private final MethodNode m;
        private final Type[] args;
        private final int firstSlot;

        LocalNames(MethodNode m) {
            this.m = m;
            this.args = Type.getArgumentTypes(m.desc);
            this.firstSlot = (m.access & Opcodes.ACC_STATIC) != 0 ? 0 : 1;
        }

        /** Parameter {@code i} (0 = the first declared one) in slot {@code slot}: its name, or {@code #i}. */
        String parameter(int i, int slot) {
            int entry = firstReal();
            if (m.localVariables != null) {
                for (LocalVariableNode lv : m.localVariables) {
                    if (lv.index == slot && m.instructions.indexOf(lv.start) <= entry && m.instructions.indexOf(lv.end) > entry) {
                        return lv.name;
                    }
                }
            }
            if (m.parameters != null && m.parameters.size() == args.length) {
                ParameterNode p = m.parameters.get(i);
                if (p.name != null) {
                    return p.name;
                }
            }
            return "#" + i;
        }

        /** The declared type of the parameter in {@code slot}, or null if no parameter starts there. */
        Type parameterType(int slot) {
            int s = firstSlot;
            for (Type t : args) {
                if (s == slot) {
                    return t;
                }
                s += t.getSize();
            }
            return null;
        }

        /**
         * The local variable table's entry for slot {@code var} at the instruction at list
         * position {@code position}, or just after it (a variable's scope starts after its first
         * store); null if none.
         */
        LocalVariableNode local(int var, int position) {
            if (m.localVariables == null) {
                return null;
            }
            int next = position + 1;
            while (next < m.instructions.size() && m.instructions.get(next).getOpcode() < 0) {
                next++;
            }
            LocalVariableNode best = null;
            int bestStart = -1;
            for (LocalVariableNode lv : m.localVariables) {
                if (lv.index != var) {
                    continue;
                }
                int start = m.instructions.indexOf(lv.start);
                int end = m.instructions.indexOf(lv.end);
                if (start <= next && end > position && start > bestStart) {
                    best = lv;
                    bestStart = start;
                }
            }
            return best;
        }

        private int firstReal() {
            int i = 0;
            for (AbstractInsnNode n = m.instructions.getFirst(); n != null && n.getOpcode() < 0; n = n.getNext()) {
                i++;
            }
            return i;
        }
    }
}
