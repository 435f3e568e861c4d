package io.loupe.instrument.values;

import io.loupe.data.values.SiteKind;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.EnumSet;
import java.util.List;
import java.util.stream.Collectors;

/** Test helpers: the bytes and trees of compiled test classes, and their value sites in a compact form. */
final class Bytecode {

    private Bytecode() {
    }

    static byte[] bytes(Class<?> c) {
        String resource = "/" + c.getName().replace('.', '/') + ".class";
        try (InputStream in = c.getResourceAsStream(resource)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ClassNode classNode(byte[] bytes) {
        ClassNode cn = new ClassNode();
        new ClassReader(bytes).accept(cn, ClassReader.EXPAND_FRAMES);
        return cn;
    }

    static MethodNode method(ClassNode cn, String name) {
        List<MethodNode> found = cn.methods.stream().filter(m -> m.name.equals(name)).toList();
        if (found.size() != 1) {
            throw new IllegalArgumentException(found.size() + " methods named " + name);
        }
        return found.get(0);
    }

    static MethodNode method(ClassNode cn, String name, String desc) {
        return cn.methods.stream().filter(m -> m.name.equals(name) && m.desc.equals(desc)).findFirst().orElseThrow();
    }

    /** The sites of every kind of method {@code name} of class {@code c}. */
    static List<ValueSite> sites(Class<?> c, String name) {
        return sites(c, name, EnumSet.allOf(SiteKind.class));
    }

    static List<ValueSite> sites(Class<?> c, String name, EnumSet<SiteKind> kinds) {
        ClassNode cn = classNode(bytes(c));
        return find(cn, method(cn, name), kinds);
    }

    static List<ValueSite> find(ClassNode cn, MethodNode m, EnumSet<SiteKind> kinds) {
        try {
            return ValueSiteFinder.find(cn.name, m, new ValueSettings(kinds));
        } catch (AnalyzerException e) {
            throw new AssertionError(e);
        }
    }

    /** One line per site: {@code kind type detail [producer formula]}, formulas numbered within the method. */
    static String describe(List<ValueSite> sites) {
        return sites.stream().map(Bytecode::describe).collect(Collectors.joining("\n"));
    }

    static String describe(ValueSite s) {
        String d = s.kind().label() + " " + s.type().name().toLowerCase() + " " + s.detail();
        return s.producer() == null ? d : d + " " + s.producer().label() + " " + s.formula();
    }
}
