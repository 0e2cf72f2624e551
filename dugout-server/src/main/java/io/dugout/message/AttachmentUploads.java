package io.dugout.message;

import io.dugout.system.DugoutException;
import java.util.List;

/**
 * Turns the attachments of a message being sent that name an upload ({@link Attachment#uploadId})
 * into the files they name, and marks each upload used by that message; when the message is
 * deleted, releases them, so that their files go with it. Implemented by the file capability;
 * without it ({@link #NONE}) a message may not name uploads, and there is nothing to release.
 *
 * <p>A delete releases in two steps around its commit: {@link #releasing} before, {@link #released}
 * after. A node that stops between them leaves marks that the file capability's sweep finishes (the
 * message is deleted) or clears (the delete never committed).
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

  /**
   * Marks the uploads {@code attachments} name as being released with the message at {@code seq} of
   * {@code roomId}, before its delete is committed. Durable on return.
   *
   * @throws RuntimeException when a mark could not be written; then the delete must not commit
   */
  default void releasing(String roomId, long seq, List<Attachment> attachments) {}

  /**
   * Deletes the files of the uploads {@code attachments} name, once the delete of the message at
   * {@code seq} of {@code roomId} is committed. Never throws: what it could not delete, the sweep
   * deletes later.
   */
  default void released(String roomId, long seq, List<Attachment> attachments) {}
}
