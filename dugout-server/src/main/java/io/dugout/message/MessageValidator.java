package io.dugout.message;

import io.dugout.system.DugoutException;
import io.dugout.system.DugoutProperties;
import io.dugout.system.Ids;
import io.dugout.system.Utf8;
import org.springframework.stereotype.Component;

/** Checks a {@link PostMessage} against the configured limits, naming the field at fault. */
@Component
class MessageValidator {

  static final int MAX_CLIENT_MSG_ID = 64;
  private static final int MAX_URL = 2048;
  private static final int MAX_NAME = 255;
  private static final int MAX_MIME = 127;

  private final DugoutProperties.Limits limits;

  MessageValidator(DugoutProperties properties) {
    this.limits = properties.limits();
  }

  void validate(PostMessage request) {
    Ids.require("clientMsgId", request.clientMsgId(), MAX_CLIENT_MSG_ID);
    if (request.kind() == null) {
      throw DugoutException.invalid("kind", "is required (TEXT, EMOJI, IMAGE, FILE or SYSTEM)");
    }
    String content = request.content() == null ? "" : request.content();
    if (content.isBlank() && !request.kind().needsAttachment()) {
      throw DugoutException.invalid("content", "must not be empty for " + request.kind());
    }
    if (Utf8.length(content) > limits.maxContentBytes()) {
      throw DugoutException.invalid(
          "content", "must be at most " + limits.maxContentBytes() + " bytes of UTF-8");
    }
    validateAttachments(request);
  }

  private void validateAttachments(PostMessage request) {
    var attachments = request.attachments();
    int count = attachments == null ? 0 : attachments.size();
    if (count > limits.maxAttachments()) {
      throw DugoutException.invalid("attachments", "must be at most " + limits.maxAttachments());
    }
    if (count == 0 && request.kind().needsAttachment()) {
      throw DugoutException.invalid("attachments", "must not be empty for " + request.kind());
    }
    for (int i = 0; i < count; i++) {
      var a = attachments.get(i);
      String at = "attachments[" + i + "].";
      if (a == null) {
        throw DugoutException.invalid("attachments[" + i + "]", "must not be null");
      }
      requireText(at + "url", a.url(), MAX_URL);
      requireText(at + "name", a.name(), MAX_NAME);
      requireText(at + "mime", a.mime(), MAX_MIME);
      if (a.size() < 0) {
        throw DugoutException.invalid(at + "size", "must be 0 or more");
      }
    }
  }

  private static void requireText(String field, String value, int max) {
    if (value == null || value.isBlank()) {
      throw DugoutException.invalid(field, "is required");
    }
    if (value.length() > max) {
      throw DugoutException.invalid(field, "must be at most " + max + " characters");
    }
  }
}
