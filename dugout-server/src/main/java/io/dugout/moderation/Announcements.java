package io.dugout.moderation;

import io.dugout.audit.ModerationAction;
import io.dugout.auth.Caller;
import io.dugout.message.MessageService;
import io.dugout.message.SystemEvent;
import java.time.Clock;
import java.util.Map;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;

/**
 * Tells of a moderation action once it is durable: to the room as a SYSTEM message (for actions the
 * room sees), then to the audit log as a published {@link ModerationAction}.
 */
@Component
class Announcements {

  /** The actor id of a service token in SYSTEM messages and the audit log. */
  static final String SERVICE = "service";

  private final MessageService messages;
  private final ApplicationEventPublisher events;
  private final Clock clock;

  Announcements(MessageService messages, ApplicationEventPublisher events, Clock clock) {
    this.messages = messages;
    this.events = events;
    this.clock = clock;
  }

  /**
   * Posts {@code content} to the room as a SYSTEM message about {@code userId} (the actor for an
   * action on the whole room), then publishes the action.
   */
  void toRoom(
      Caller caller,
      String action,
      String roomId,
      String userId,
      String reason,
      Map<String, String> details,
      String content) {
    messages.postSystem(
        roomId,
        userId == null ? actorId(caller) : userId,
        content,
        new SystemEvent(action, actorId(caller), userId, details));
    toAudit(caller, action, roomId, userId, reason, details);
  }

  /** Publishes the action, which the room is not told of. */
  void toAudit(
      Caller caller,
      String action,
      String roomId,
      String userId,
      String reason,
      Map<String, String> details) {
    events.publishEvent(
        new ModerationAction(
            action, actorId(caller), roomId, userId, null, reason, details, clock.instant()));
  }

  static String actorId(Caller caller) {
    return caller.service() ? SERVICE : caller.userId();
  }
}
