package io.dugout.auth;

/**
 * Whether a user is banned from the whole deployment. Asked on every REST call, every STOMP CONNECT
 * and every fast-path read of a user's token, so an answer costs a map lookup at most, not a store
 * read per call. Implemented by the ban capability, which decides it; this package only refuses.
 *
 * <p>An answer may be stale for as long as the implementation documents (a ban written through
 * another node reaches this node by a broadcast, or at the latest when its cached answer ends); a
 * ban written through this node is answered from the moment it was written.
 */
public interface BannedUsers {

  /** No one is banned: a node without the ban capability. */
  BannedUsers NONE = userId -> false;

  /** Whether {@code userId} is banned now. */
  boolean contains(String userId);
}
