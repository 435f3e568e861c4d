package io.loupe.data.format;

import io.loupe.data.Profile;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

import static io.loupe.data.format.DamagedProfileTest.rejection;

class DamagedProfileProperties {

    @Property(tries = 500)
    void aSingleFlippedBitAnywhereIsAlwaysRejected(@ForAll("profiles") Profile p, @ForAll @IntRange(min = 0) int where) {
        byte[] file = SampleProfiles.bytes(p);
        int bit = where % (file.length * 8);
        file[bit / 8] ^= (byte) (1 << bit % 8);

        rejection(file);
    }

    @Property(tries = 500)
    void aProfileCutShortAnywhereIsAlwaysRejected(@ForAll("profiles") Profile p, @ForAll @IntRange(min = 0) int where) {
        byte[] file = SampleProfiles.bytes(p);

        rejection(Frames.slice(file, 0, where % file.length));
    }

    @Property(tries = 300)
    void randomBytesAreNeverTakenForAProfile(@ForAll @Size(max = 300) byte[] garbage) {
        rejection(garbage);
    }

    @Property(tries = 300)
    void randomBytesAfterAValidStartAreNeverTakenForAProfile(@ForAll @Size(max = 300) byte[] garbage) {
        rejection(Frames.concat(Frames.preamble(ProfileFormat.VERSION), garbage));
    }

    @Provide
    Arbitrary<Profile> profiles() {
        return ProfileArbitraries.profiles();
    }
}
