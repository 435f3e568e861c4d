package io.loupe.data.format;

import io.loupe.data.Profile;

import java.lang.reflect.RecordComponent;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Field-by-field equality of profiles. The model's records hold arrays, which {@code equals}
 * compares by identity; this walks records, lists and maps and compares arrays by content, and
 * names the first difference by its path, e.g. {@code profile.methods[2].loops[0].blocks}.
 */
final class ProfileAssertions {

    private ProfileAssertions() {
    }

    static void assertSameProfile(Profile expected, Profile actual) {
        String difference = difference("profile", expected, actual);
        if (difference != null) {
            fail(difference);
        }
    }

    /** The first difference between the two values, or null when they are equal. */
    static String difference(String path, Object expected, Object actual) {
        if (expected == null || actual == null) {
            return expected == actual ? null : path + ": expected " + expected + " but was " + actual;
        }
        if (expected.getClass() != actual.getClass() && !(expected instanceof List && actual instanceof List)
                && !(expected instanceof Map && actual instanceof Map)) {
            return path + ": expected a " + expected.getClass().getName() + " but was a " + actual.getClass().getName();
        }
        if (expected.getClass().isArray()) {
            return Objects.deepEquals(expected, actual) ? null : path + ": arrays differ";
        }
        if (expected instanceof Record) {
            for (RecordComponent c : expected.getClass().getRecordComponents()) {
                String d = difference(path + "." + c.getName(), get(c, expected), get(c, actual));
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (expected instanceof List<?> e) {
            List<?> a = (List<?>) actual;
            if (e.size() != a.size()) {
                return path + ": expected " + e.size() + " elements but found " + a.size();
            }
            for (int i = 0; i < e.size(); i++) {
                String d = difference(path + "[" + i + "]", e.get(i), a.get(i));
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (expected instanceof Map<?, ?> e) {
            return mapDifference(path, e, (Map<?, ?>) actual);
        }
        return expected.equals(actual) ? null : path + ": expected " + expected + " but was " + actual;
    }

    // Maps are compared in iteration order: the format promises to keep the order of the stats.
    private static String mapDifference(String path, Map<?, ?> expected, Map<?, ?> actual) {
        if (expected.size() != actual.size()) {
            return path + ": expected " + expected.size() + " entries but found " + actual.size();
        }
        Iterator<? extends Map.Entry<?, ?>> a = actual.entrySet().iterator();
        int i = 0;
        for (Map.Entry<?, ?> e : expected.entrySet()) {
            Map.Entry<?, ?> next = a.next();
            String d = difference(path + "#" + i + ".key", e.getKey(), next.getKey());
            if (d == null) {
                d = difference(path + "[" + e.getKey() + "]", e.getValue(), next.getValue());
            }
            if (d != null) {
                return d;
            }
            i++;
        }
        return null;
    }

    private static Object get(RecordComponent c, Object record) {
        try {
            return c.getAccessor().invoke(record);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
