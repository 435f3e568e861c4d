package io.loupe.data.format;

import io.loupe.data.Profile;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.io.ByteArrayInputStream;
import java.io.IOException;

import static io.loupe.data.format.ProfileAssertions.assertSameProfile;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

class ProfileRoundTripProperties {

    /** Random content need not hold together: this is about the encoding, so it is decoded unchecked. */
    @Property(tries = 500)
    void everyProfileReadsBackAsItWasWritten(@ForAll("profiles") Profile p) throws IOException {
        byte[] bytes = SampleProfiles.bytes(p);

        assertSameProfile(p, ProfileReader.decode(new ByteArrayInputStream(bytes), "random.prof"));
    }

    @Property(tries = 100)
    void writingIsDeterministic(@ForAll("profiles") Profile p) {
        assertArrayEquals(SampleProfiles.bytes(p), SampleProfiles.bytes(p));
    }

    @Provide
    Arbitrary<Profile> profiles() {
        return ProfileArbitraries.profiles();
    }
}
