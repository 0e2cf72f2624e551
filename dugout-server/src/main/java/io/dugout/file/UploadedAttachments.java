package io.dugout.file;

import io.dugout.message.Attachment;
import io.dugout.message.AttachmentUploads;
import io.dugout.message.MessageKind;
import io.dugout.system.DugoutException;
import java.util.ArrayList;
import java.util.List;

/**
 * Makes the uploads a message names its own, and gives each the attachment of the stored file: its
 * stable download path, name, size, detected type and, for an image, its width and height.
 */
final class UploadedAttachments implements AttachmentUploads {

  private final UploadStore uploads;

  UploadedAttachments(UploadStore uploads) {
    this.uploads = uploads;
  }

  /** The path a member downloads the file of an upload from; stable, never a bearer link. */
  static String url(String roomId, String uploadId) {
    return "/api/v1/rooms/" + roomId + "/files/" + uploadId;
  }

  @Override
  public List<Attachment> resolve(
      String roomId,
      String senderId,
      String clientMsgId,
      MessageKind kind,
      List<Attachment> attachments) {
    var resolved = new ArrayList<Attachment>(attachments.size());
    for (int i = 0; i < attachments.size(); i++) {
      Attachment a = attachments.get(i);
      if (a.uploadId() == null) {
        resolved.add(a);
        continue;
      }
      String field = "attachments[" + i + "].uploadId";
      for (int j = 0; j < i; j++) {
        if (a.uploadId().equals(attachments.get(j).uploadId())) {
          throw DugoutException.invalid(field, "names an upload twice");
        }
      }
      Upload upload = uploads.get(a.uploadId());
      FileRights.requireSendable(upload, roomId, senderId, field);
      if (a.size() != null && a.size() != upload.declaredSize()) {
        throw DugoutException.invalid(
            "attachments[" + i + "].size",
            "is " + a.size() + " but the upload has " + upload.declaredSize() + " bytes");
      }
      if (kind == MessageKind.IMAGE && !FileTypes.isImage(upload.type())) {
        throw DugoutException.invalid(field, "names a " + upload.type() + " file, not an image");
      }
      if (upload.usedBy() != null && !upload.usedBy().equals(clientMsgId)) {
        throw usedByAnother(field);
      }
      resolved.add(attachment(upload));
    }
    // why: marked only once every attachment passed, so a refused message takes no upload
    for (Attachment a : attachments) {
      if (a.uploadId() != null) {
        Upload used = uploads.use(a.uploadId(), clientMsgId);
        if (!clientMsgId.equals(used.usedBy())) {
          throw usedByAnother("attachments[" + attachments.indexOf(a) + "].uploadId");
        }
      }
    }
    return resolved;
  }

  private static DugoutException usedByAnother(String field) {
    return DugoutException.conflict(field + ": the upload is already used by another message");
  }

  private static Attachment attachment(Upload upload) {
    return new Attachment(
        url(upload.roomId(), upload.id()),
        upload.name(),
        upload.size(),
        upload.type(),
        upload.id(),
        upload.width(),
        upload.height());
  }
}
