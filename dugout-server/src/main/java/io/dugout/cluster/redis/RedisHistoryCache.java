package io.dugout.cluster.redis;

import io.dugout.message.HistoryCache;
import io.dugout.message.Message;
import io.dugout.message.MessageJson;
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
 * swallowed, counted and turned into a miss (see {@link RedisOutages}); a seq is only ever copied
 * from a message the store numbered.
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
  private final RedisOutages outages;
  private final LongAdder hits = new LongAdder();
  private final LongAdder misses = new LongAdder();

  RedisHistoryCache(
      StringRedisTemplate redis, int messagesPerRoom, Duration ttl, Duration failureBackoff) {
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
    this.outages =
        new RedisOutages(
            failureBackoff,
            () ->
                redis.execute(
                    (RedisCallback<Long>) c -> c.serverCommands().time(TimeUnit.MICROSECONDS)));
  }

  @Override
  public void stored(Message message) {
    if (!outages.tryNow()) {
      outages.writeLost();
      return;
    }
    try {
      redis.execute(
          WRITE,
          keys(message.roomId()),
          "stored",
          Long.toString(outages.trustedFrom()),
          Long.toString(message.seq()),
          MessageJson.writeString(message),
          messagesPerRoom,
          ttlMillis);
      outages.succeeded();
    } catch (RuntimeException e) {
      outages.failed("stored", e, true);
    }
  }

  @Override
  public Optional<List<Message>> before(String roomId, long beforeSeq, int limit) {
    if (limit < 1 || !outages.tryNow()) {
      misses.increment();
      return Optional.empty();
    }
    try {
      List<String> reply =
          redis.execute(
              READ,
              keys(roomId),
              "before",
              Long.toString(outages.trustedFrom()),
              Long.toString(beforeSeq),
              Integer.toString(limit));
      outages.succeeded();
      var page = reply == null ? null : page(roomId, reply);
      (page == null ? misses : hits).increment();
      return Optional.ofNullable(page);
    } catch (RuntimeException e) {
      outages.failed("before", e, false);
      misses.increment();
      return Optional.empty();
    }
  }

  @Override
  public void loaded(String roomId, List<Message> newestFirst) {
    if (newestFirst.isEmpty() || !consecutive(roomId, newestFirst) || !outages.tryNow()) {
      return;
    }
    var args = new ArrayList<String>(newestFirst.size() + 6);
    try {
      args.add("loaded");
      args.add(Long.toString(outages.trustedFrom()));
      args.add(messagesPerRoom);
      args.add(ttlMillis);
      args.add(Long.toString(newestFirst.getLast().seq()));
      args.add(Long.toString(newestFirst.getFirst().seq()));
      for (Message message : newestFirst.reversed()) {
        args.add(MessageJson.writeString(message));
      }
      redis.execute(WRITE, keys(roomId), args.toArray());
      outages.succeeded();
    } catch (RuntimeException e) {
      // why: a lost fill leaves the run as it was, still true; only a lost write breaks trust
      outages.failed("loaded", e, false);
    }
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

  RedisOutages outages() {
    return outages;
  }

  long hits() {
    return hits.sum();
  }

  long misses() {
    return misses.sum();
  }
}
