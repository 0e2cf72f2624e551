package io.dugout.file;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;

/**
 * Finds objects under {@code uploads/} and {@code thumbnails/} that no upload record names (a stop
 * between storing bytes and writing the record, or between deleting bytes and the record) and
 * deletes them.
 *
 * <p>Upload ids are UUIDv7, so an id's first hex digits are the time its slot was opened, and a key
 * prefix of seven digits holds the ids of one window of 2<sup>20</sup> ms (about 17.5 minutes). The
 * sweep lists window by window, so it never lists the whole store and still reaches every window:
 * from a cursor up to the window of the grace's edge. Bytes arrive up to a slot's expiry after its
 * id was made, so a window is done only once {@code settle} (the upload expiry plus the grace) has
 * passed since it closed; the cursor stays on the oldest window not done, and so each sweep lists
 * the last few windows again (about five, by default). The cursor starts {@link #LOOKBACK} before
 * the node started (what a crash left behind), and a sweep lists at most {@link #MAX_WINDOWS}
 * windows (a day). A window with {@link #PER_LIST} objects or more is listed by its sixteen
 * sub-windows (about 65 s each). Objects whose key is no upload id are not Dugout's and are left
 * alone, and so are objects of an upload something holds ({@link UploadHolds}), record or not.
 *
 * <p>Not thread-safe: one sweep at a time, on the sweeper's thread.
 */
final class OrphanSweep {

  static final Duration LOOKBACK = Duration.ofDays(1);
  static final int PER_LIST = 5_000;
  static final int MAX_WINDOWS = 96;
  private static final List<String> PREFIXES = List.of("uploads/", "thumbnails/");
  private static final int WINDOW_SHIFT = 20;

  private final UploadStore uploads;
  private final FileStore files;
  private final UploadHolds holds;
  private final FileMetrics metrics;
  private final Duration settle;
  private long cursor;

  OrphanSweep(
      UploadStore uploads,
      FileStore files,
      UploadHolds holds,
      FileMetrics metrics,
      Duration settle,
      Instant startedAt) {
    this.uploads = uploads;
    this.files = files;
    this.holds = holds;
    this.metrics = metrics;
    this.settle = settle;
    this.cursor = window(startedAt.minus(LOOKBACK));
  }

  /** Deletes the orphans stored before {@code before}; returns how many. */
  int sweep(Instant before) throws IOException {
    long last = window(before);
    long settled = window(before.minus(settle));
    long from = Math.min(cursor, settled);
    long to = Math.min(last, from + MAX_WINDOWS - 1);
    int removed = 0;
    for (long window = from; window <= to; window++) {
      String digits = String.format("%07x", window);
      for (String prefix : PREFIXES) {
        removed += sweep(prefix, digits, before);
      }
    }
    cursor = Math.min(to + 1, settled);
    return removed;
  }

  private int sweep(String prefix, String digits, Instant before) throws IOException {
    var objects = files.list(prefix + digits, before, PER_LIST);
    if (objects.size() < PER_LIST) {
      return remove(prefix, objects);
    }
    int removed = 0;
    for (char digit : "0123456789abcdef".toCharArray()) {
      removed += remove(prefix, files.list(prefix + digits + digit, before, PER_LIST));
    }
    return removed;
  }

  private int remove(String prefix, List<FileStore.StoredObject> objects) throws IOException {
    int removed = 0;
    for (var object : objects) {
      String uploadId = object.key().substring(prefix.length());
      if (isUploadId(uploadId) && uploads.get(uploadId) == null && !holds.holds(uploadId)) {
        files.delete(object.key());
        removed++;
        metrics.orphan();
      }
    }
    return removed;
  }

  /** The window of ids minted at {@code instant}: the top 28 bits of its 48-bit milliseconds. */
  static long window(Instant instant) {
    return instant.toEpochMilli() >>> WINDOW_SHIFT;
  }

  private static boolean isUploadId(String id) {
    if (id.length() != 36) {
      return false;
    }
    for (int i = 0; i < id.length(); i++) {
      char c = id.charAt(i);
      boolean dash = i == 8 || i == 13 || i == 18 || i == 23;
      if (dash ? c != '-' : !HexFormat.isHexDigit(c)) {
        return false;
      }
    }
    return true;
  }
}
