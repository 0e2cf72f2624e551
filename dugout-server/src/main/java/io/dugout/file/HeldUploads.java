package io.dugout.file;

import io.dugout.auth.Caller;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The files something holds beyond their message ({@link UploadHolds}): read by whoever holds them,
 * and removed when the last hold ends and their message is gone.
 */
public final class HeldUploads {

  private final UploadStore uploads;
  private final UploadRemoval removal;
  private final FileRights rights;
  private final FileDownloads downloads;
  private final FileMetrics metrics;

  HeldUploads(
      UploadStore uploads,
      UploadRemoval removal,
      FileRights rights,
      FileDownloads downloads,
      FileMetrics metrics) {
    this.uploads = uploads;
    this.removal = removal;
    this.rights = rights;
    this.downloads = downloads;
    this.metrics = metrics;
  }

  /**
   * Streams the bytes of the upload {@code uploadId} of {@code roomId} with their detected type,
   * whether its message is still there or deleted and the file only held, to a caller {@link
   * FileRights#requireHolder} lets read it; the caller has checked that its hold names the upload.
   * Never a redirect to the store.
   */
  public void send(Caller caller, String roomId, String uploadId, HttpServletResponse response)
      throws IOException {
    var upload = rights.requireHolder(caller, roomId, uploads.get(uploadId));
    downloads.stream(
        UploadSlots.key(upload.id()),
        upload.size(),
        upload.type(),
        upload.name(),
        roomId,
        response);
  }

  /**
   * Tells that a hold on the upload {@code uploadId} ended: a {@code HELD} upload is removed when
   * nothing else holds it; an upload whose message still has it, or that is gone, is left as it is.
   *
   * @return false when its bytes could not be deleted now (ask again later), true otherwise
   */
  public boolean letGo(String uploadId) {
    Upload upload = uploads.get(uploadId);
    if (upload == null || !upload.isHeld()) {
      return true;
    }
    var outcome = removal.remove(upload);
    if (outcome == UploadRemoval.Outcome.REMOVED) {
      metrics.messageDeleted();
    }
    return outcome != UploadRemoval.Outcome.FAILED;
  }
}
