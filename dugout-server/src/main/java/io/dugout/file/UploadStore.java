package io.dugout.file;

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
 * </ul>
 *
 * <p>Thread-safe.
 */
public interface UploadStore {

  /** Writes {@code upload}, replacing any record of its id except its {@code usedBy}. */
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
}
