package io.dugout.notification;

import java.util.List;

/**
 * Carries what a cluster's notification writers decided between nodes: each stored notification to
 * the nodes where its user has open sessions (for {@link LocalDelivery}), and each write's outcome
 * to the node that asked for it.
 *
 * <p>Guarantees: <b>at most once</b>, like the message {@code Fanout}. A published notification may
 * be lost (the user finds it in the list, and the offline webhook is decided by {@link Presence},
 * not by this); a lost answer makes the asking node time out with an error, never with a success.
 * It carries only notifications that are already durable. A node receives its own publishes too,
 * and ignores them (its listeners were told when it stored them). All methods are thread-safe and
 * never throw for a transport failure (they count and log it).
 */
public interface NotificationFanout {

  /** Starts receiving this node's answers and the notifications of users connected here. */
  void start(String nodeId, Receiver receiver);

  /** Sends a stored notification to every node where its user has an open session. */
  void publish(Notification notification);

  /** Sends the outcome of some of a request's notifications to the node that asked. */
  void answer(String nodeId, Answer answer);

  /** What became of some notifications of one request. */
  record Answer(String requestId, List<Stored> stored) {}

  /**
   * One notification of a request: its place in the request, its id as stored (the first send's,
   * for a replayed idempotency key), and whether this write stored it.
   */
  record Stored(int index, String id, boolean created) {}

  /** Where a node's answers and incoming notifications go; called on the transport's thread. */
  interface Receiver {

    void answered(Answer answer);

    void published(Notification notification);
  }
}
