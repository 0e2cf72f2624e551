package io.dugout.realtime;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;

/**
 * Who listens to what on this node: the subscribers of each room topic and the open sessions of
 * each user. Lookups on the delivery path take no lock.
 */
@Component
public class Subscriptions {

  private final Map<String, ClientSession> sessions = new ConcurrentHashMap<>();
  private final Map<String, List<Subscription>> byRoom = new ConcurrentHashMap<>();
  private final Map<String, Set<ClientSession>> byUser = new ConcurrentHashMap<>();
  private final AtomicInteger count = new AtomicInteger();
  private final AtomicLong changes = new AtomicLong();

  void opened(ClientSession session) {
    sessions.put(session.id(), session);
    changes.incrementAndGet();
  }

  void authenticated(ClientSession session) {
    byUser.compute(
        session.caller().userId(),
        (user, set) -> {
          var sessions = set != null ? set : ConcurrentHashMap.<ClientSession>newKeySet();
          sessions.add(session);
          return sessions;
        });
    changes.incrementAndGet();
    if (!session.isOpen()) {
      closed(session);
    }
  }

  /** Forgets the session and every subscription it had. */
  void closed(ClientSession session) {
    sessions.remove(session.id());
    session.subscriptions().values().forEach(this::remove);
    session.subscriptions().clear();
    if (session.caller() != null) {
      byUser.computeIfPresent(
          session.caller().userId(),
          (user, set) -> {
            set.remove(session);
            return set.isEmpty() ? null : set;
          });
    }
    changes.incrementAndGet();
  }

  /**
   * Registers a subscription. The add happens inside the map's compute: added after a lookup, it
   * could land in a list that a concurrent {@link #remove} of the room's last subscriber had just
   * dropped from the map, and the subscriber would never get the room's messages.
   */
  void add(Subscription subscription) {
    if (subscription.session().subscriptions().put(subscription.id(), subscription) == null) {
      count.incrementAndGet();
    }
    if (subscription.roomId() != null) {
      byRoom.compute(
          subscription.roomId(),
          (room, list) -> {
            var subscribers = list != null ? list : new CopyOnWriteArrayList<Subscription>();
            subscribers.add(subscription);
            return subscribers;
          });
    }
    changes.incrementAndGet();
    if (!subscription.session().isOpen()) {
      // why: the session closed while this was added, perhaps after closed() ran; do not leak it
      remove(subscription);
    }
  }

  void remove(Subscription subscription) {
    if (subscription.session().subscriptions().remove(subscription.id(), subscription)) {
      count.decrementAndGet();
    }
    if (subscription.roomId() != null) {
      byRoom.computeIfPresent(
          subscription.roomId(),
          (room, list) -> {
            list.remove(subscription);
            return list.isEmpty() ? null : list;
          });
    }
    changes.incrementAndGet();
  }

  List<Subscription> ofRoom(String roomId) {
    return byRoom.getOrDefault(roomId, List.of());
  }

  public Set<ClientSession> ofUser(String userId) {
    return byUser.getOrDefault(userId, Set.of());
  }

  /** The subscriptions of a user's sessions to one of the user's queues. */
  List<Subscription> userQueue(String userId, String destination) {
    return ofUser(userId).stream()
        .flatMap(s -> s.subscriptions().values().stream())
        .filter(s -> s.destination().equals(destination))
        .toList();
  }

  /** How many subscriptions all sessions hold. */
  int count() {
    return count.get();
  }

  /**
   * How many times a session opened, authenticated or closed, or a subscription was added or
   * removed; each counted once it took effect, so a reader who reads the count, then the sessions,
   * and later the same count again, has seen every change since in those sessions.
   */
  long changes() {
    return changes.get();
  }

  Collection<ClientSession> sessions() {
    return sessions.values();
  }
}
