package io.dugout.report;

import io.dugout.message.Attachment;
import java.time.Instant;
import java.util.List;

/**
 * The reported message as it was when reported, copied into the report so that a later edit or
 * delete does not change it: its sender, seq, kind, content and attachments' metadata (an upload's
 * id, name, type and size, never its bytes).
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
}
