package io.dugout.realtime;

import io.dugout.notification.Presence;
import org.springframework.stereotype.Component;

/** {@link Presence} from this node's open sessions and their room subscriptions. */
@Component
class SessionPresence implements Presence {

  private final Subscriptions subscriptions;

  SessionPresence(Subscriptions subscriptions) {
    this.subscriptions = subscriptions;
  }

  @Override
  public boolean isViewing(String userId, String roomId) {
    for (ClientSession session : subscriptions.ofUser(userId)) {
      for (Subscription subscription : session.subscriptions().values()) {
        if (roomId.equals(subscription.roomId())) {
          return true;
        }
      }
    }
    return false;
  }

  @Override
  public boolean isOnline(String userId) {
    return !subscriptions.ofUser(userId).isEmpty();
  }
}
