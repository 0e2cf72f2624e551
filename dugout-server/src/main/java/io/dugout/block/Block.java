package io.dugout.block;

import java.time.Instant;

/** {@code blockerId} blocked {@code blockedId} at {@code blockedAt}. */
public record Block(String blockerId, String blockedId, Instant blockedAt) {}
