package io.dugout.cluster.redis;

import io.dugout.notification.LocalPresence;
import io.dugout.notification.Presence;
import io.dugout.system.BackendOutage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.springframework.context.SmartLifecycle;
import org.springframework.data.redis.core.RedisOperations;
import org.springframework.data.redis.core.SessionCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.ZSetOperations.TypedTuple;

/**
 * {@link Presence} of the whole cluster: this node's own sessions exactly, the other nodes' from
 * what they shared in Redis. Every {@code interval} each node shares what changed among its
 * sessions (nothing, not even a look at them, while {@link LocalPresence#version} stays where it
 * was), and every third of {@code ttl} all of it again:
 *
 * <ul>
 *   <li>{@code dugout:presence:user:{userId}}, a sorted set of the nodes the user is connected to,
 *       each scored with the time (epoch ms) it stops counting;
 *   <li>{@code dugout:presence:room:{roomId}}, a sorted set of {@code nodeId/userId} for the users
 *       whose sessions there subscribe to the room's topic, scored the same way.
 * </ul>
 *
 * <p>The approximation: another node's session counts a moment ({@code interval} and a round trip)
 * after it opened and stops counting as long after it closed; a node that dies without removing its
 * entries counts for at most {@code ttl}; entries compare with each node's clock, so clocks must
 * agree to well within {@code ttl}. When Redis cannot be asked (it failed, or the node's Redis
 * {@link BackendOutage} is under way), only this node's sessions count: a user connected elsewhere
 * may get a webhook post or a chat notification too many, never one too few. The same sync follows
 * the notification channel of each user connected here.
 */
final class RedisPresence implements Presence, SmartLifecycle {

  private final String nodeId = UUID.randomUUID().toString();
  private final LocalPresence local;
  private final StringRedisTemplate redis;
  private final RedisNotificationFanout fanout;
  private final Duration interval;
  private final Duration ttl;
  private final BackendOutage outage;
  private Map<String, Set<String>> shared = Map.of();
  private Set<String> followed = new HashSet<>();
  private long sharedAllAt;
  private long sharedVersion = -1;
  private ScheduledExecutorService timer;

  RedisPresence(
      LocalPresence local,
      StringRedisTemplate redis,
      RedisNotificationFanout fanout,
      Duration interval,
      Duration ttl,
      BackendOutage outage) {
    this.local = local;
    this.redis = redis;
    this.fanout = fanout;
    this.interval = interval;
    this.ttl = ttl;
    this.outage = outage;
  }

  @Override
  public Set<String> viewersOf(String roomId) {
    return viewersOf(roomId, new HashSet<>(local.viewersOf(roomId)));
  }

  /**
   * why: in a room whose members all watch it on this node, what other nodes shared cannot change
   * the answer for a member, so the round trip to Redis is skipped
   */
  @Override
  public Set<String> viewersAmong(String roomId, Collection<String> members) {
    var viewers = new HashSet<>(local.viewersOf(roomId));
    return viewers.containsAll(members) ? viewers : viewersOf(roomId, viewers);
  }

  private Set<String> viewersOf(String roomId, Set<String> viewers) {
    if (!outage.tryNow()) {
      return viewers;
    }
    try {
      var entries =
          redis
              .opsForZSet()
              .rangeByScore(roomKey(roomId), System.currentTimeMillis(), Double.POSITIVE_INFINITY);
      if (entries != null) {
        for (String entry : entries) {
          viewers.add(entry.substring(entry.indexOf('/') + 1));
        }
      }
      outage.succeeded();
    } catch (RuntimeException e) {
      outage.failed(e);
    }
    return viewers;
  }

  @Override
  public boolean isOnline(String userId) {
    if (local.isOnline(userId)) {
      return true;
    }
    if (!outage.tryNow()) {
      return false;
    }
    try {
      Long nodes =
          redis
              .opsForZSet()
              .count(userKey(userId), System.currentTimeMillis(), Double.POSITIVE_INFINITY);
      outage.succeeded();
      return nodes != null && nodes > 0;
    } catch (RuntimeException e) {
      outage.failed(e);
      return false;
    }
  }

  /** Shares what changed here since the last time (everything, once a third of the ttl passed). */
  synchronized void share() {
    if (timer == null) {
      return; // why: stopped; its entries were removed
    }
    long version = local.version();
    long millis = System.currentTimeMillis();
    boolean all = millis - sharedAllAt >= ttl.toMillis() / 3;
    if (!all && version == sharedVersion && followed.size() == shared.size()) {
      return; // why: nothing changed here since it was shared; building the map costs per session
    }
    var now = local.sessions();
    follow(now.keySet());
    var before = all ? Map.<String, Set<String>>of() : shared;
    var previous = shared;
    if (!before.equals(now) || !previous.equals(now)) {
      if (!outage.tryNow()) {
        sharedAllAt = 0; // why: what Redis held may be gone; share everything once it is back
        return;
      }
      try {
        write(before, previous, now, millis + ttl.toMillis());
        outage.succeeded();
      } catch (RuntimeException e) {
        // why: not knowing what reached Redis, share everything again next time
        sharedAllAt = 0;
        outage.failed(e);
        return;
      }
    }
    shared = now;
    sharedVersion = version;
    if (all) {
      sharedAllAt = millis;
    }
  }

  /**
   * Adds what {@code now} has beyond {@code before}, removes what {@code previous} had that {@code
   * now} has not; one pipelined round trip. why grouped by room: a full share re-adds every entry,
   * and one {@code ZADD} and one {@code EXPIRE} per room key instead of per viewer took it from
   * four commands per connected user to about two
   */
  private void write(
      Map<String, Set<String>> before,
      Map<String, Set<String>> previous,
      Map<String, Set<String>> now,
      long until) {
    var users = new ArrayList<String>();
    var roomsAdded = new HashMap<String, Set<TypedTuple<String>>>();
    for (var user : now.entrySet()) {
      var had = before.get(user.getKey());
      if (had == null) {
        users.add(user.getKey());
      }
      for (String room : user.getValue()) {
        if (had == null || !had.contains(room)) {
          roomsAdded
              .computeIfAbsent(room, r -> new HashSet<>())
              .add(TypedTuple.of(nodeId + "/" + user.getKey(), (double) until));
        }
      }
    }
    var usersGone = new ArrayList<String>();
    var roomsRemoved = new HashMap<String, List<String>>();
    for (var user : previous.entrySet()) {
      var has = now.get(user.getKey());
      if (has == null) {
        usersGone.add(user.getKey());
      }
      for (String room : user.getValue()) {
        if (has == null || !has.contains(room)) {
          roomsRemoved
              .computeIfAbsent(room, r -> new ArrayList<>())
              .add(nodeId + "/" + user.getKey());
        }
      }
    }
    var keyTtl = Duration.ofSeconds(ttl.toSeconds() * 2 + 1);
    redis.executePipelined(
        new SessionCallback<Object>() {
          @Override
          @SuppressWarnings({"unchecked", "rawtypes"})
          public Object execute(RedisOperations operations) {
            var zsets = operations.opsForZSet();
            for (String user : users) {
              zsets.add(userKey(user), nodeId, until);
              operations.expire(userKey(user), keyTtl);
            }
            roomsAdded.forEach(
                (room, entries) -> {
                  zsets.add(roomKey(room), entries);
                  operations.expire(roomKey(room), keyTtl);
                });
            for (String user : usersGone) {
              zsets.remove(userKey(user), nodeId);
            }
            roomsRemoved.forEach((room, entries) -> zsets.remove(roomKey(room), entries.toArray()));
            return null;
          }
        });
  }

  private void follow(Set<String> users) {
    var next = new HashSet<String>();
    for (String user : users) {
      if (followed.contains(user) || fanout.follow(user)) {
        next.add(user);
      }
    }
    for (String user : followed) {
      if (!users.contains(user)) {
        fanout.unfollow(user);
      }
    }
    followed = next;
  }

  private void shareQuietly() {
    try {
      share();
    } catch (RuntimeException e) {
      outage.failed(e);
    }
  }

  @Override
  public synchronized void start() {
    timer =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("dugout-presence").daemon().factory());
    timer.scheduleWithFixedDelay(this::shareQuietly, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
  }

  @Override
  public synchronized void stop() {
    if (timer == null) {
      return;
    }
    timer.shutdownNow();
    timer = null;
    try {
      // why: the others should stop counting this node's users now, not when the entries expire
      if (!shared.isEmpty() && outage.tryNow()) {
        write(Map.of(), shared, Map.of(), 0);
      }
    } catch (RuntimeException e) {
      outage.failed(e);
    }
    shared = Map.of();
    sharedVersion = -1;
  }

  @Override
  public synchronized boolean isRunning() {
    return timer != null;
  }

  /** Stops after the web server (which closes the sessions), before Redis goes. */
  @Override
  public int getPhase() {
    return 0;
  }

  static String userKey(String userId) {
    return "dugout:presence:user:" + userId;
  }

  static String roomKey(String roomId) {
    return "dugout:presence:room:" + roomId;
  }
}
