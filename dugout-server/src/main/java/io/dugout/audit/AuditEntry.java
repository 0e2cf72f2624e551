package io.dugout.audit;

import java.util.Objects;

/**
 * One recorded {@link ModerationAction}.
 *
 * @param id a UUIDv7 given when it was recorded: the log's order and its paging cursor
 */
public record AuditEntry(String id, ModerationAction action) {

  public AuditEntry {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(action, "action");
  }
}
