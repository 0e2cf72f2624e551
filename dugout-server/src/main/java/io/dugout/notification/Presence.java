package io.dugout.notification;

/**
 * Who is connected to this node, as the real-time layer knows it. Single node: in a cluster it
 * answers only for this node's sessions.
 */
public interface Presence {

  /** Whether any open session of the user is subscribed to the room's topic. */
  boolean isViewing(String userId, String roomId);

  /** Whether the user has an open, authenticated session. */
  boolean isOnline(String userId);
}
