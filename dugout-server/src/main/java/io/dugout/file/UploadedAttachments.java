package io.dugout.file;

import io.dugout.message.Attachment;
import io.dugout.message.AttachmentUploads;
import io.dugout.message.MessageKind;
import io.dugout.system.DugoutException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes the uploads a message names its own, and gives each the attachment of the stored file: its
 * stable download path, name, size, detected type and, for an image, its width and height. When the
 * message is deleted, removes them, unless something holds them ({@link UploadRemoval}).
 *
 * <p>A message may name an upload until its slot has been expired for half the sweep's grace
 * ({@code dugout.files.sweep.grace}): the sweep removes unused uploads only after the whole grace,
 * so it never removes one that a message is taking at that moment.
 */
final class UploadedAttachments implements AttachmentUploads {

  private static final Logger log = LoggerFactory.getLogger(UploadedAttachments.class);

  private final UploadStore uploads;
  private final UploadRemoval removal;
  private final FileMetrics metrics;
  private final Duration lateSend;
  private final Clock clock;

  UploadedAttachments(
      UploadStore uploads,
      UploadRemoval removal,
      FileMetrics metrics,
      FileProperties properties,
      Clock clock) {
    this.uploads = uploads;
    this.removal = removal;
    this.metrics = metrics;
    this.lateSend = properties.sweep().grace().dividedBy(2);
    this.clock = clock;
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
      if (upload.usedBy() == null && clock.instant().isAfter(upload.expiresAt().plus(lateSend))) {
        throw DugoutException.invalid(
            field,
            "names an upload whose slot expired at " + upload.expiresAt() + ": upload again");
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

  @Override
  public void releasing(String roomId, long seq, List<Attachment> attachments) {
    var release = new Upload.Release(roomId, seq, clock.instant());
    for (String uploadId : uploadIds(attachments)) {
      uploads.release(uploadId, release);
    }
  }

  @Override
  public void released(String roomId, long seq, List<Attachment> attachments) {
    for (String uploadId : uploadIds(attachments)) {
      try {
        Upload upload = uploads.get(uploadId);
        if (upload != null && removal.remove(upload) == UploadRemoval.Outcome.REMOVED) {
          metrics.messageDeleted();
        }
      } catch (RuntimeException e) {
        log.warn(
            "Could not remove upload {} of deleted message {} in room {} (the sweep will): {}",
            uploadId,
            seq,
            roomId,
            e.toString());
      }
    }
  }

  private static List<String> uploadIds(List<Attachment> attachments) {
    if (attachments == null) {
      return List.of();
    }
    return attachments.stream().map(Attachment::uploadId).filter(id -> id != null).toList();
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
