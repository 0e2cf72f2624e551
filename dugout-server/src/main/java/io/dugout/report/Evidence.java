package io.dugout.report;

import io.dugout.message.Attachment;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The reported message as it was when reported, copied into the report so that a later edit or
 * delete does not change it: its sender, seq, kind, content and attachments' metadata (an upload's
 * id, name, type and size). The bytes of the uploads it names are held while the evidence is kept
 * ({@link EvidenceHolds}), so they outlive a delete of the message.
 */
public record Evidence(
    String senderId,
    long seq,
    String kind,
    String content,
    List<Attachment> attachments,
    Instant sentAt,
    Instant editedAt) {

  public Evidence {
    attachments = attachments == null ? List.of() : List.copyOf(attachments);
  }

  /** The ids of the uploads its attachments name, in their order; their bytes are held with it. */
  public List<String> uploadIds() {
    return attachments.stream().map(Attachment::uploadId).filter(Objects::nonNull).toList();
  }

  /** Whether one of its attachments names the upload {@code uploadId}. */
  public boolean names(String uploadId) {
    return uploadIds().contains(uploadId);
  }
}
