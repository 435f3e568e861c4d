package io.loupe.bench.workloads;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.zip.CRC32;

/**
 * The H2 SQL engine on a private in-memory database ({@code jdbc:h2:mem:}) with a fixed script:
 * batched inserts into three tables, joins with GROUP BY, primary- and secondary-index lookups,
 * range scans and updates. Every value of every result is folded into a CRC-32, in query order.
 *
 * <p>Run: {@code java -cp loupe-bench/target/classes:$(cat loupe-bench/target/bench.classpath)
 * io.loupe.bench.workloads.H2Driver [small|full]}
 */
public final class H2Driver {
    private H2Driver() {
    }

    public static void main(String[] args) throws Exception {
        Driver.main(args, H2Driver::run);
    }

    static String run(Size size) throws SQLException {
        int customers = size.pick(1_000, 20_000);
        int products = size.pick(200, 2_000);
        int orders = size.pick(10_000, 100_000);
        int lookups = size.pick(1_000, 40_000);
        var text = new SyntheticText(8128L, 5_000);
        var results = new CRC32();
        try (Connection db = DriverManager.getConnection("jdbc:h2:mem:", "sa", "")) {
            createSchema(db);
            load(db, text, customers, products, orders);
            long rows = 0;
            try (Statement query = db.createStatement()) {
                for (int category = 0; category < 10; category++) {
                    query.executeUpdate("UPDATE product SET price = price * 1.01 WHERE category = " + category);
                    rows += fold(results, query.executeQuery("""
                            SELECT c.region, p.category, COUNT(*), SUM(o.quantity * p.price)
                            FROM orders o JOIN customer c ON o.customer_id = c.id
                                          JOIN product p ON o.product_id = p.id
                            WHERE p.category <= %d
                            GROUP BY c.region, p.category ORDER BY 1, 2""".formatted(category)));
                }
                rows += fold(results, query.executeQuery("""
                        SELECT c.name, SUM(o.quantity) q FROM customer c JOIN orders o ON o.customer_id = c.id
                        GROUP BY c.id, c.name ORDER BY q DESC, c.id LIMIT 20"""));
            }
            try (PreparedStatement byCustomer = db.prepareStatement(
                    "SELECT COUNT(*), SUM(quantity) FROM orders WHERE customer_id = ?");
                 PreparedStatement byDay = db.prepareStatement(
                    "SELECT COUNT(*), MAX(quantity), MIN(product_id) FROM orders WHERE order_day BETWEEN ? AND ?");
                 PreparedStatement byKey = db.prepareStatement("SELECT name, price FROM product WHERE id = ?")) {
                for (int i = 0; i < lookups; i++) {
                    byCustomer.setInt(1, (i * 7919) % customers);
                    rows += fold(results, byCustomer.executeQuery());
                    byKey.setInt(1, (i * 104_729) % products);
                    rows += fold(results, byKey.executeQuery());
                    if (i % 20 == 0) {
                        int day = i % 365;
                        byDay.setInt(1, day);
                        byDay.setInt(2, day + 3);
                        rows += fold(results, byDay.executeQuery());
                    }
                }
            }
            return "h2 orders=" + orders + " rows=" + rows + " crc=" + Long.toHexString(results.getValue());
        }
    }

    private static void createSchema(Connection db) throws SQLException {
        try (Statement ddl = db.createStatement()) {
            ddl.execute("CREATE TABLE customer(id INT PRIMARY KEY, name VARCHAR(100), region INT)");
            ddl.execute("CREATE TABLE product(id INT PRIMARY KEY, name VARCHAR(100), price DECIMAL(12, 2), category INT)");
            ddl.execute("CREATE TABLE orders(id INT PRIMARY KEY, customer_id INT, product_id INT, quantity INT, order_day INT)");
            ddl.execute("CREATE INDEX orders_customer ON orders(customer_id)");
            ddl.execute("CREATE INDEX orders_day ON orders(order_day)");
        }
    }

    private static void load(Connection db, SyntheticText text, int customers, int products, int orders)
            throws SQLException {
        try (PreparedStatement insert = db.prepareStatement("INSERT INTO customer VALUES (?, ?, ?)")) {
            for (int id = 0; id < customers; id++) {
                insert.setInt(1, id);
                insert.setString(2, text.word() + " " + text.word());
                insert.setInt(3, text.nextInt(12));
                insert.addBatch();
            }
            insert.executeBatch();
        }
        try (PreparedStatement insert = db.prepareStatement("INSERT INTO product VALUES (?, ?, ?, ?)")) {
            for (int id = 0; id < products; id++) {
                insert.setInt(1, id);
                insert.setString(2, text.word());
                insert.setBigDecimal(3, BigDecimal.valueOf(100 + text.nextInt(100_000), 2));
                insert.setInt(4, text.nextInt(10));
                insert.addBatch();
            }
            insert.executeBatch();
        }
        try (PreparedStatement insert = db.prepareStatement("INSERT INTO orders VALUES (?, ?, ?, ?, ?)")) {
            for (int id = 0; id < orders; id++) {
                insert.setInt(1, id);
                insert.setInt(2, text.nextInt(customers));
                insert.setInt(3, text.nextInt(products));
                insert.setInt(4, 1 + text.nextInt(20));
                insert.setInt(5, text.nextInt(365));
                insert.addBatch();
                if (id % 1_000 == 999) {
                    insert.executeBatch();
                }
            }
            insert.executeBatch();
        }
    }

    /** Folds every column of every row into {@code crc}; returns the number of rows. */
    private static int fold(CRC32 crc, ResultSet rows) throws SQLException {
        int count = 0;
        try (rows) {
            int columns = rows.getMetaData().getColumnCount();
            while (rows.next()) {
                count++;
                for (int c = 1; c <= columns; c++) {
                    crc.update(String.valueOf(rows.getObject(c)).getBytes(StandardCharsets.UTF_8));
                    crc.update('|');
                }
            }
        }
        return count;
    }
}
