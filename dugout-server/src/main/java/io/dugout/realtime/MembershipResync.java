package io.dugout.realtime;

import io.dugout.message.RoomAccess;
import io.dugout.room.RoomEvent;
import io.dugout.system.ConditionalOnSelection;
import io.dugout.system.DugoutProperties.Mode;
import java.util.HashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Cluster mode: ends this node's live room subscriptions of users who are no longer members,
 * checked against the store every {@code dugout.realtime.membership-check-interval}. why: a removal
 * made on another node arrives here as a room event over Redis Pub/Sub, which may be lost; this
 * bounds how long a removed member keeps receiving the room here to one interval. It reads the
 * store itself ({@link RoomAccess#isMemberInStore}), as sends, history and new subscriptions are
 * answered from the node's view of membership, which the same lost event left stale; a removal
 * found here is refused by those too from then on. On one node the event cannot be lost, so this
 * runs only in cluster mode.
 */
@Component
@ConditionalOnSelection(mode = Mode.CLUSTER)
class MembershipResync implements DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(MembershipResync.class);

  private final Subscriptions subscriptions;
  private final RoomAccess access;
  private final RoomBroadcaster broadcaster;
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          Thread.ofPlatform().name("dugout-membership-check").daemon().factory());

  MembershipResync(
      Subscriptions subscriptions,
      RoomAccess access,
      RoomBroadcaster broadcaster,
      RealtimeProperties properties) {
    this.subscriptions = subscriptions;
    this.access = access;
    this.broadcaster = broadcaster;
    long every = properties.membershipCheckInterval().toMillis();
    timer.scheduleWithFixedDelay(this::checkQuietly, every, every, TimeUnit.MILLISECONDS);
  }

  /** Checks every live room subscription of a user once; ends those of non-members. */
  void check() {
    var members = new HashMap<String, Boolean>(); // userId + room -> still a member
    for (var session : subscriptions.sessions()) {
      var caller = session.caller();
      if (caller == null || caller.service()) {
        continue;
      }
      for (var subscription : java.util.List.copyOf(session.subscriptions().values())) {
        String roomId = subscription.roomId();
        if (roomId == null) {
          continue;
        }
        boolean member =
            members.computeIfAbsent(
                caller.userId() + '\u0000' + roomId,
                key -> access.isMemberInStore(roomId, caller.userId()));
        if (!member) {
          log.info(
              "Ending {}'s subscriptions to room {}: no longer a member", caller.userId(), roomId);
          // why: the event that was lost, handled here only (the other nodes had their own)
          broadcaster.roomEvent(new RoomEvent.MemberLeft(roomId, caller.userId()));
        }
      }
    }
  }

  private void checkQuietly() {
    try {
      check();
    } catch (RuntimeException e) {
      // why: the store may be down; the next check tries again
      log.warn("Membership check of live subscriptions failed: {}", e.toString());
    }
  }

  @Override
  public void destroy() {
    timer.shutdownNow();
  }
}
