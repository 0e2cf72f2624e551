package io.dugout.audit;

import io.dugout.system.Ids;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Records every published {@link ModerationAction} in the {@link AuditLog}, on the thread that
 * published it, so the action is in the log when the call that applied it returns. A failure to
 * record is logged and swallowed: the action has taken effect and is never undone by its audit.
 */
@Component
class AuditRecorder {

  private static final Logger log = LoggerFactory.getLogger(AuditRecorder.class);

  private final AuditLog audit;
  private final Clock clock;

  AuditRecorder(AuditLog audit, Clock clock) {
    this.audit = audit;
    this.clock = clock;
  }

  @EventListener
  void on(ModerationAction action) {
    try {
      audit.append(new AuditEntry(Ids.newId(clock), action));
    } catch (RuntimeException e) {
      log.error(
          "could not record {} by {} in room {} for {} in the audit log",
          action.action(),
          action.actorId(),
          action.roomId(),
          action.userId(),
          e);
    }
  }
}
