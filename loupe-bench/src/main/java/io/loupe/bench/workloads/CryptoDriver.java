package io.loupe.bench.workloads;

import org.bouncycastle.crypto.Digest;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.digests.SHA3Digest;
import org.bouncycastle.crypto.engines.AESEngine;
import org.bouncycastle.crypto.macs.HMac;
import org.bouncycastle.crypto.modes.AEADCipher;
import org.bouncycastle.crypto.modes.ChaCha20Poly1305;
import org.bouncycastle.crypto.modes.GCMBlockCipher;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.Ed25519PrivateKeyParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.signers.Ed25519Signer;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.zip.CRC32;

/**
 * Bouncy Castle's lightweight API, the way a TLS stack or a signing service uses it: messages of a
 * few hundred bytes to a few KiB hashed (SHA-256, SHA3-256), authenticated (HMAC-SHA-256),
 * encrypted and decrypted with AES-GCM and ChaCha20-Poly1305 and compared, and signed and verified
 * with Ed25519. Table-driven bit manipulation on {@code int[]}, {@code long[]} and
 * {@code byte[]}: heap accesses nearly every instruction, the kind of program dependence profiling
 * finds hardest (a workload outside the seven of WORKLOADS.md, chosen for that).
 *
 * <p>Run: {@code java -cp loupe-bench/target/classes:$(cat loupe-bench/target/bench.classpath)
 * io.loupe.bench.workloads.CryptoDriver [small|full]}
 */
public final class CryptoDriver {

    private CryptoDriver() {
    }

    public static void main(String[] args) throws Exception {
        Driver.main(args, CryptoDriver::run);
    }

    static String run(Size size) throws InvalidCipherTextException {
        var random = new SplittableRandom(1847L);
        var crc = new CRC32();
        byte[] key = bytes(random, 32);
        var hmac = new HMac(new SHA256Digest());
        hmac.init(new KeyParameter(key));
        var signer = new Ed25519Signer();
        var privateKey = new Ed25519PrivateKeyParameters(bytes(random, 32));
        var verifier = new Ed25519Signer();
        verifier.init(false, privateKey.generatePublicKey());
        int messages = size.pick(60, 10_000);
        long verified = 0;
        for (int m = 0; m < messages; m++) {
            byte[] message = bytes(random, 256 + random.nextInt(3_840));
            crc.update(digest(new SHA256Digest(), message));
            crc.update(digest(new SHA3Digest(256), message));
            byte[] mac = new byte[hmac.getMacSize()];
            hmac.update(message, 0, message.length);
            hmac.doFinal(mac, 0);
            crc.update(mac);
            byte[] nonce = bytes(random, 12);
            crc.update(roundTrip(GCMBlockCipher.newInstance(AESEngine.newInstance()), key, nonce, message));
            crc.update(roundTrip(new ChaCha20Poly1305(), key, nonce, message));
            if (m % 20 == 0) {   // signatures cost about as much as a hundred of the rest
                signer.init(true, privateKey);
                signer.update(message, 0, message.length);
                byte[] signature = signer.generateSignature();
                crc.update(signature);
                verifier.update(message, 0, message.length);
                if (!verifier.verifySignature(signature)) {
                    throw new IllegalStateException("signature of message " + m + " did not verify");
                }
                verified++;
            }
        }
        return String.format("crypto messages=%d signatures=%d crc=%08x", messages, verified, crc.getValue());
    }

    private static byte[] bytes(SplittableRandom random, int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i += 8) {
            long v = random.nextLong();
            for (int j = 0; j < 8 && i + j < n; j++) {
                b[i + j] = (byte) (v >>> (8 * j));
            }
        }
        return b;
    }

    private static byte[] digest(Digest d, byte[] message) {
        byte[] out = new byte[d.getDigestSize()];
        d.update(message, 0, message.length);
        d.doFinal(out, 0);
        return out;
    }

    /** Encrypts and decrypts {@code message}, fails unless it comes back, and returns the ciphertext. */
    private static byte[] roundTrip(AEADCipher cipher, byte[] key, byte[] nonce, byte[] message)
            throws InvalidCipherTextException {
        var parameters = new AEADParameters(new KeyParameter(key), 128, nonce);
        cipher.init(true, parameters);
        byte[] sealed = new byte[cipher.getOutputSize(message.length)];
        int n = cipher.processBytes(message, 0, message.length, sealed, 0);
        cipher.doFinal(sealed, n);
        cipher.init(false, parameters);
        byte[] opened = new byte[cipher.getOutputSize(sealed.length)];
        n = cipher.processBytes(sealed, 0, sealed.length, opened, 0);
        cipher.doFinal(opened, n);
        if (!Arrays.equals(message, opened)) {
            throw new IllegalStateException(cipher.getAlgorithmName() + " did not round-trip");
        }
        return sealed;
    }
}
