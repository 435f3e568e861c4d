package io.loupe.bench.workloads;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.CRC32;

/**
 * Jackson databind round trips: batches of generated orders (records nested three deep, with
 * lists and maps) are written to JSON, read back into objects and compared, and read as a tree
 * that is walked node by node. Allocation- and call-heavy, with reflection-built (de)serializers:
 * the workload where added members or probes in application classes would show.
 *
 * <p>Run: {@code java -cp loupe-bench/target/classes:$(cat loupe-bench/target/bench.classpath)
 * io.loupe.bench.workloads.JacksonDriver [small|full]}
 */
public final class JacksonDriver {
    private static final int ORDERS_PER_BATCH = 200;
    private static final TypeReference<List<Order>> ORDER_LIST = new TypeReference<>() {
    };

    record Customer(long id, String name, String email, List<String> tags) {
    }

    record LineItem(String sku, int quantity, double unitPrice, Map<String, String> attributes) {
    }

    record Order(long id, Customer customer, List<LineItem> items, String status, boolean gift,
                 double total, String note) {
    }

    private JacksonDriver() {
    }

    public static void main(String[] args) throws Exception {
        Driver.main(args, JacksonDriver::run);
    }

    static String run(Size size) throws IOException {
        var mapper = new ObjectMapper();
        var text = new SyntheticText(1729L, 3_000);
        var crc = new CRC32();
        long nodes = 0;
        double numbers = 0;
        int batches = size.pick(20, 2_400);
        for (int b = 0; b < batches; b++) {
            List<Order> batch = batch(text, b);
            byte[] json = mapper.writeValueAsBytes(batch);
            crc.update(json);
            if (!batch.equals(mapper.readValue(json, ORDER_LIST))) {
                throw new IllegalStateException("batch " + b + " did not survive the round trip");
            }
            var walk = new TreeWalk();
            walk.visit(mapper.readTree(json));
            nodes += walk.nodes;
            numbers += walk.numbers;
        }
        return "jackson batches=" + batches + " crc=" + Long.toHexString(crc.getValue())
                + " nodes=" + nodes + " numbers=" + numbers;
    }

    private static List<Order> batch(SyntheticText text, int batchIndex) {
        var orders = new ArrayList<Order>(ORDERS_PER_BATCH);
        for (int i = 0; i < ORDERS_PER_BATCH; i++) {
            long id = (long) batchIndex * ORDERS_PER_BATCH + i;
            var tags = new ArrayList<String>();
            for (int t = text.nextInt(4); t > 0; t--) {
                tags.add(text.word());
            }
            String name = text.word() + " " + text.word();
            var customer = new Customer(id % 997, name, text.word() + "@" + text.word() + ".example", tags);
            var items = new ArrayList<LineItem>();
            double total = 0;
            for (int n = 1 + text.nextInt(6); n > 0; n--) {
                var attributes = new TreeMap<String, String>();
                for (int a = text.nextInt(3); a > 0; a--) {
                    attributes.put(text.word(), text.word());
                }
                var item = new LineItem("SKU-" + text.nextInt(100_000), 1 + text.nextInt(9),
                        text.nextInt(100_000) / 100.0, attributes);
                total += item.quantity() * item.unitPrice();
                items.add(item);
            }
            String status = switch (text.nextInt(3)) {
                case 0 -> "NEW";
                case 1 -> "PAID";
                default -> "SHIPPED";
            };
            orders.add(new Order(id, customer, items, status, text.nextInt(5) == 0, total,
                    text.nextInt(4) == 0 ? null : text.sentence(3 + text.nextInt(10))));
        }
        return orders;
    }

    /** Counts every node of a JSON tree and sums its numbers and text lengths. */
    private static final class TreeWalk {
        long nodes;
        double numbers;

        void visit(JsonNode node) {
            nodes++;
            if (node.isNumber()) {
                numbers += node.doubleValue();
            } else if (node.isTextual()) {
                numbers += node.textValue().length();
            } else if (node.isContainerNode()) {
                for (JsonNode child : node) {
                    visit(child);
                }
            }
        }
    }
}
