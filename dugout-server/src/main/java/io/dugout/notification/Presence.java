package io.dugout.notification;

import java.util.Collection;
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

  /**
   * The users with an open session subscribed to the room's topic, of whom only those among {@code
   * members} count: an adapter that asks another process skips it when its own sessions already
   * answer for every member.
   */
  default Set<String> viewersAmong(String roomId, Collection<String> members) {
    return viewersOf(roomId);
  }

  /** Whether the user has an open, authenticated session. */
  boolean isOnline(String userId);
}
