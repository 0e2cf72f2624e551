package io.dugout.message;

/**
 * Carries what a cluster's sequencers decided to the nodes that need it: each stored message to the
 * nodes that deliver its room live, and each append's outcome to the node that asked for it.
 *
 * <p>Guarantees: <b>at most once</b>. A publish or an answer may be lost (a node or a connection
 * down, a broker restarted) and, across rooms, arrive in any order. Nobody may rely on it for order
 * or completeness: receivers check seqs and fill gaps from the {@link MessageStore}, and a node
 * that asked and hears nothing times out with an error, never with a success. It carries only
 * messages that are already durable. All methods are thread-safe and never throw for a transport
 * failure (they count and log it).
 */
public interface Fanout {

  /** Starts receiving this node's answers and the published messages of the rooms it follows. */
  void start(String nodeId, Receiver receiver);

  /**
   * Sends a stored message to every other node that follows its room; the publishing node's own
   * receiver does not get it back (it delivered the message itself before publishing). May return
   * before the message left the node: nothing on a send's path waits for it.
   */
  void publish(Message message);

  /** Sends an append's outcome to the node that asked for it. */
  void answer(String nodeId, Answer answer);

  /**
   * Starts receiving the room's published messages (idempotent); false when that failed for now
   * (try again later).
   */
  boolean follow(String roomId);

  /** Stops receiving the room's published messages (idempotent). */
  void unfollow(String roomId);

  /**
   * What became of an append: the stored message, and whether this append stored it ({@code false}
   * for a retry of a stored clientMsgId).
   */
  record Answer(String requestId, Message message, boolean created) {}

  /** Where a node's incoming messages and answers go; called on the transport's thread. */
  interface Receiver {

    void published(Message message);

    void answered(Answer answer);
  }
}
