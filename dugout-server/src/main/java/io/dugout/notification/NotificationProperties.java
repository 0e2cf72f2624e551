package io.dugout.notification;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Notification settings ({@code dugout.notifications.*}); a retention outside (0, 365 days] stops
 * startup.
 *
 * @param retention how long a notification is kept (and returned) after it was created or last
 *     updated
 * @param maxDataBytes the largest {@code data} object, in bytes of compact JSON
 * @param sweepInterval how often expired notifications are deleted from the store
 * @param chatQueue how many stored chat messages may wait for the chat notifier before further ones
 *     are dropped (counted in {@code dugout.notifications.chat.dropped})
 * @param memberCacheRooms how many rooms' unmuted members the chat notifier keeps, so that a
 *     message does not read its room's whole member list
 * @param memberCacheTtl how long the chat notifier uses a room's kept members before it reads them
 *     again, even when no join, leave or mute said they changed (in a cluster such news can be
 *     lost)
 * @param chatGather how long the chat notifier lets stored messages gather after the first one it
 *     takes, before it notifies them in one pass: each pass wakes its thread, and a woken thread
 *     may take a core from the event loops delivering messages (0: no gathering, at most 1 s)
 * @param unnotifiedSweep how often a node looks for messages whose notifications were left undone
 *     (by a node that stopped, or a full queue) and notifies those it saw at the previous look too:
 *     such a message notifies between one and two intervals late
 */
@ConfigurationProperties("dugout.notifications")
public record NotificationProperties(
    @DefaultValue("30d") Duration retention,
    @DefaultValue("4096") int maxDataBytes,
    @DefaultValue("1m") Duration sweepInterval,
    @DefaultValue("10000") int chatQueue,
    @DefaultValue("10000") int memberCacheRooms,
    @DefaultValue("30s") Duration memberCacheTtl,
    @DefaultValue("1ms") Duration chatGather,
    @DefaultValue("30s") Duration unnotifiedSweep,
    @DefaultValue("1s") Duration unnotifiedRemoval) {

  public static final Duration MAX_RETENTION = Duration.ofDays(365);

  public NotificationProperties {
    if (retention.isNegative() || retention.isZero() || retention.compareTo(MAX_RETENTION) > 0) {
      throw new IllegalArgumentException(
          "dugout.notifications.retention must be more than 0 and at most 365 days, not "
              + retention);
    }
    if (maxDataBytes < 2) {
      throw new IllegalArgumentException(
          "dugout.notifications.max-data-bytes must be at least 2 (an empty object)");
    }
    if (sweepInterval.isNegative() || sweepInterval.isZero()) {
      throw new IllegalArgumentException("dugout.notifications.sweep-interval must be positive");
    }
    if (chatQueue < 1) {
      throw new IllegalArgumentException("dugout.notifications.chat-queue must be at least 1");
    }
    if (memberCacheRooms < 0) {
      throw new IllegalArgumentException(
          "dugout.notifications.member-cache-rooms must be 0 (no cache) or more");
    }
    if (memberCacheTtl.isNegative()) {
      throw new IllegalArgumentException(
          "dugout.notifications.member-cache-ttl must not be negative");
    }
    if (unnotifiedSweep.isNegative() || unnotifiedSweep.isZero()) {
      throw new IllegalArgumentException(
          "dugout.notifications.unnotified-sweep must be positive, not " + unnotifiedSweep);
    }
    if (unnotifiedRemoval.isNegative() || unnotifiedRemoval.compareTo(unnotifiedSweep) >= 0) {
      throw new IllegalArgumentException(
          "dugout.notifications.unnotified-removal must be 0 or more and less than"
              + " unnotified-sweep, not "
              + unnotifiedRemoval);
    }
    if (chatGather.isNegative() || chatGather.compareTo(Duration.ofSeconds(1)) > 0) {
      throw new IllegalArgumentException(
          "dugout.notifications.chat-gather must be 0 to 1s, not " + chatGather);
    }
  }
}
