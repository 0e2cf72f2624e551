package io.dugout.cluster.redis;

import io.dugout.message.HistoryCache;
import io.dugout.message.HistoryCache.Lookup;
import io.dugout.message.Message;
import io.dugout.message.MessageJson;
import io.dugout.system.BackendOutage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * The recent-history cache on Redis: per room a sorted set of its newest entries scored by seq
 * ({@code dugout:{roomId}:recent}) and a small hash ({@code dugout:{roomId}:meta}) with the low
 * water mark, the lowest seq from which the set is known to hold every entry, and a count of the
 * changes the set was told of. Every operation is one Lua script ({@code recent.lua}) on the room's
 * two keys, which share a hash tag, so it is atomic per room and runs on Redis Cluster.
 *
 * <p>Written through by {@link #stored}, filled downwards by {@link #loaded}, and a page is served
 * only when every seq it needs lies between the low mark and the newest entry. Entries are kept as
 * the store keeps them ({@link Message#stored}); a change replaces its target's cached copy in the
 * same script when it brings a later state (a higher {@code changedSeq}), so calls that overtake
 * each other never step a message back. A miss hands out the room's run and change count as its
 * token, and a page whose token no longer matches is dropped: a change landed while it was read.
 * Every failure is swallowed, counted, reported to the node's Redis {@link BackendOutage} and
 * turned into a miss; while Redis is away the cache is skipped without a call, and a skipped write
 * makes its room's run untrusted ({@link RedisCacheTrust}). A seq is only ever copied from an entry
 * the store numbered.
 */
final class RedisHistoryCache implements HistoryCache {

  private static final RedisScript<Long> WRITE = LuaScripts.of("recent.lua", Long.class);

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static final RedisScript<List<String>> READ =
      (RedisScript) LuaScripts.of("recent.lua", List.class);

  private final StringRedisTemplate redis;
  private final String messagesPerRoom;
  private final String ttlMillis;
  private final BackendOutage outage;
  private final RedisCacheTrust trust;
  private final LongAdder hits = new LongAdder();
  private final LongAdder misses = new LongAdder();
  private final LongAdder failures = new LongAdder();

  RedisHistoryCache(
      StringRedisTemplate redis, int messagesPerRoom, Duration ttl, BackendOutage outage) {
    if (messagesPerRoom < 1) {
      throw new IllegalArgumentException(
          "dugout.cache.redis.messages-per-room must be 1 or more, not " + messagesPerRoom);
    }
    if (ttl.toMillis() < 1) {
      throw new IllegalArgumentException("dugout.cache.redis.ttl must be positive, not " + ttl);
    }
    this.redis = redis;
    this.messagesPerRoom = Integer.toString(messagesPerRoom);
    this.ttlMillis = Long.toString(ttl.toMillis());
    this.outage = outage;
    this.trust =
        new RedisCacheTrust(
            () ->
                redis.execute(
                    (RedisCallback<Long>) c -> c.serverCommands().time(TimeUnit.MICROSECONDS)));
  }

  @Override
  public void stored(Message message) {
    if (!outage.tryNow()) {
      trust.writeLost();
      return;
    }
    var args = new ArrayList<String>(9);
    try {
      args.add("stored");
      args.add(Long.toString(trust.trustedFrom()));
      args.add(Long.toString(message.seq()));
      args.add(MessageJson.writeString(message.stored()));
      args.add(messagesPerRoom);
      args.add(ttlMillis);
      if (message.isChangeEntry()) {
        Message target = message.target();
        boolean changed = target != null && target.changedSeq() != null;
        args.add(Long.toString(message.targetSeq()));
        args.add(changed ? Long.toString(target.changedSeq()) : "0");
        args.add(changed ? MessageJson.writeString(target.stored()) : "");
      }
      redis.execute(WRITE, keys(message.roomId()), args.toArray());
      outage.succeeded();
    } catch (RuntimeException e) {
      trust.writeLost();
      failed(e);
    }
  }

  @Override
  public Lookup before(String roomId, long beforeSeq, int limit) {
    if (limit < 1 || !outage.tryNow()) {
      misses.increment();
      return Lookup.MISS;
    }
    try {
      List<String> reply =
          redis.execute(
              READ,
              keys(roomId),
              "before",
              Long.toString(trust.trustedFrom()),
              Long.toString(beforeSeq),
              Integer.toString(limit));
      outage.succeeded();
      var lookup = reply == null ? Lookup.MISS : lookup(roomId, reply);
      (lookup.hit() == null ? misses : hits).increment();
      return lookup;
    } catch (RuntimeException e) {
      failed(e);
      misses.increment();
      return Lookup.MISS;
    }
  }

  @Override
  public void loaded(String roomId, List<Message> newestFirst, Lookup missed) {
    if (missed.token() == null
        || newestFirst.isEmpty()
        || !consecutive(roomId, newestFirst)
        || !settled(newestFirst)
        || !outage.tryNow()) {
      return;
    }
    var args = new ArrayList<String>(newestFirst.size() + 7);
    try {
      args.add("loaded");
      args.add(Long.toString(trust.trustedFrom()));
      args.add(messagesPerRoom);
      args.add(ttlMillis);
      args.add(Long.toString(newestFirst.getLast().seq()));
      args.add(Long.toString(newestFirst.getFirst().seq()));
      args.add(missed.token());
      for (Message message : newestFirst.reversed()) {
        args.add(MessageJson.writeString(message.stored()));
      }
      redis.execute(WRITE, keys(roomId), args.toArray());
      outage.succeeded();
    } catch (RuntimeException e) {
      // why: a lost fill leaves the run as it was, still true; only a lost write breaks trust
      failed(e);
    }
  }

  private void failed(RuntimeException e) {
    failures.increment();
    outage.failed(e);
  }

  /** A hit with its decoded page, or a miss (also for anything that is not a consecutive page). */
  private static Lookup lookup(String roomId, List<String> reply) {
    if (reply.isEmpty() || !"hit".equals(reply.getFirst())) {
      boolean token = reply.size() > 1 && "miss".equals(reply.getFirst());
      return token ? Lookup.miss(reply.get(1)) : Lookup.MISS;
    }
    var page = reply.subList(1, reply.size()).stream().map(MessageJson::read).toList();
    return consecutive(roomId, page) ? Lookup.hit(page) : Lookup.MISS;
  }

  /**
   * Whether every change in a page had reached its target when the page was read, for the targets
   * in the page. why: the MongoDB store applies a change just after inserting it (ADR 15), so a
   * page read between the two holds the change beside its target's earlier state.
   */
  private static boolean settled(List<Message> newestFirst) {
    long newest = newestFirst.getFirst().seq();
    long oldest = newestFirst.getLast().seq();
    for (Message entry : newestFirst) {
      Long target = entry.targetSeq();
      if (entry.isChangeEntry() && target != null && target >= oldest && target <= newest) {
        Long changed = newestFirst.get((int) (newest - target)).changedSeq();
        if (changed == null || changed < entry.seq()) {
          return false;
        }
      }
    }
    return true;
  }

  private static boolean consecutive(String roomId, List<Message> newestFirst) {
    for (int i = 0; i < newestFirst.size(); i++) {
      var message = newestFirst.get(i);
      if (!message.roomId().equals(roomId)
          || message.seq() != newestFirst.getFirst().seq() - i
          || message.seq() < 1) {
        return false;
      }
    }
    return true;
  }

  private static List<String> keys(String roomId) {
    // why: one hash tag per room puts both keys in one Redis Cluster slot, as a script requires
    String tag = "dugout:{" + roomId + "}:";
    return List.of(tag + "recent", tag + "meta");
  }

  /** How many of the cache's commands failed or timed out. */
  long failures() {
    return failures.sum();
  }

  long hits() {
    return hits.sum();
  }

  long misses() {
    return misses.sum();
  }
}
