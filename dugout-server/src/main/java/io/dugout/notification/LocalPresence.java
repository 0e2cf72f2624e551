package io.dugout.notification;

import java.util.Map;
import java.util.Set;

/** {@link Presence} of this node's own sessions only, exact; what a cluster node shares. */
public interface LocalPresence extends Presence {

  /**
   * Every user with an open session on this node, each with the rooms the user's sessions here
   * subscribe to; a copy.
   */
  Map<String, Set<String>> sessions();

  /**
   * A number that moves whenever a session opens, authenticates or closes here or a subscription is
   * added or removed, after the change: a caller that reads it, then {@link #sessions}, and later
   * reads the same number again knows that {@link #sessions} would still answer the same.
   */
  long version();
}
