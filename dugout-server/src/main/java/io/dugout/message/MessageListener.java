package io.dugout.message;

/**
 * Told about every newly stored message, after it is durable.
 *
 * <p>Calls for one room come one at a time and in seq order, while the room's next append waits (in
 * a cluster: while the room's next delivery on this node waits): an implementation must only hand
 * the message on (enqueue it), never block. In a cluster a node tells its listeners only of the
 * rooms one of them {@linkplain #follows follows}.
 */
public interface MessageListener {

  void messagePosted(Message message);

  /**
   * {@link #messagePosted(Message)}, with the message's {@link MessageJson} when the store already
   * made it ({@code json}, else null), for listeners that send the message on as JSON.
   */
  default void messagePosted(Message message, byte[] json) {
    messagePosted(message);
  }

  /**
   * Whether this listener has a reader of the room on this node. A cluster node receives a room's
   * messages from other nodes only while some listener follows the room; on one node every message
   * reaches every listener anyway. Must not block.
   */
  default boolean follows(String roomId) {
    return false;
  }
}
