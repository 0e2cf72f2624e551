package io.dugout.audit;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.springframework.boot.test.context.TestComponent;
import org.springframework.context.event.EventListener;

/** A test listener that keeps every {@link ModerationAction} the server publishes. */
@TestComponent
public class RecordedModerationActions {

  private final List<ModerationAction> actions = new CopyOnWriteArrayList<>();

  @EventListener
  void record(ModerationAction action) {
    actions.add(action);
  }

  /** The actions on {@code userId}, in the order they were published. */
  public List<ModerationAction> about(String userId) {
    return actions.stream().filter(a -> userId.equals(a.userId())).toList();
  }
}
