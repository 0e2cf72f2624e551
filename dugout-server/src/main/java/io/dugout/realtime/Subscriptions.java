package io.dugout.realtime;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.stereotype.Component;

/**
 * Who listens to what on this node: the subscribers of each room topic and the open sessions of
 * each user. Lookups on the delivery path take no lock.
 */
@Component
class Subscriptions {

  private final Map<String, ClientSession> sessions = new ConcurrentHashMap<>();
  private final Map<String, List<Subscription>> byRoom = new ConcurrentHashMap<>();
  private final Map<String, Set<ClientSession>> byUser = new ConcurrentHashMap<>();
  private final AtomicInteger count = new AtomicInteger();

  void opened(ClientSession session) {
    sessions.put(session.id(), session);
  }

  void authenticated(ClientSession session) {
    byUser
        .computeIfAbsent(session.caller().userId(), u -> ConcurrentHashMap.newKeySet())
        .add(session);
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
  }

  void add(Subscription subscription) {
    if (subscription.session().subscriptions().put(subscription.id(), subscription) == null) {
      count.incrementAndGet();
    }
    if (subscription.roomId() != null) {
      byRoom
          .computeIfAbsent(subscription.roomId(), r -> new CopyOnWriteArrayList<>())
          .add(subscription);
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
  }

  List<Subscription> ofRoom(String roomId) {
    return byRoom.getOrDefault(roomId, List.of());
  }

  Set<ClientSession> ofUser(String userId) {
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

  Collection<ClientSession> sessions() {
    return sessions.values();
  }
}
