package io.dugout.ban;

import io.dugout.audit.ModerationAction;
import io.dugout.auth.BannedUsers;
import io.dugout.auth.Caller;
import io.dugout.auth.UserAccessChanged;
import io.dugout.system.DugoutException;
import io.dugout.system.Ids;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Optional;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * The one place bans are decided: who may ban (service tokens only), and whether a user is banned
 * now ({@link BannedUsers}, asked on every call).
 *
 * <p>A ban or unban is written to the {@link BanStore}, then announced as a {@link
 * UserAccessChanged}: on this node synchronously, before the call returns, so this node refuses the
 * user's next call and ends their sessions here; on the other nodes of a cluster by broadcast. Each
 * node answers from the bans in force it read ({@link BansInForce}) and reads them all again every
 * {@code dugout.bans.cache-ttl}, so a node that misses the broadcast counts the change within that
 * interval. A ban with an end date ends by itself: every answer compares it with the clock.
 */
@Component
public class Bans implements BannedUsers {

  static final int MAX_REASON = 500;
  static final String SERVICE_ACTOR = "service";

  private final BanStore store;
  private final BansInForce inForce;
  private final Clock clock;
  private final ApplicationEventPublisher events;

  Bans(BanStore store, BanProperties properties, Clock clock, ApplicationEventPublisher events) {
    this.store = store;
    this.inForce = new BansInForce(store, clock, properties.cacheTtl().toNanos(), System::nanoTime);
    this.clock = clock;
    this.events = events;
  }

  @Override
  public boolean contains(String userId) {
    return inForce.get(userId).map(ban -> ban.inForceAt(clock.instant())).orElse(false);
  }

  /**
   * Bans the user from the whole deployment until {@code until} (null: until unbanned), replacing
   * any ban they had. Idempotent.
   *
   * @param reportId the report the ban resolves, for the audit record, or null
   */
  public Ban ban(Caller caller, String userId, String reason, Instant until, String reportId) {
    requireService(caller, "ban a user");
    Ids.requireUserId("userId", userId);
    if (reason != null && reason.length() > MAX_REASON) {
      throw DugoutException.invalid("reason", "is longer than " + MAX_REASON + " characters");
    }
    Instant now = clock.instant();
    if (until != null && !until.isAfter(now)) {
      throw DugoutException.invalid("until", "must be in the future");
    }
    var ban = new Ban(userId, reason, caller.userId(), now, until);
    store.put(ban);
    events.publishEvent(new UserAccessChanged(userId, true));
    var details = new HashMap<String, String>();
    if (until != null) {
      details.put("until", until.toString());
    }
    if (reportId != null) {
      details.put("reportId", reportId);
    }
    events.publishEvent(
        new ModerationAction(
            "user.banned", SERVICE_ACTOR, null, userId, null, reason, details, now));
    return ban;
  }

  /** Lifts the user's ban, if they have one; true when there was one. Idempotent. */
  public boolean unban(Caller caller, String userId) {
    requireService(caller, "unban a user");
    Ids.requireUserId("userId", userId);
    boolean removed = store.remove(userId);
    events.publishEvent(new UserAccessChanged(userId, false));
    if (removed) {
      events.publishEvent(
          new ModerationAction(
              "user.unbanned", SERVICE_ACTOR, null, userId, null, null, null, clock.instant()));
    }
    return removed;
  }

  /** The user's ban in force, read from the store. */
  public Optional<Ban> find(Caller caller, String userId) {
    requireService(caller, "read a user's ban");
    Ids.requireUserId("userId", userId);
    return store.find(userId).filter(ban -> ban.inForceAt(clock.instant()));
  }

  /** A page of the bans in force, in ascending order of user id. */
  List<Ban> list(Caller caller, String afterUserId, int limit) {
    requireService(caller, "list the bans");
    return store.list(afterUserId, clock.instant(), limit);
  }

  @EventListener
  void accessChanged(UserAccessChanged change) {
    inForce.changed(change.userId());
  }

  /** Reads every ban in force again: {@link BanRefresh} calls it every {@code cache-ttl}. */
  void refresh() {
    inForce.refresh();
  }

  private static void requireService(Caller caller, String action) {
    if (!caller.service()) {
      throw DugoutException.forbidden("only a service token may " + action);
    }
  }
}
