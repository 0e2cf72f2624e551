package io.dugout.notification;

import io.dugout.room.RoomCounts;
import java.util.List;
import java.util.function.Consumer;

/**
 * Carries what a cluster's notification writers decided between nodes: each stored notification to
 * the nodes where its user has open sessions (for {@link LocalDelivery}), and each write's outcome
 * to the node that asked for it. Beside them, it carries each member's new {@link RoomCounts} to
 * the nodes where the member has open sessions.
 *
 * <p>Guarantees: <b>at most once</b>, like the message {@code Fanout}. A published notification may
 * be lost (the user finds it in the list, and the offline webhook is decided by {@link Presence},
 * not by this); a lost answer makes the asking node time out with an error, never with a success.
 * It carries only notifications that are already durable. A node receives its own publishes too,
 * and ignores them (its listeners were told when it stored them). Room counts are at most once too:
 * a lost one leaves a badge behind until the room's next change, and a client that reconnects reads
 * its room list for the counts. All methods are thread-safe and never throw for a transport failure
 * (they count and log it).
 */
public interface NotificationFanout {

  /** Starts receiving this node's answers and the notifications of users connected here. */
  void start(String nodeId, Receiver receiver);

  /** Sends a stored notification to every node where its user has an open session. */
  void publish(Notification notification);

  /**
   * Sends members' room counts to the other nodes where each member has an open session, in one go;
   * this node delivers its own. Returns at once when the transport is away.
   */
  void publishCounts(List<RoomCounts> counts);

  /**
   * Where room counts published by other nodes go, for users connected here; set once, before
   * counts arrive. Called on the transport's thread: it must only hand them on.
   */
  void receiveCounts(Consumer<RoomCounts> receiver);

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
