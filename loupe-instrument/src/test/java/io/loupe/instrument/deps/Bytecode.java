package io.loupe.instrument.deps;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/** Test helpers: the trees of compiled test classes and their dependence models. */
final class Bytecode {

    private Bytecode() {
    }

    static ClassNode classNode(Class<?> c) {
        String resource = "/" + c.getName().replace('.', '/') + ".class";
        try (InputStream in = c.getResourceAsStream(resource)) {
            ClassNode cn = new ClassNode();
            new ClassReader(in.readAllBytes()).accept(cn, ClassReader.EXPAND_FRAMES);
            return cn;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static MethodNode method(ClassNode cn, String name) {
        List<MethodNode> found = cn.methods.stream().filter(m -> m.name.equals(name)).toList();
        if (found.size() != 1) {
            throw new IllegalArgumentException(found.size() + " methods named " + name);
        }
        return found.get(0);
    }

    static DepSites sites(Class<?> c, String name) {
        ClassNode cn = classNode(c);
        try {
            return DepSiteFinder.find(cn.name, method(cn, name));
        } catch (AnalyzerException e) {
            throw new AssertionError(e);
        }
    }
}
