package io.loupe.validation.targets;

/** Dense and sparse switches, string switches and switch expressions, inside loops. */
public final class SwitchTarget {

    public static void main(String[] args) {
        long sum = 0;
        String[] words = {"alpha", "beta", "gamma", "delta", "beta", "omega"};
        for (int i = 0; i < 200; i++) {
            sum += dense(i % 9);
            sum += sparse(i * 37 % 1000);
            sum += word(words[i % words.length]);
            sum += expression(i % 4);
        }
        System.out.println("switch " + sum);
    }

    static int dense(int x) {
        switch (x) {
            case 0:
            case 1:
                return 10;
            case 2:
                return 20;
            case 3:
                x += 3;
                // fall through
            case 4:
                return x * 2;
            default:
                return -1;
        }
    }

    static int sparse(int x) {
        switch (x) {
            case 7: return 1;
            case 370: return 2;
            case 999: return 3;
            default: return x > 500 ? 4 : 5;
        }
    }

    static int word(String w) {
        switch (w) {
            case "alpha": return 1;
            case "beta": return 2;
            case "gamma": return 3;
            default: return w.length();
        }
    }

    static int expression(int x) {
        return switch (x) {
            case 0 -> 5;
            case 1, 2 -> {
                int y = x * 3;
                yield y > 4 ? y : -y;
            }
            default -> 0;
        };
    }
}
