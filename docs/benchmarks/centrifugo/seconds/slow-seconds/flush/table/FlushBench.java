import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import org.rocksdb.*;

/**
 * Fills a family built like Dugout's {@code messages} with N message-like entries and flushes it;
 * prints the flushes' wall and CPU time as RocksDB's LOG gives them. See README.md.
 */
public class FlushBench {
  public static void main(String[] a) throws Exception {
    RocksDB.loadLibrary();
    String variant = a[0];
    int n = Integer.parseInt(a[1]);
    Path dir = Files.createTempDirectory("fb");
    var cache = new LRUCache(256L << 20);
    var table = new BlockBasedTableConfig().setBlockCache(cache).setCacheIndexAndFilterBlocks(true);
    if (!variant.contains("nobloom")) table.setFilterPolicy(new BloomFilter(10));
    if (variant.contains("b16")) table.setBlockSize(16 * 1024);
    if (variant.contains("crc")) table.setChecksumType(ChecksumType.kCRC32c);
    var cf = new ColumnFamilyOptions().setTableFormatConfig(table)
        .setCompressionType(CompressionType.LZ4_COMPRESSION).optimizeLevelStyleCompaction();
    if (variant.contains("onemem")) cf.setMinWriteBufferNumberToMerge(1);
    var db = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true)
        .setMaxBackgroundJobs(2);
    if (variant.contains("direct")) db.setUseDirectIoForFlushAndCompaction(true);
    var handles = new ArrayList<ColumnFamilyHandle>();
    var rdb = RocksDB.open(db, dir.toString(),
        List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, cf),
            new ColumnFamilyDescriptor("messages".getBytes(), cf)), handles);
    var h = handles.get(1);
    var wo = new WriteOptions();
    var rnd = new Random(1);
    String[] rooms = new String[100];
    for (int i = 0; i < 100; i++) rooms[i] = UUID.randomUUID().toString();
    long[] seq = new long[100];
    char[] content = new char[100];
    long bytes = 0;
    for (int i = 0; i < n; i++) {
      int r = rnd.nextInt(100);
      long s = ++seq[r];
      byte[] room = rooms[r].getBytes(StandardCharsets.US_ASCII);
      byte[] key = ByteBuffer.allocate(room.length + 1 + 8).put(room).put((byte) 0).putLong(s).array();
      for (int c = 0; c < content.length; c++) content[c] = (char) ('a' + rnd.nextInt(26));
      String json = "{\"roomId\":\"" + rooms[r] + "\",\"seq\":" + s + ",\"senderId\":\"user-" + rnd.nextInt(1000)
          + "\",\"kind\":\"TEXT\",\"content\":\"" + new String(content) + "\",\"attachments\":[],\"clientMsgId\":\""
          + UUID.randomUUID() + "\",\"sentAt\":\"2026-11-28T21:00:00.123Z\"}";
      byte[] v = json.getBytes(StandardCharsets.UTF_8);
      bytes += key.length + v.length;
      try (var b = new WriteBatch()) { b.put(h, key, v); rdb.write(wo, b); }
    }
    try (var fo = new FlushOptions().setWaitForFlush(true)) { rdb.flush(fo, h); }
    rdb.close();
    String log = Files.readString(dir.resolve("LOG"));
    var m = java.util.regex.Pattern.compile("\\[messages\\] \\[JOB \\d+\\] Flush lasted (\\d+) microseconds, and (\\d+) cpu").matcher(log);
    long wall = 0, cpu = 0; int count = 0;
    while (m.find()) { wall += Long.parseLong(m.group(1)); cpu += Long.parseLong(m.group(2)); count++; }
    long sst = 0;
    try (var s = Files.list(dir)) { for (var p : (Iterable<Path>) s::iterator) if (p.toString().endsWith(".sst")) sst += Files.size(p); }
    System.out.printf("%-14s n=%d raw=%d MB flushes=%d wall=%d ms cpu=%d ms sst=%d MB%n", variant, n, bytes >> 20, count, wall / 1000, cpu / 1000, sst >> 20);
  }
}
