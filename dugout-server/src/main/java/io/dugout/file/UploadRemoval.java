package io.dugout.file;

import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes an upload whole: its bytes and thumbnail from the {@link FileStore} first, then its
 * record. In that order a stop half way leaves a record whose bytes are gone (which the next try
 * removes again: deletes are idempotent), never bytes that no record points at for good.
 */
final class UploadRemoval {

  private static final Logger log = LoggerFactory.getLogger(UploadRemoval.class);

  private final UploadStore uploads;
  private final FileStore files;

  UploadRemoval(UploadStore uploads, FileStore files) {
    this.uploads = uploads;
    this.files = files;
  }

  /** Removes the upload; false when its bytes could not be deleted, and its record is kept. */
  boolean remove(Upload upload) {
    try {
      files.delete(UploadSlots.thumbnailKey(upload.id()));
      files.delete(UploadSlots.key(upload.id()));
    } catch (IOException | RuntimeException e) {
      log.warn(
          "Could not delete the bytes of upload {} (tried again later): {}",
          upload.id(),
          e.toString());
      return false;
    }
    uploads.delete(upload.id());
    return true;
  }
}
