package io.dugout.notification;

import java.util.Set;

/**
 * Who is connected, as the real-time layer knows it. On one node it is exact. In a cluster it
 * answers for every node from what each node last shared (see {@code docs/adr}): a session opened
 * or closed on another node shows here a moment later, and a node that died counts as connected
 * until its entries expire.
 */
public interface Presence {

  /** The users with an open session subscribed to the room's topic. */
  Set<String> viewersOf(String roomId);

  /** Whether the user has an open, authenticated session. */
  boolean isOnline(String userId);
}
