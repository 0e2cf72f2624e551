package io.dugout.message;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;
import java.util.Objects;

/**
 * What a SYSTEM message records, for clients to read instead of its {@code content} (which is for
 * people): the action, who took it and whom it concerns.
 *
 * @param action a dotted name such as {@code room.member.muted}, the names of the audit log
 * @param actorId who took it: a user id, or {@code service}
 * @param userId the user it concerns; absent for an action on the whole room
 * @param details anything else it carries ({@code until}, {@code seconds}); absent when none
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record SystemEvent(
    String action, String actorId, String userId, Map<String, String> details) {

  public SystemEvent {
    Objects.requireNonNull(action, "action");
    details = details == null ? Map.of() : Map.copyOf(details);
  }
}
