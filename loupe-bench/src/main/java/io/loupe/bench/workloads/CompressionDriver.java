package io.loupe.bench.workloads;

import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
import org.apache.commons.compress.compressors.snappy.FramedSnappyCompressorInputStream;
import org.apache.commons.compress.compressors.snappy.FramedSnappyCompressorOutputStream;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.XZInputStream;
import org.tukaani.xz.XZOutputStream;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.zip.CRC32;

/**
 * Compress-then-decompress round trips of generated text through three pure-Java codecs: bzip2
 * and framed Snappy (Commons Compress) and LZMA2 in the xz container (XZ for Java). Commons
 * Compress's LZ4 encoder is left out: its match search is so slow on this text that it would
 * be the whole workload.
 * Every round trip must give back the input; the checksum line holds the compressed sizes and the
 * CRC-32 of the compressed bytes, so any change in what an encoder computes shows up.
 *
 * <p>Run: {@code java -cp loupe-bench/target/classes:$(cat loupe-bench/target/bench.classpath)
 * io.loupe.bench.workloads.CompressionDriver [small|full]}
 */
public final class CompressionDriver {
    private CompressionDriver() {
    }

    public static void main(String[] args) throws Exception {
        Driver.main(args, CompressionDriver::run);
    }

    private interface Encoder {
        OutputStream wrap(OutputStream out) throws IOException;
    }

    private interface Decoder {
        InputStream wrap(InputStream in) throws IOException;
    }

    private record Codec(String name, Encoder encoder, Decoder decoder) {
    }

    private static final Codec[] CODECS = {
        new Codec("bzip2", out -> new BZip2CompressorOutputStream(out, 9), BZip2CompressorInputStream::new),
        new Codec("snappy", FramedSnappyCompressorOutputStream::new, FramedSnappyCompressorInputStream::new),
        new Codec("xz", out -> new XZOutputStream(out, new LZMA2Options(6)), XZInputStream::new),
    };

    static String run(Size size) throws IOException {
        byte[] text = new SyntheticText(20240611L, 20_000).bytes(size.pick(128 << 10, 4 << 20));
        var line = new StringBuilder("compress input=").append(text.length);
        for (Codec codec : CODECS) {
            byte[] packed = roundTrip(codec, text);
            var crc = new CRC32();
            crc.update(packed);
            line.append(' ').append(codec.name()).append('=').append(packed.length)
                    .append('/').append(Long.toHexString(crc.getValue()));
        }
        return line.toString();
    }

    private static byte[] roundTrip(Codec codec, byte[] input) throws IOException {
        var packed = new ByteArrayOutputStream(input.length / 2);
        try (OutputStream out = codec.encoder().wrap(packed)) {
            out.write(input);
        }
        byte[] compressed = packed.toByteArray();
        byte[] restored;
        try (InputStream in = codec.decoder().wrap(new ByteArrayInputStream(compressed))) {
            restored = in.readAllBytes();
        }
        if (!Arrays.equals(input, restored)) {
            throw new IllegalStateException(codec.name() + " round trip changed the data");
        }
        return compressed;
    }
}
