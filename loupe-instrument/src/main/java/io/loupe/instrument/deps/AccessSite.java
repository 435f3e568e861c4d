package io.loupe.instrument.deps;

import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.MemoryUpdate;

/**
 * A heap access of a method, as found in its original bytecode: one field or array instruction,
 * or one call of a bulk array operation.
 *
 * @param position where it is: the position in the method's instruction list of the access
 *                 instruction (for a bulk operation, of the call). A class read again with the
 *                 same flags has the same positions.
 * @param ordinal  the site's ordinal among the access sites of its method, in bytecode order
 *                 (the {@code index} of the metadata)
 * @param line     its source line, or -1
 * @param kind     what it accesses
 * @param access   the opcode's name ({@code getfield}, {@code iaload}, …) or, for a bulk operation,
 *                 the method called ({@code System.arraycopy}, {@code Arrays.fill},
 *                 {@code Arrays.copyOf}, {@code Arrays.copyOfRange}, {@code clone})
 * @param reads    true if it reads the location(s)
 * @param writes   true if it writes the location(s)
 * @param target   {@code Owner.field} with dots, or the array's type ({@code int[]})
 * @param update   for a store that writes back an update of a load of the same location, that
 *                 load's ordinal and the operation ({@link MemoryUpdates}); else null
 * @param arrayName for an array element access, the array reference as the source names it (a
 *                 local variable, {@code Owner.field}, {@code grid[]} for a row); else null
 */
public record AccessSite(int position, int ordinal, int line, Kind kind, String access, boolean reads, boolean writes,
                         String target, MemoryUpdate update, String arrayName) {

    /** A site that is no update, of no named array. */
    public AccessSite(int position, int ordinal, int line, Kind kind, String access, boolean reads, boolean writes,
                      String target) {
        this(position, ordinal, line, kind, access, reads, writes, target, null, null);
    }

    /** This site with its update and array name. */
    AccessSite with(MemoryUpdate update, String arrayName) {
        return new AccessSite(position, ordinal, line, kind, access, reads, writes, target, update, arrayName);
    }

    /** What an access site touches. */
    public enum Kind {
        /** An instance field ({@code getfield}, {@code putfield}): location {@code (object, field)}. */
        FIELD,
        /** A static field ({@code getstatic}, {@code putstatic}): location {@code (class, field)}. */
        STATIC,
        /** One array element ({@code xaload}, {@code xastore}): location {@code (array, index)}. */
        ARRAY,
        /** A range of array elements read and/or written by one call. */
        BULK
    }

    /** The metadata of this site as site {@code id}. */
    public AccessSiteMeta meta(int id, String className, String method, String desc, String sourceFile) {
        return new AccessSiteMeta(id, className, method, desc, sourceFile, line, ordinal, access, reads, writes, target,
                update, arrayName);
    }
}
