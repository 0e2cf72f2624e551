package io.dugout.file;

import java.time.Instant;
import java.util.List;

/**
 * Keeps upload slots, so that they outlive a restart and, in a cluster, are seen by every node. One
 * record per upload id.
 *
 * <ul>
 *   <li><b>put</b> writes the record as given, durable on return (the write-ahead log, or the
 *       database's majority write). It is for the slot's own steps (opened, bytes stored), which
 *       one request at a time makes.
 *   <li><b>use</b> is the one step several requests may race for (two messages naming one upload):
 *       it is atomic per upload, a compare-and-set on {@code usedBy}, so at most one message ever
 *       uses an upload, and the same message asking again is answered as the first time.
 *   <li><b>release</b> and <b>unrelease</b> set and clear the mark of an upload whose message is
 *       being deleted ({@link Upload.Release}); each changes an existing record only (never makes
 *       one), atomically per upload, so a mark never brings back a record that was deleted.
 *   <li><b>expiredUnused</b> and <b>releasing</b> are the sweep's queries: each answers at most
 *       {@code limit} records, in no particular order, among those whose write had returned before
 *       it began. Their cost may grow with the number of uploads (RocksDB scans them all), never
 *       with the number of messages; MongoDB answers them from an index.
 *   <li><b>delete</b> is idempotent: deleting an absent record does nothing.
 * </ul>
 *
 * <p>Thread-safe.
 */
public interface UploadStore {

  /**
   * Writes {@code upload}, replacing any record of its id except its {@code usedBy} and its release
   * mark.
   */
  void put(Upload upload);

  /** The upload with this id, or null. */
  Upload get(String uploadId);

  /**
   * Marks the upload used by the message {@code clientMsgId} when no message uses it yet; answers
   * the upload as it is afterwards. A caller compares {@link Upload#usedBy()} with its own {@code
   * clientMsgId} to learn whether it won.
   *
   * @return null when there is no upload with this id
   */
  Upload use(String uploadId, String clientMsgId);

  /**
   * Marks the upload as being released with its message ({@code release}); answers it as it is
   * afterwards.
   *
   * @return null when there is no upload with this id (nothing is written)
   */
  Upload release(String uploadId, Upload.Release release);

  /**
   * Clears the upload's release mark when it is still {@code release}; does nothing when the upload
   * is gone or carries another mark (a later delete of its message marked it again).
   *
   * @return whether the mark was cleared
   */
  boolean unrelease(String uploadId, Upload.Release release);

  /**
   * Uploads no message uses ({@code usedBy} null, whether their bytes arrived or not) whose slot
   * expired before {@code before}.
   */
  List<Upload> expiredUnused(Instant before, int limit);

  /** Uploads whose release mark was made before {@code markedBefore}. */
  List<Upload> releasing(Instant markedBefore, int limit);

  /** Removes the record of the upload, if there is one; its bytes are the caller's business. */
  void delete(String uploadId);
}
