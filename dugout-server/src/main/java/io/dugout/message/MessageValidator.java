package io.dugout.message;

import io.dugout.system.DugoutException;
import io.dugout.system.DugoutProperties;
import io.dugout.system.Ids;
import io.dugout.system.Utf8;
import java.util.LinkedHashSet;
import java.util.List;
import org.springframework.stereotype.Component;

/** Checks a {@link PostMessage} against the configured limits, naming the field at fault. */
@Component
class MessageValidator {

  static final int MAX_CLIENT_MSG_ID = 64;
  private static final int MAX_URL = 2048;
  private static final int MAX_NAME = 255;
  private static final int MAX_MIME = 127;
  private static final int MAX_UPLOAD_ID = 64;

  /** The longest emoji accepted, in UTF-8 bytes: room for a family or a flag sequence. */
  static final int MAX_EMOJI_BYTES = 32;

  private final DugoutProperties.Limits limits;
  private final int maxMentions;

  MessageValidator(DugoutProperties properties, MessageProperties messages) {
    this.limits = properties.limits();
    this.maxMentions = messages.maxMentions();
  }

  /** The mentioned user ids, each once in the order given; empty for none. */
  List<String> mentions(List<String> mentions) {
    if (mentions == null || mentions.isEmpty()) {
      return List.of();
    }
    var unique = new LinkedHashSet<String>();
    for (int i = 0; i < mentions.size(); i++) {
      unique.add(Ids.requireUserId("mentions[" + i + "]", mentions.get(i)));
    }
    if (unique.size() > maxMentions) {
      throw DugoutException.invalid("mentions", "must name at most " + maxMentions + " users");
    }
    return List.copyOf(unique);
  }

  /** The new content of an edit, under the same rules as a message's. */
  void editedContent(String clientMsgId, String content) {
    Ids.require("clientMsgId", clientMsgId, MAX_CLIENT_MSG_ID);
    if (content == null || content.isBlank()) {
      throw DugoutException.invalid("content", "must not be empty");
    }
    if (Utf8.length(content) > limits.maxContentBytes()) {
      throw DugoutException.invalid(
          "content", "must be at most " + limits.maxContentBytes() + " bytes of UTF-8");
    }
  }

  /**
   * A reaction's emoji: one short run of emoji characters (what a keyboard's emoji picker gives,
   * skin tones, flags and joined families included), no letters, digits, spaces or punctuation.
   */
  static String emoji(String emoji) {
    if (emoji == null || emoji.isEmpty()) {
      throw DugoutException.invalid("emoji", "is required");
    }
    if (Utf8.length(emoji) > MAX_EMOJI_BYTES) {
      throw DugoutException.invalid("emoji", "must be at most " + MAX_EMOJI_BYTES + " bytes");
    }
    boolean pictograph = false;
    for (int i = 0; i < emoji.length(); ) {
      int c = emoji.codePointAt(i);
      i += Character.charCount(c);
      if (Character.isEmoji(c) && !Character.isDigit(c) && c != '#' && c != '*') {
        pictograph = true;
      } else if (!Character.isEmojiComponent(c) && c != 0x200D && c != 0xFE0F) {
        throw DugoutException.invalid("emoji", "must be an emoji, not text");
      }
    }
    if (!pictograph) {
      throw DugoutException.invalid("emoji", "must be an emoji, not text");
    }
    return emoji;
  }

  /** A change's own retry key. */
  static void changeKey(String clientMsgId) {
    Ids.require("clientMsgId", clientMsgId, MAX_CLIENT_MSG_ID);
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
      if (a.size() != null && a.size() < 0) {
        throw DugoutException.invalid(at + "size", "must be 0 or more");
      }
      if (a.width() != null || a.height() != null) {
        throw DugoutException.invalid(
            at + (a.width() != null ? "width" : "height"), "is set by Dugout for an upload");
      }
      if (a.uploadId() != null) {
        validateUpload(request.kind(), a, at);
        continue;
      }
      requireText(at + "url", a.url(), MAX_URL);
      requireText(at + "name", a.name(), MAX_NAME);
      requireText(at + "mime", a.mime(), MAX_MIME);
      if (a.size() == null) {
        throw DugoutException.invalid(at + "size", "is required");
      }
    }
  }

  /**
   * An attachment that names an upload: the upload gives its url, name, size and type, so the
   * sender gives none of them but may state the size it expects.
   */
  private static void validateUpload(MessageKind kind, Attachment a, String at) {
    Ids.require(at + "uploadId", a.uploadId(), MAX_UPLOAD_ID);
    if (kind != MessageKind.IMAGE && kind != MessageKind.FILE) {
      throw DugoutException.invalid(at + "uploadId", "is only for IMAGE and FILE messages");
    }
    if (a.url() != null) {
      throw DugoutException.invalid(at + "url", "must not be set with an uploadId");
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
