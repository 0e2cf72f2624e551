package io.dugout.screen;

import io.dugout.message.MessageScreen.Verdict;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads the backend's answer: {@code {"action":"allow"}}, {@code {"action":"reject","reason":"…"}}
 * or {@code {"action":"replace","content":"…"}}. Anything else is not an answer.
 */
final class HookAnswer {

  static final String DEFAULT_REASON = "the message was refused";
  static final int MAX_REASON = 500;

  private HookAnswer() {}

  /** The verdict the body states, or null when it states none. */
  static Verdict read(JsonMapper json, byte[] body) {
    JsonNode answer;
    try {
      answer = json.readTree(body);
    } catch (JacksonException e) {
      return null;
    }
    if (answer == null || !answer.isObject() || !answer.path("action").isString()) {
      return null;
    }
    return switch (answer.path("action").asString()) {
      case "allow" -> Verdict.ALLOW;
      case "reject" -> Verdict.refuse(reason(answer.path("reason")));
      case "replace" ->
          answer.path("content").isString()
              ? Verdict.replace(answer.path("content").asString())
              : null;
      default -> null;
    };
  }

  private static String reason(JsonNode reason) {
    if (!reason.isString() || reason.asString().isBlank()) {
      return DEFAULT_REASON;
    }
    String text = reason.asString().strip();
    if (text.length() <= MAX_REASON) {
      return text;
    }
    int end = MAX_REASON;
    if (Character.isLowSurrogate(text.charAt(end))) {
      end--;
    }
    return text.substring(0, end);
  }
}
