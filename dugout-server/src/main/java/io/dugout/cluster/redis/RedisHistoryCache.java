package io.dugout.cluster.redis;

import io.dugout.message.HistoryCache;
import io.dugout.message.Message;
import io.dugout.message.MessageJson;
import io.dugout.system.BackendOutage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.springframework.core.io.ClassPathResource;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * The recent-history cache on Redis: per room a sorted set of its newest messages scored by seq
 * ({@code dugout:{roomId}:recent}) and a small hash ({@code dugout:{roomId}:meta}) with the low
 * water mark, the lowest seq from which the set is known to hold every message. Every operation is
 * one Lua script ({@code recent.lua}) on the room's two keys, which share a hash tag, so it is
 * atomic per room and runs on Redis Cluster.
 *
 * <p>Written through by {@link #stored}, filled downwards by {@link #loaded}, and a page is served
 * only when every seq it needs lies between the low mark and the newest message. Every failure is
 * swallowed, counted, reported to the node's Redis {@link BackendOutage} and turned into a miss;
 * while Redis is away the cache is skipped without a call, and a skipped write makes its room's run
 * untrusted ({@link RedisCacheTrust}). A seq is only ever copied from a message the store numbered.
 */
final class RedisHistoryCache implements HistoryCache {

  private static final ClassPathResource SCRIPT =
      new ClassPathResource("io/dugout/cluster/redis/recent.lua");
  private static final RedisScript<Long> WRITE = RedisScript.of(SCRIPT, Long.class);

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static final RedisScript<List<String>> READ =
      (RedisScript) RedisScript.of(SCRIPT, List.class);

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
    try {
      redis.execute(
          WRITE,
          keys(message.roomId()),
          "stored",
          Long.toString(trust.trustedFrom()),
          Long.toString(message.seq()),
          MessageJson.writeString(message),
          messagesPerRoom,
          ttlMillis);
      outage.succeeded();
    } catch (RuntimeException e) {
      trust.writeLost();
      failed(e);
    }
  }

  @Override
  public Optional<List<Message>> before(String roomId, long beforeSeq, int limit) {
    if (limit < 1 || !outage.tryNow()) {
      misses.increment();
      return Optional.empty();
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
      var page = reply == null ? null : page(roomId, reply);
      (page == null ? misses : hits).increment();
      return Optional.ofNullable(page);
    } catch (RuntimeException e) {
      failed(e);
      misses.increment();
      return Optional.empty();
    }
  }

  @Override
  public void loaded(String roomId, List<Message> newestFirst) {
    if (newestFirst.isEmpty() || !consecutive(roomId, newestFirst) || !outage.tryNow()) {
      return;
    }
    var args = new ArrayList<String>(newestFirst.size() + 6);
    try {
      args.add("loaded");
      args.add(Long.toString(trust.trustedFrom()));
      args.add(messagesPerRoom);
      args.add(ttlMillis);
      args.add(Long.toString(newestFirst.getLast().seq()));
      args.add(Long.toString(newestFirst.getFirst().seq()));
      for (Message message : newestFirst.reversed()) {
        args.add(MessageJson.writeString(message));
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

  /** The decoded page of a hit, or null on a miss or anything that is not a consecutive page. */
  private static List<Message> page(String roomId, List<String> reply) {
    if (reply.isEmpty() || !"hit".equals(reply.getFirst())) {
      return null;
    }
    var page = reply.subList(1, reply.size()).stream().map(MessageJson::read).toList();
    return consecutive(roomId, page) ? page : null;
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
