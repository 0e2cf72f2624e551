package io.dugout.message;

/**
 * Told about every newly stored message, after it is durable.
 *
 * <p>Calls for one room come one at a time and in seq order, while the room's next append waits: an
 * implementation must only hand the message on (enqueue it), never block.
 */
public interface MessageListener {

  void messagePosted(Message message);
}
