package io.loupe.data.format;

import io.loupe.data.values.SiteKind;
import io.loupe.data.values.SwitchTimeline;
import io.loupe.data.values.ValueSiteMeta;
import io.loupe.data.values.ValueSiteProfile;
import io.loupe.data.values.ValueType;

import java.io.IOException;

/** Encodes value profiles: each site's static description and what was recorded there. */
final class ValuesCodec {

    private ValuesCodec() {
    }

    static void writeSite(CompactDataOutput out, ValueSiteMeta s) throws IOException {
        PlaceCodec.write(out, s.id(), s.className(), s.method(), s.desc(), s.sourceFile(), s.line());
        out.writeByte(ProfileFormat.code(s.kind()));
        out.writeByte(ProfileFormat.code(s.type()));
        out.writeVarInt(s.index());
        out.writeString(s.detail());
        out.writeString(s.producer());
        out.writeString(s.formula());
    }

    static ValueSiteMeta readSite(CompactDataInput in) throws IOException {
        PlaceCodec.Place p = PlaceCodec.read(in);
        SiteKind kind = ProfileFormat.siteKind(in);
        ValueType type = ProfileFormat.valueType(in);
        int index = in.readVarInt();
        return new ValueSiteMeta(p.id(), p.className(), p.method(), p.desc(), p.sourceFile(), p.line(), kind, type,
                index, in.readString(), in.readString(), in.readString());
    }

    /**
     * A site's profile, in format 4: the measured figures ({@code counted}, and each value's
     * profiled count) beside the estimates, or a flag that says they are not known.
     */
    static void writeProfile(CompactDataOutput out, ValueSiteProfile p) throws IOException {
        out.writeVarInt(p.siteId());
        out.writeVarLong(p.executed());
        out.writeZigZagLong(p.counted());
        out.writeVarLong(p.profiled());
        out.writeVarLong(p.weight());
        out.writeVarLong(p.mrvHits());
        out.writeVarLong(p.switchedOff());
        out.writeVarLong(p.switchedOn());
        boolean measured = p.profiledCounts() != null;
        out.writeBoolean(measured);
        out.writeVarInt(p.values().length);
        for (int i = 0; i < p.values().length; i++) {
            out.writeString(p.values()[i]);
            out.writeVarLong(p.counts()[i]);
            if (measured) {
                out.writeVarLong(p.profiledCounts()[i]);
            }
        }
        SwitchTimeline t = p.timeline();   // since format 7
        out.writeBoolean(t != null);
        if (t != null) {
            out.writeVarLong(t.executions());
            out.writeVarInt(t.switches().length);
            long before = 0;
            for (long s : t.switches()) {
                out.writeVarLong(s - before);   // ascending: the gaps are small
                before = s;
            }
        }
    }

    /** A timeline as read; one the record refuses (a switch beyond the executions) is a damaged file. */
    private static SwitchTimeline timeline(CompactDataInput in, int site, long executions, long[] switches)
            throws ProfileFormatException {
        try {
            return new SwitchTimeline(executions, switches);
        } catch (IllegalArgumentException e) {
            throw in.corrupt("value site " + site + "'s switches: " + e.getMessage());
        }
    }

    /**
     * A site's profile as format {@code version} wrote it. Before format 4 there were no measured
     * figures: they are the estimates' for a fully profiled site, unknown for a convergent one
     * (see {@link ValueSiteProfile}'s short constructor).
     */
    static ValueSiteProfile readProfile(CompactDataInput in, int version) throws IOException {
        int site = in.readVarInt();
        long executed = in.readVarLong();
        long counted = version >= 4 ? in.readZigZagLong() : 0;
        long profiled = in.readVarLong();
        long weight = in.readVarLong();
        long mrv = in.readVarLong();
        long off = in.readVarLong();
        long on = in.readVarLong();
        boolean measured = version >= 4 && in.readBoolean();
        int n = in.readCount();
        String[] values = new String[Math.min(n, 64)];
        long[] counts = new long[values.length];
        long[] profiledCounts = measured ? new long[values.length] : null;
        for (int i = 0; i < n; i++) {
            if (i == values.length) {
                values = java.util.Arrays.copyOf(values, Math.min(n, values.length * 2));
                counts = java.util.Arrays.copyOf(counts, values.length);
                profiledCounts = measured ? java.util.Arrays.copyOf(profiledCounts, values.length) : null;
            }
            values[i] = in.readString();
            counts[i] = in.readVarLong();
            if (measured) {
                profiledCounts[i] = in.readVarLong();
            }
        }
        if (version < 4) {
            return new ValueSiteProfile(site, executed, profiled, weight, mrv, values, counts, off, on);
        }
        SwitchTimeline timeline = null;
        if (version >= 7 && in.readBoolean()) {
            long executions = in.readVarLong();
            int kept = in.readCount();
            if (kept > SwitchTimeline.KEPT) {
                throw in.corrupt("value site " + site + " keeps " + kept + " switches, more than " + SwitchTimeline.KEPT);
            }
            long[] switches = new long[kept];
            long at = 0;
            for (int i = 0; i < kept; i++) {
                at += in.readVarLong();
                switches[i] = at;
            }
            timeline = timeline(in, site, executions, switches);
        }
        return new ValueSiteProfile(site, executed, counted, profiled, weight, mrv, values, counts, profiledCounts,
                off, on, timeline);
    }
}
