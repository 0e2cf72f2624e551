package io.dugout.file;

import io.dugout.auth.Caller;
import io.dugout.message.RoomAccess;
import io.dugout.system.DugoutException;

/**
 * Who may do what with files: the one place each right is decided, from the membership answer of
 * {@link RoomAccess}, asked at the moment of each request, so a removed member loses every right at
 * once.
 *
 * <ul>
 *   <li><b>Upload</b>: a member of the room (or a service token), for themselves.
 *   <li><b>Send</b>: the uploader, in the upload's room, once its bytes are stored, in one message.
 *   <li><b>Download</b>: a member of the room, once a message carries the file; before that only
 *       its uploader (or a service token), and to anyone else it does not exist. Once its message
 *       is being deleted, or deleted and only held, it exists for no member.
 *   <li><b>Read a held file</b> ({@link HeldUploads#send}): a service token only, for the report
 *       whose evidence names it, as long as its bytes are kept; members never.
 * </ul>
 */
final class FileRights {

  private final RoomAccess access;

  FileRights(RoomAccess access) {
    this.access = access;
  }

  void requireUploader(Caller caller, String roomId) {
    access.requireReader(caller, roomId);
  }

  /**
   * Refuses an upload a message of {@code senderId} in {@code roomId} may not carry.
   *
   * @param field the attachment's field, for the error
   */
  static void requireSendable(Upload upload, String roomId, String senderId, String field) {
    if (upload == null || !upload.roomId().equals(roomId)) {
      throw DugoutException.invalid(field, "names no upload of this room");
    }
    if (!upload.uploaderId().equals(senderId)) {
      throw DugoutException.invalid(field, "names an upload of another user");
    }
    if (!upload.isStored()) {
      throw DugoutException.invalid(field, "names an upload whose bytes have not arrived");
    }
    if (upload.isHeld()) {
      throw DugoutException.invalid(field, "names an upload whose message was deleted");
    }
  }

  /**
   * The upload when the caller may download it now; not found otherwise, as if it did not exist.
   */
  Upload requireDownloader(Caller caller, String roomId, Upload upload) {
    access.requireReader(caller, roomId);
    if (upload == null
        || !upload.roomId().equals(roomId)
        || !upload.isStored()
        || upload.isHeld()
        || upload.release() != null) {
      throw DugoutException.notFound("no such file in room " + roomId);
    }
    boolean own = caller.service() || caller.userId().equals(upload.uploaderId());
    if (upload.usedBy() == null && !own) {
      throw DugoutException.notFound("no such file in room " + roomId);
    }
    return upload;
  }

  /**
   * The upload when the caller may read it as what holds it (a report's evidence): a service token,
   * while the upload's bytes are kept; not found otherwise.
   */
  Upload requireHolder(Caller caller, String roomId, Upload upload) {
    if (!caller.service()) {
      throw DugoutException.forbidden("only a service token may read the files of evidence");
    }
    if (upload == null || !upload.roomId().equals(roomId) || !upload.isStored()) {
      throw DugoutException.notFound("no such file in room " + roomId);
    }
    return upload;
  }
}
