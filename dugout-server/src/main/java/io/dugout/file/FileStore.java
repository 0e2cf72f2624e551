package io.dugout.file;

import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.List;

/**
 * Where the bytes of uploaded files are kept, by key. Keys are paths of segments separated by
 * {@code /}, each segment letters, digits, {@code -}, {@code _} or {@code .} (never {@code .} or
 * {@code ..} alone); the caller chooses them.
 *
 * <ul>
 *   <li><b>put is atomic</b>: an object is either whole or absent. A put that fails (the stream
 *       throws, it is over its limit, the disk fills) leaves the key as it was before; a put that
 *       returns has the object durable (on the disk, not only in a cache). Putting a key again
 *       replaces the object whole.
 *   <li><b>get streams</b>: the bytes are read from the store as the caller reads them, never held
 *       in memory whole. An object replaced while it is read is read either old or new, never
 *       mixed.
 *   <li><b>delete is idempotent</b>: deleting a key that is absent does nothing.
 *   <li><b>list</b> finds objects by key prefix and age, for sweeps that remove what nothing uses;
 *       it sees objects whose put had returned before it began.
 * </ul>
 *
 * <p>Thread-safe. Several nodes may share one store (an S3-compatible bucket); the embedded adapter
 * ({@code LocalFileStore}) is on one node's disk.
 */
public interface FileStore {

  /**
   * Stores the bytes of {@code content} under {@code key}, reading it to its end.
   *
   * @param maxBytes the most bytes the object may have
   * @return how many bytes were stored
   * @throws TooLarge when {@code content} holds more than {@code maxBytes}; nothing is stored
   * @throws IOException when reading {@code content} or writing fails; nothing is stored
   */
  long put(String key, InputStream content, long maxBytes) throws IOException;

  /**
   * The object's bytes, streamed; the caller closes the stream.
   *
   * @return null when there is no object under {@code key}
   */
  InputStream get(String key) throws IOException;

  /** Removes the object under {@code key}, if there is one. */
  void delete(String key) throws IOException;

  /**
   * The objects whose key starts with {@code prefix} and that were stored before {@code before}, in
   * no particular order, at most {@code limit} of them.
   */
  List<StoredObject> list(String prefix, Instant before, int limit) throws IOException;

  /** An object as {@link #list} sees it. */
  record StoredObject(String key, long size, Instant storedAt) {}

  /** Thrown by {@link #put} when the content is over its limit. */
  final class TooLarge extends IOException {
    public TooLarge(long maxBytes) {
      super("the content is over " + maxBytes + " bytes");
    }
  }
}
