package io.loupe.data.format;

import io.loupe.data.ProfileHeader;

import java.io.IOException;
import java.util.Map;

/** Encodes the parts of a profile that describe the run: the header and the named stats. */
final class RunCodec {

    private RunCodec() {
    }

    static void writeHeader(CompactDataOutput out, ProfileHeader h) throws IOException {
        out.writeString(h.loupeVersion());
        out.writeZigZagLong(h.createdMillis());
        out.writeString(h.options());
        out.writeZigZagInt(h.k());
        out.writeString(h.jvm());
        out.writeString(h.command());
    }

    static ProfileHeader readHeader(CompactDataInput in) throws IOException {
        String loupeVersion = in.readString();
        long createdMillis = in.readZigZagLong();
        String options = in.readString();
        int k = in.readZigZagInt();
        String jvm = in.readString();
        String command = in.readString();
        return new ProfileHeader(loupeVersion, createdMillis, options, k, jvm, command);
    }

    static void writeStat(CompactDataOutput out, Map.Entry<String, Long> stat) throws IOException {
        out.writeString(stat.getKey());
        out.writeZigZagLong(stat.getValue());
    }

    /** Reads a stats block into {@code stats}, which keeps the order of the file. */
    static void readStats(CompactDataInput in, Map<String, Long> stats) throws IOException {
        for (int i = 0, n = in.readCount(); i < n; i++) {
            String key = in.readString();
            if (stats.containsKey(key)) {
                throw in.corrupt("a stat is listed twice");
            }
            stats.put(key, in.readZigZagLong());
        }
    }
}
