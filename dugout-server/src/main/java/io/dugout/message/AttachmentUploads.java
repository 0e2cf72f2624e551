package io.dugout.message;

import io.dugout.system.DugoutException;
import java.util.List;

/**
 * Turns the attachments of a message being sent that name an upload ({@link Attachment#uploadId})
 * into the files they name, and marks each upload used by that message. Implemented by the file
 * capability; without it ({@link #NONE}) a message may not name uploads.
 */
public interface AttachmentUploads {

  /** Refuses every attachment that names an upload. */
  AttachmentUploads NONE =
      (roomId, senderId, clientMsgId, kind, attachments) -> {
        for (int i = 0; i < attachments.size(); i++) {
          if (attachments.get(i).uploadId() != null) {
            throw DugoutException.invalid(
                "attachments[" + i + "].uploadId",
                "uploads are not available with this node's store");
          }
        }
        return attachments;
      };

  /**
   * The attachments, each that names an upload replaced by the stored file's attachment, the others
   * as they are. An upload is accepted only when it exists, belongs to {@code roomId} and {@code
   * senderId}, its bytes are complete, and no message but {@code clientMsgId} of {@code senderId}
   * uses it; once accepted it is that message's for good, so a retry of the same send is accepted
   * again and any other message naming it is refused. An {@code IMAGE} message carries images only.
   *
   * @throws DugoutException naming the attachment at fault
   */
  List<Attachment> resolve(
      String roomId,
      String senderId,
      String clientMsgId,
      MessageKind kind,
      List<Attachment> attachments);
}
