package io.dugout.auth;

/**
 * A user's access to the whole deployment changed, published after the change is durable: {@code
 * revoked} when they may no longer connect or call the API (their open sessions end), false when
 * they may again. In a cluster every node hears it (best effort: see {@link BannedUsers} for how
 * long a node may answer from before it).
 */
public record UserAccessChanged(String userId, boolean revoked) {}
