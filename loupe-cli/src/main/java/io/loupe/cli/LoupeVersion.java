package io.loupe.cli;

import picocli.CommandLine;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The version of this Loupe build, from a resource the build fills in. */
final class LoupeVersion implements CommandLine.IVersionProvider {

    static String get() {
        try (InputStream in = LoupeVersion.class.getResourceAsStream("loupe-version.properties")) {
            if (in != null) {
                Properties p = new Properties();
                p.load(in);
                String v = p.getProperty("version", "");
                if (!v.isEmpty() && !v.startsWith("${")) {
                    return v;
                }
            }
        } catch (IOException e) {
            // fall through to the manifest
        }
        String v = LoupeVersion.class.getPackage().getImplementationVersion();
        return v == null ? "unknown" : v;
    }

    @Override
    public String[] getVersion() {
        return new String[] {
            "Loupe " + get(),
            "JVM: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.version")
                    + " (" + System.getProperty("java.home") + ")"
        };
    }
}
