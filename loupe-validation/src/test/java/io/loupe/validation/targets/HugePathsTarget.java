package io.loupe.validation.targets;

/**
 * Methods whose acyclic path counts are large: 2^14 paths (more than the array limit: hash
 * storage) and 2^40 paths (more than an int: edges are cut).
 */
public final class HugePathsTarget {

    public static void main(String[] args) {
        long sum = 0;
        for (int i = 0; i < 300; i++) {
            sum += fourteen(i * 2654435761L);
            sum += forty(i * 40503L + (long) i * i * 7919L);
        }
        System.out.println("huge " + sum);
    }

    static int fourteen(long b) {
        int s = 0;
        if ((b & 1) != 0) s += 1;
        if ((b & 2) != 0) s += 2;
        if ((b & 4) != 0) s += 3;
        if ((b & 8) != 0) s += 4;
        if ((b & 16) != 0) s += 5;
        if ((b & 32) != 0) s += 6;
        if ((b & 64) != 0) s += 7;
        if ((b & 128) != 0) s += 8;
        if ((b & 256) != 0) s += 9;
        if ((b & 512) != 0) s += 10;
        if ((b & 1024) != 0) s += 11;
        if ((b & 2048) != 0) s += 12;
        if ((b & 4096) != 0) s += 13;
        if ((b & 8192) != 0) s += 14;
        return s;
    }

    static int forty(long b) {
        int s = 0;
        for (int half = 0; half < 1; half++) {
            if ((b & (1L << 0)) != 0) s ^= 1;
            if ((b & (1L << 1)) != 0) s ^= 2;
            if ((b & (1L << 2)) != 0) s ^= 3;
            if ((b & (1L << 3)) != 0) s ^= 4;
            if ((b & (1L << 4)) != 0) s ^= 5;
            if ((b & (1L << 5)) != 0) s ^= 6;
            if ((b & (1L << 6)) != 0) s ^= 7;
            if ((b & (1L << 7)) != 0) s ^= 8;
            if ((b & (1L << 8)) != 0) s ^= 9;
            if ((b & (1L << 9)) != 0) s ^= 10;
            if ((b & (1L << 10)) != 0) s ^= 11;
            if ((b & (1L << 11)) != 0) s ^= 12;
            if ((b & (1L << 12)) != 0) s ^= 13;
            if ((b & (1L << 13)) != 0) s ^= 14;
            if ((b & (1L << 14)) != 0) s ^= 15;
            if ((b & (1L << 15)) != 0) s ^= 16;
            if ((b & (1L << 16)) != 0) s ^= 17;
            if ((b & (1L << 17)) != 0) s ^= 18;
            if ((b & (1L << 18)) != 0) s ^= 19;
            if ((b & (1L << 19)) != 0) s ^= 20;
            if ((b & (1L << 20)) != 0) s ^= 21;
            if ((b & (1L << 21)) != 0) s ^= 22;
            if ((b & (1L << 22)) != 0) s ^= 23;
            if ((b & (1L << 23)) != 0) s ^= 24;
            if ((b & (1L << 24)) != 0) s ^= 25;
            if ((b & (1L << 25)) != 0) s ^= 26;
            if ((b & (1L << 26)) != 0) s ^= 27;
            if ((b & (1L << 27)) != 0) s ^= 28;
            if ((b & (1L << 28)) != 0) s ^= 29;
            if ((b & (1L << 29)) != 0) s ^= 30;
            if ((b & (1L << 30)) != 0) s ^= 31;
            if ((b & (1L << 31)) != 0) s ^= 32;
            if ((b & (1L << 32)) != 0) s ^= 33;
            if ((b & (1L << 33)) != 0) s ^= 34;
            if ((b & (1L << 34)) != 0) s ^= 35;
            if ((b & (1L << 35)) != 0) s ^= 36;
            if ((b & (1L << 36)) != 0) s ^= 37;
            if ((b & (1L << 37)) != 0) s ^= 38;
            if ((b & (1L << 38)) != 0) s ^= 39;
            if ((b & (1L << 39)) != 0) s ^= 40;
        }
        return s;
    }
}
