package io.dugout.message;

import io.dugout.system.DugoutException;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * The send path's one use of the {@link MessageScreen}: skips it when none is configured, asks the
 * store first whether a send is an accepted retry when the screen calls out, turns a refusal into
 * {@code content_refused}, and validates a replacement like the sender's own content.
 */
@Component
class ScreenStep {

  private final MessageScreen screen;
  private final MessageStore store;
  private final MessageValidator validator;

  ScreenStep(ObjectProvider<MessageScreen> screen, MessageStore store, MessageValidator validator) {
    this.screen = screen.getIfAvailable(() -> MessageScreen.NONE);
    this.store = store;
    this.validator = validator;
  }

  /** Whether the step never waits, so that a send may be tried where waiting is refused. */
  boolean triesWithoutWaiting() {
    return !screen.callsOut();
  }

  /**
   * The content to store for a new message of {@code senderId}: the request's own (the same
   * instance) when the screen allows it. SYSTEM messages, which only a service posts, are not
   * screened.
   */
  String post(String roomId, String senderId, PostMessage request, List<String> mentions) {
    String content = request.content();
    if (screen == MessageScreen.NONE
        || request.kind() == MessageKind.SYSTEM
        || acceptedBefore(roomId, senderId, request.clientMsgId())) {
      return content;
    }
    var candidate =
        new MessageScreen.Candidate(
            roomId,
            senderId,
            request.kind(),
            content == null ? "" : content,
            request.attachments() == null ? List.of() : request.attachments(),
            mentions,
            request.replyTo(),
            request.clientMsgId(),
            0);
    String screened = verdict(candidate, content);
    if (screened != content) {
      validator.validate(
          new PostMessage(
              request.clientMsgId(),
              request.kind(),
              screened,
              request.attachments(),
              request.senderId(),
              request.replyTo(),
              request.mentions()));
    }
    return screened;
  }

  /** The new text to store for an edit of {@code target} by {@code editorId}. */
  String edit(String editorId, Message target, String clientMsgId, String content) {
    if (screen == MessageScreen.NONE || acceptedBefore(target.roomId(), editorId, clientMsgId)) {
      return content;
    }
    var candidate =
        new MessageScreen.Candidate(
            target.roomId(),
            editorId,
            target.kind(),
            content,
            List.of(),
            List.of(),
            null,
            clientMsgId,
            target.seq());
    String screened = verdict(candidate, content);
    if (screened != content) {
      validator.editedContent(clientMsgId, screened);
    }
    return screened;
  }

  private boolean acceptedBefore(String roomId, String senderId, String clientMsgId) {
    // why: only a screen that calls out is worth a read; a local one is cheaper than the lookup
    return screen.callsOut() && store.holdsRetryKey(roomId, senderId, clientMsgId);
  }

  private String verdict(MessageScreen.Candidate candidate, String content) {
    var verdict = screen.screen(candidate);
    return switch (verdict.action()) {
      case ALLOW -> content;
      case REFUSE -> throw DugoutException.contentRefused(verdict.reason());
      case REPLACE -> verdict.content();
    };
  }
}
