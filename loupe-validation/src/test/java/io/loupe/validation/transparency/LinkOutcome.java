package io.loupe.validation.transparency;

/**
 * What happened when a class was loaded, linked and initialized with
 * {@code Class.forName(name, true, loader)}. Linking verifies the class: the JVM verifies every
 * class defined by a class loader other than the boot loader unless told not to
 * ({@code -Xverify:none}), so this is {@code -Xverify:all} for them.
 *
 * @param kind   what happened
 * @param detail what was thrown, if anything
 */
record LinkOutcome(Kind kind, String detail) {

    enum Kind {
        /** Verified and initialized. */
        INITIALIZED,
        /** Verified, but its static initializer threw, or that of a class it needs did earlier. */
        INITIALIZER_FAILED,
        /** A class it needs is not on the class path: an optional dependency of its library. */
        MISSING_DEPENDENCY,
        /** Its static initializer loads a native library that is not there. */
        NO_NATIVE_LIBRARY,
        /** The JVM rejected the class file: a {@link VerifyError} or {@link ClassFormatError}. */
        REJECTED,
        /** Anything else that was thrown. */
        OTHER
    }

    /** Loads, links and initializes one class. */
    static LinkOutcome link(String name, ClassLoader loader) {
        try {
            Class.forName(name, true, loader);
            return new LinkOutcome(Kind.INITIALIZED, "");
        } catch (VerifyError | ClassFormatError e) {
            return new LinkOutcome(Kind.REJECTED, e.toString());
        } catch (ExceptionInInitializerError e) {
            return new LinkOutcome(Kind.INITIALIZER_FAILED, e + " caused by " + e.getCause());
        } catch (NoClassDefFoundError e) {
            boolean initializer = String.valueOf(e.getMessage()).startsWith("Could not initialize class");
            return new LinkOutcome(initializer ? Kind.INITIALIZER_FAILED : Kind.MISSING_DEPENDENCY, e.toString());
        } catch (UnsatisfiedLinkError e) {
            return new LinkOutcome(Kind.NO_NATIVE_LIBRARY, e.toString());
        } catch (Throwable t) {   // what a static initializer throws is the class's business, not ours
            return new LinkOutcome(Kind.OTHER, t.toString());
        }
    }

    /** True if the class got through verification. */
    boolean verified() {
        return kind == Kind.INITIALIZED || kind == Kind.INITIALIZER_FAILED;
    }
}
