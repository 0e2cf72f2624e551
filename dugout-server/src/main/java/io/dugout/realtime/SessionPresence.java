package io.dugout.realtime;

import io.dugout.notification.LocalPresence;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.springframework.stereotype.Component;

/** {@link LocalPresence} from this node's open sessions and their room subscriptions. */
@Component
class SessionPresence implements LocalPresence {

  private final Subscriptions subscriptions;

  SessionPresence(Subscriptions subscriptions) {
    this.subscriptions = subscriptions;
  }

  @Override
  public Set<String> viewersOf(String roomId) {
    var viewers = new HashSet<String>();
    for (Subscription subscription : subscriptions.ofRoom(roomId)) {
      viewers.add(subscription.session().caller().userId());
    }
    return viewers;
  }

  @Override
  public boolean isOnline(String userId) {
    return !subscriptions.ofUser(userId).isEmpty();
  }

  @Override
  public long version() {
    return subscriptions.changes();
  }

  @Override
  public Map<String, Set<String>> sessions() {
    var sessions = new HashMap<String, Set<String>>();
    for (ClientSession session : subscriptions.sessions()) {
      if (session.caller() == null || !session.isOpen()) {
        continue; // why: not authenticated yet, or closing
      }
      var rooms = sessions.computeIfAbsent(session.caller().userId(), u -> new HashSet<>());
      for (Subscription subscription : session.subscriptions().values()) {
        if (subscription.roomId() != null) {
          rooms.add(subscription.roomId());
        }
      }
    }
    return sessions;
  }
}
