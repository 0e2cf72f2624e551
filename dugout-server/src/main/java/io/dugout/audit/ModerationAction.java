package io.dugout.audit;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * One moderation action that has taken effect: who did what to whom, where, when and why.
 *
 * <p>The code that decides and applies an action (a ban, a mute, a report's resolution, …)
 * publishes it through Spring's {@code ApplicationEventPublisher} once the action is durable, on
 * the thread that applied it, so listeners see actions in the order each node applied them. The
 * audit log records every published action; publishing has no other effect, so an action is never
 * undone by a listener's failure.
 *
 * @param action what was done, a dotted lower-case name such as {@code room.member.muted} or {@code
 *     user.banned}, documented in docs/moderation.md
 * @param actorId the user id of who did it, or {@code service} for a service token
 * @param roomId the room it was done in, or null for an action on the whole deployment
 * @param userId the user it was done to, or null
 * @param seq the message it concerns, or null
 * @param reason why, as the actor gave it, or null
 * @param details anything else the action carries (a duration, a report id), never null
 * @param at when it took effect
 */
public record ModerationAction(
    String action,
    String actorId,
    String roomId,
    String userId,
    Long seq,
    String reason,
    Map<String, String> details,
    Instant at) {

  public ModerationAction {
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(actorId, "actorId");
    Objects.requireNonNull(at, "at");
    details = details == null ? Map.of() : Map.copyOf(details);
  }
}
