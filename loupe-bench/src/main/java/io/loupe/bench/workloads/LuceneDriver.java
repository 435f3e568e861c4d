package io.loupe.bench.workloads;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.IntPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.SerialMergeScheduler;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.PhraseQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.ByteBuffersDirectory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * Lucene in the shape of DaCapo's luindex and lusearch: index generated documents into a
 * {@link ByteBuffersDirectory} with the English analyzer (Porter stemming, stop words), then run a
 * fixed mix of term, boolean, phrase, range and sorted queries, reading the stored id of each hit.
 *
 * <p>Single-threaded and deterministic on purpose: a {@link SerialMergeScheduler} merges on the
 * indexing thread, flushes happen every fixed number of documents rather than by RAM use, the
 * searcher has no executor and no query cache. So segments, doc ids and scores are the same on
 * every run, and so is the CRC-32 of the results.
 *
 * <p>Run: {@code java -cp loupe-bench/target/classes:$(cat loupe-bench/target/bench.classpath)
 * io.loupe.bench.workloads.LuceneDriver [small|full]}
 */
public final class LuceneDriver {
    private static final String BODY = "body";
    private static final String TITLE = "title";
    private static final String ID = "id";
    private static final String YEAR = "year";

    private LuceneDriver() {
    }

    public static void main(String[] args) throws Exception {
        Driver.main(args, LuceneDriver::run);
    }

    static String run(Size size) throws IOException {
        int documents = size.pick(2_000, 40_000);
        int queries = size.pick(300, 6_000);
        var text = new SyntheticText(31337L, 12_000);
        try (var directory = new ByteBuffersDirectory(); Analyzer analyzer = new EnglishAnalyzer()) {
            index(directory, analyzer, text, documents);
            try (DirectoryReader reader = DirectoryReader.open(directory)) {
                var searcher = new IndexSearcher(reader);
                searcher.setQueryCache(null);
                var results = new CRC32();
                long hits = 0;
                for (int q = 0; q < queries; q++) {
                    hits += search(searcher, query(analyzer, text, q), q, results);
                }
                return "lucene docs=" + reader.numDocs() + " segments=" + reader.leaves().size()
                        + " hits=" + hits + " crc=" + Long.toHexString(results.getValue());
            }
        }
    }

    private static void index(ByteBuffersDirectory directory, Analyzer analyzer, SyntheticText text,
                              int documents) throws IOException {
        var config = new IndexWriterConfig(analyzer)
                .setMergeScheduler(new SerialMergeScheduler())
                .setMaxBufferedDocs(2_500)
                .setRAMBufferSizeMB(IndexWriterConfig.DISABLE_AUTO_FLUSH);
        try (var writer = new IndexWriter(directory, config)) {
            for (int id = 0; id < documents; id++) {
                var doc = new Document();
                doc.add(new StringField(ID, Integer.toString(id), Field.Store.YES));
                doc.add(new TextField(TITLE, text.sentence(3 + text.nextInt(5)), Field.Store.YES));
                var body = new StringBuilder();
                for (int s = 4 + text.nextInt(12); s > 0; s--) {
                    body.append(text.sentence(5 + text.nextInt(15))).append(' ');
                }
                doc.add(new TextField(BODY, body.toString(), Field.Store.NO));
                int year = 1990 + text.nextInt(35);
                doc.add(new IntPoint(YEAR, year));
                doc.add(new NumericDocValuesField(YEAR, year));
                writer.addDocument(doc);
                if (id % 97 == 96) {
                    writer.deleteDocuments(new Term(ID, Integer.toString(id / 2)));
                }
            }
            writer.commit();
        }
    }

    /** Query {@code q} of the fixed mix; terms are drawn from the same skewed vocabulary as the text. */
    private static Query query(Analyzer analyzer, SyntheticText text, int q) throws IOException {
        String first = analyzed(analyzer, text.word());
        String second = analyzed(analyzer, text.word());
        return switch (q % 5) {
            case 0 -> new TermQuery(new Term(BODY, first));
            case 1 -> new BooleanQuery.Builder()
                    .add(new TermQuery(new Term(BODY, first)), Occur.MUST)
                    .add(new TermQuery(new Term(BODY, second)), Occur.SHOULD)
                    .add(new TermQuery(new Term(TITLE, second)), Occur.SHOULD)
                    .build();
            case 2 -> new PhraseQuery(1, BODY, first, second);
            case 3 -> new BooleanQuery.Builder()
                    .add(new TermQuery(new Term(BODY, first)), Occur.MUST)
                    .add(IntPoint.newRangeQuery(YEAR, 2000, 2010), Occur.FILTER)
                    .build();
            default -> new BooleanQuery.Builder()
                    .add(new TermQuery(new Term(TITLE, first)), Occur.SHOULD)
                    .add(new TermQuery(new Term(TITLE, second)), Occur.SHOULD)
                    .build();
        };
    }

    private static long search(IndexSearcher searcher, Query query, int q, CRC32 results) throws IOException {
        TopDocs top = q % 7 == 0
                ? searcher.search(query, 20, new Sort(new SortField(YEAR, SortField.Type.INT, true)))
                : searcher.search(query, 10);
        StoredFields stored = searcher.storedFields();
        for (ScoreDoc hit : top.scoreDocs) {
            results.update(stored.document(hit.doc).get(ID).getBytes(StandardCharsets.UTF_8));
            results.update(Float.floatToIntBits(hit.score));
        }
        return top.totalHits.value;
    }

    /** The first term the analyzer makes of {@code word} (its stem), or the word when it is a stop word. */
    private static String analyzed(Analyzer analyzer, String word) throws IOException {
        try (TokenStream tokens = analyzer.tokenStream(BODY, word)) {
            CharTermAttribute term = tokens.addAttribute(CharTermAttribute.class);
            tokens.reset();
            String result = tokens.incrementToken() ? term.toString() : word;
            tokens.end();
            return result;
        }
    }
}
