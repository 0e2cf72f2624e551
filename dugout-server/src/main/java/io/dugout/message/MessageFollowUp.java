package io.dugout.message;

/**
 * Told about every newly stored message after it is durable and the room's {@link MessageListener}s
 * have it, on the posting thread and outside the room's lane, before the post returns to its
 * caller.
 *
 * <p>Unlike a listener it may block (write to a store). Calls for one room may overlap and come out
 * of seq order, so an implementation must not depend on their order (a forward-only marker does
 * not).
 */
public interface MessageFollowUp {

  void messageStored(Message message);
}
