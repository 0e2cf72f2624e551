package io.dugout.file;

import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes an upload whole: its bytes and thumbnail from the {@link FileStore} first, then its
 * record. In that order a stop half way leaves a record whose bytes are gone (which the next try
 * removes again: deletes are idempotent), never bytes that no record points at for good.
 *
 * <p>It asks {@link UploadHolds} first: a held upload is kept instead, as {@link Upload.State#HELD}
 * without its release mark (in that order, so a stop between leaves a mark the sweep finishes by
 * asking again), until {@link HeldUploads#letGo} removes it once nothing holds it.
 */
final class UploadRemoval {

  private static final Logger log = LoggerFactory.getLogger(UploadRemoval.class);

  /** What {@link #remove} did. */
  enum Outcome {
    /** The bytes and the record are gone. */
    REMOVED,
    /** Something holds the bytes: they and the record are kept, as {@code HELD}. */
    HELD,
    /** The bytes could not be deleted; the record is kept, so a later try removes them. */
    FAILED
  }

  private final UploadStore uploads;
  private final FileStore files;
  private final UploadHolds holds;

  UploadRemoval(UploadStore uploads, FileStore files, UploadHolds holds) {
    this.uploads = uploads;
    this.files = files;
    this.holds = holds;
  }

  /** Removes the upload unless something holds it. */
  Outcome remove(Upload upload) {
    if (holds.holds(upload.id())) {
      if (!upload.isHeld()) {
        uploads.put(upload.held());
      }
      if (upload.release() != null) {
        uploads.unrelease(upload.id(), upload.release());
      }
      return Outcome.HELD;
    }
    try {
      files.delete(UploadSlots.thumbnailKey(upload.id()));
      files.delete(UploadSlots.key(upload.id()));
    } catch (IOException | RuntimeException e) {
      log.warn(
          "Could not delete the bytes of upload {} (tried again later): {}",
          upload.id(),
          e.toString());
      return Outcome.FAILED;
    }
    uploads.delete(upload.id());
    return Outcome.REMOVED;
  }
}
