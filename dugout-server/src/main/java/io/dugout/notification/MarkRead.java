package io.dugout.notification;

import java.time.Instant;
import java.util.List;

/**
 * A user's request to mark notifications read: the listed {@code ids}, or {@code all} of them
 * (created at or before {@code upTo}, when given).
 */
record MarkRead(List<String> ids, Boolean all, Instant upTo) {}
