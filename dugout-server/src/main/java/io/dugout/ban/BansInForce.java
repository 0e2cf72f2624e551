package io.dugout.ban;

import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every ban in force in the deployment, as this node last read them all from the {@link BanStore},
 * with the changes it heard of since: whether a user is banned is a map lookup, never a store read.
 * why not a per-user cache: each user's answer would then be read again every {@code ttl}, so a
 * node with 10,000 open sessions read bans 2,000 times a second for users nobody banned; the bans
 * in force are few, and one paged read of them all every {@code ttl} costs one query per {@value
 * #PAGE}.
 *
 * <p>Guarantees:
 *
 * <ul>
 *   <li>A change heard of ({@link #changed}: the ban or unban written on this node, or its
 *       broadcast from another) counts from the moment {@code changed} returns, and a read of all
 *       bans that began before it never undoes it.
 *   <li>A change not heard of (a broadcast lost) counts from the next {@link #refresh}.
 *   <li>Answers are never older than {@code 2 × ttl}: when no refresh succeeded for that long (the
 *       store unreachable), the next answer reads all bans again and fails as the store does.
 *   <li>Thread-safe.
 * </ul>
 */
final class BansInForce {

  private static final Logger log = LoggerFactory.getLogger(BansInForce.class);

  /** Bans read per query of a refresh. */
  static final int PAGE = 1000;

  private final BanStore store;
  private final Clock clock;
  private final long ttlNanos;
  private final LongSupplier nanos;

  /** Changes heard of, by user, with when each was read: kept until a refresh begun later. */
  private final Map<String, Heard> heard = new ConcurrentHashMap<>();

  private volatile Map<String, Ban> bans;
  private volatile long readAt;

  BansInForce(BanStore store, Clock clock, long ttlNanos, LongSupplier nanos) {
    this.store = store;
    this.clock = clock;
    this.ttlNanos = ttlNanos;
    this.nanos = nanos;
  }

  /** The user's ban, in force or ended (the caller compares it with its clock). */
  Optional<Ban> get(String userId) {
    Map<String, Ban> current = bans;
    if (current == null || stale()) {
      current = refreshIfStale();
    }
    return Optional.ofNullable(current.get(userId));
  }

  private boolean stale() {
    return nanos.getAsLong() - readAt > 2 * ttlNanos;
  }

  private synchronized Map<String, Ban> refreshIfStale() {
    Map<String, Ban> current = bans;
    return current == null || stale() ? refresh() : current;
  }

  /**
   * Reads every ban in force again and answers from it, keeping the changes heard of while it read.
   * Throws as the store does; the answers then stay those of the last refresh that succeeded.
   */
  synchronized Map<String, Ban> refresh() {
    long started = nanos.getAsLong();
    var read = new ConcurrentHashMap<String, Ban>();
    var now = clock.instant();
    String after = null;
    while (true) {
      var page = store.list(after, now, PAGE);
      page.forEach(ban -> read.put(ban.userId(), ban));
      if (page.size() < PAGE) {
        break;
      }
      after = page.getLast().userId();
    }
    bans = read;
    readAt = started;
    // why after the swap: a change recorded from here on is applied by changed() to this map
    heard.values().removeIf(change -> change.readAt - started < 0);
    heard.forEach((userId, change) -> apply(read, userId, change.ban));
    return read;
  }

  /**
   * The user's ban was written or removed: reads it and answers from what it read. When the read
   * fails, forgets every answer, so that the next one reads all bans again (and fails while the
   * store does). Never throws: it runs among the change's other listeners.
   */
  void changed(String userId) {
    long at = nanos.getAsLong();
    Optional<Ban> ban;
    try {
      ban = store.find(userId);
    } catch (RuntimeException e) {
      bans = null;
      log.warn(
          "Reading the ban of {} failed; all bans are read again at the next check: {}",
          userId,
          e.toString());
      return;
    }
    heard.put(userId, new Heard(ban, at));
    Map<String, Ban> current = bans;
    if (current != null) {
      apply(current, userId, ban);
    }
  }

  private static void apply(Map<String, Ban> bans, String userId, Optional<Ban> ban) {
    ban.ifPresentOrElse(found -> bans.put(userId, found), () -> bans.remove(userId));
  }

  private record Heard(Optional<Ban> ban, long readAt) {}
}
