package io.dugout.cluster.redis;

import io.dugout.system.BackendOutage;
import io.dugout.system.RecordCreators;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.connection.MessageListener;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.listener.ChannelTopic;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;
import tools.jackson.databind.json.JsonMapper;

/**
 * Channels of Redis Pub/Sub as a fanout uses them: JSON published on a channel, and listeners on
 * this node's one Pub/Sub connection (Spring's listener container) for the channels it follows
 * while someone here wants them.
 *
 * <p>At most once: a publish, a subscription or a received message that fails is lost and counted
 * (each fanout keeps a count of its own, on the one connection); the fanout's receivers make up for
 * it (from the store, or an asker's timeout). Failures of Redis itself go to the node's Redis
 * {@link BackendOutage}, which logs an outage once; while Redis is away nothing is published (no
 * caller waits for it).
 *
 * <p>A node whose Redis is away starts, and listens once Redis answers: when the first subscription
 * fails (or Redis is known to be away before it), the container is stopped and only records
 * listeners, and {@link #relisten}, run by {@link RedisRecovery} while Redis answers, starts it
 * again, which subscribes every channel it holds. why: Spring's container would retry a failed
 * subscription itself every 5 s for ever, on the thread that asked, logging an error each time; its
 * recovery is switched off (see {@link RedisFanoutConfiguration}). A connection that drops once
 * subscribed is Lettuce's to restore: it reconnects with back-off and subscribes again to what it
 * had; a follow that failed meanwhile is asked again by its caller.
 *
 * <p>Over 300 lines: publishing, asking who subscribes and following all go through the one Pub/Sub
 * connection and the one outage record, whose rules (lost and counted, never waiting for a Redis
 * known to be away) they must apply alike.
 */
final class RedisChannels {

  private static final Logger log = LoggerFactory.getLogger(RedisChannels.class);

  private static final JsonMapper JSON = RecordCreators.lenientMapper();

  /** How long a question to Redis ({@link #subscribers}) waits for its answer. */
  static final Duration ANSWER_WAIT = Duration.ofSeconds(2);

  private final StringRedisTemplate redis;
  private final RedisMessageListenerContainer container;
  private final BackendOutage outage;
  private final LongAdder failures = new LongAdder();
  private final Map<String, MessageListener> pending = new ConcurrentHashMap<>();
  private volatile long lastWarning;

  RedisChannels(
      StringRedisTemplate redis, RedisMessageListenerContainer container, BackendOutage outage) {
    this.redis = redis;
    this.container = container;
    this.outage = outage;
  }

  /** A listener that reads each message as JSON of {@code type} and hands it to the receiver. */
  <T> MessageListener reading(Class<T> type, Consumer<T> receiver, String what) {
    return (message, pattern) -> {
      try {
        receiver.accept(JSON.readValue(message.getBody(), type));
      } catch (RuntimeException e) {
        // why: not Redis' failure: a message this node cannot read, or a receiver that threw
        failures.increment();
        long now = System.currentTimeMillis();
        if (now - lastWarning > 30_000) {
          lastWarning = now;
          log.warn("Redis Pub/Sub: {} was lost ({}); more within 30 s not logged", what, e);
        }
      }
    };
  }

  /** Publishes the value as JSON: whether Redis took it. Lost while Redis is away. */
  boolean publish(String channel, Object value) {
    if (!outage.tryNow()) {
      failures.increment();
      return false;
    }
    try {
      byte[] to = channel.getBytes(StandardCharsets.UTF_8);
      byte[] json = json(value);
      redis.execute((RedisCallback<Long>) connection -> connection.publish(to, json));
      outage.succeeded();
      return true;
    } catch (RuntimeException e) {
      // why: at most once by contract; receivers fill gaps from the store, askers time out
      lost(e);
      return false;
    }
  }

  /**
   * Publishes JSON already encoded ({@link #json}) without waiting for Redis' answer; a failure is
   * lost and counted when the answer comes, as {@link #publish}'s. In the order of the calls: every
   * command of the node's shared connection goes out in the order it was given. why: a room message
   * is published on its send's path, which need not wait a round trip for what it cannot act on
   */
  void publishJson(String channel, byte[] json) {
    if (!outage.tryNow()) {
      failures.increment();
      return;
    }
    try {
      byte[] to = channel.getBytes(StandardCharsets.UTF_8);
      redis.execute(
          (RedisCallback<Object>)
              connection -> {
                publishing(connection)
                    .publish(to, json)
                    .whenComplete(
                        (receivers, failure) -> {
                          if (failure == null) {
                            outage.succeeded();
                          } else {
                            lost(new IllegalStateException("publish failed", failure));
                          }
                        });
                return null;
              });
    } catch (RuntimeException e) {
      lost(e);
    }
  }

  @SuppressWarnings("unchecked")
  private static RedisClusterAsyncCommands<byte[], byte[]> publishing(RedisConnection connection) {
    return (RedisClusterAsyncCommands<byte[], byte[]>) connection.getNativeConnection();
  }

  /** The value as the JSON this class publishes and reads. */
  static byte[] json(Object value) {
    return JSON.writeValueAsBytes(value);
  }

  /**
   * Publishes each value as JSON on its channel, all in one pipelined round trip: whether Redis
   * took them. Lost, and each counted, while Redis is away.
   */
  boolean publishAll(List<Map.Entry<String, Object>> messages) {
    if (messages.isEmpty()) {
      return true;
    }
    var encoded = new byte[messages.size() * 2][];
    for (int i = 0; i < messages.size(); i++) {
      encoded[2 * i] = messages.get(i).getKey().getBytes(StandardCharsets.UTF_8);
      encoded[2 * i + 1] = JSON.writeValueAsBytes(messages.get(i).getValue());
    }
    if (!outage.tryNow()) {
      failures.add(messages.size());
      return false;
    }
    try {
      redis.executePipelined(
          (RedisCallback<Object>)
              connection -> {
                for (int i = 0; i < encoded.length; i += 2) {
                  connection.publish(encoded[i], encoded[i + 1]);
                }
                return null;
              });
      outage.succeeded();
      return true;
    } catch (RuntimeException e) {
      failures.add(messages.size() - 1);
      lost(e);
      return false;
    }
  }

  /**
   * How many subscribers each channel has in Redis now ({@code PUBSUB NUMSUB}, one round trip), by
   * channel; null when Redis could not be asked, so that the caller publishes to every channel.
   */
  Map<String, Long> subscribers(Collection<String> channels) {
    if (channels.isEmpty() || !outage.tryNow()) {
      return null;
    }
    var asked = new byte[channels.size()][];
    int i = 0;
    for (String channel : channels) {
      asked[i++] = channel.getBytes(StandardCharsets.UTF_8);
    }
    try {
      Map<byte[], Long> counted =
          redis.execute(
              (RedisCallback<Map<byte[], Long>>)
                  connection -> await(publishing(connection).pubsubNumsub(asked)));
      var byChannel = new HashMap<String, Long>(counted.size() * 2);
      counted.forEach(
          (channel, n) -> byChannel.put(new String(channel, StandardCharsets.UTF_8), n));
      outage.succeeded();
      return byChannel;
    } catch (RuntimeException e) {
      outage.failed(e);
      return null;
    }
  }

  private static <T> T await(RedisFuture<T> answer) {
    try {
      return answer.get(ANSWER_WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted waiting for Redis", e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("Redis did not answer", e);
    }
  }

  /** Whether Redis is away now: an outage is under way (and was logged when it began). */
  boolean away() {
    return outage.down();
  }

  /**
   * Receives the channel from now on, or once Redis answers again: whether it is subscribed now.
   * When it is not, the caller asks again later. Never waits for a Redis known to be away.
   */
  boolean follow(String channel, MessageListener listener) {
    var topic = new ChannelTopic(channel);
    if (container.isRunning() && !outage.tryNow()) {
      if (container.isListening()) {
        return false; // why: what is subscribed already, Lettuce subscribes again on reconnecting
      }
      container.stop(); // why: nothing is subscribed yet and Redis is away: only record
    }
    if (!container.isRunning()) {
      // why: a stopped container only records the listener; relisten() subscribes it
      container.addMessageListener(listener, topic);
      return false;
    }
    try {
      container.addMessageListener(listener, topic);
      outage.succeeded();
      return true;
    } catch (RuntimeException e) {
      lost(e);
      if (!container.isListening()) {
        // why: the first subscription failed; the listener stays recorded, a stopped container
        // records the next ones without trying Redis, and relisten() subscribes them all
        container.stop();
      }
      return false;
    }
  }

  /** Stops receiving the channel (here at once; in Redis once it answers). */
  void unfollow(String channel, MessageListener listener) {
    pending.remove(channel, listener);
    try {
      container.removeMessageListener(listener, new ChannelTopic(channel));
    } catch (RuntimeException e) {
      lost(e);
    }
  }

  /**
   * Receives another channel on the same connection for as long as the node runs: at once if Redis
   * answers, otherwise once it does (a node whose Redis is away starts all the same).
   */
  void listen(String channel, MessageListener listener) {
    if (!follow(channel, listener)) {
      pending.put(channel, listener);
    }
  }

  /**
   * Subscribes what Redis' absence left unsubscribed: every recorded channel when a failed first
   * subscription stopped the container, and the channels {@link #listen} could not subscribe. Run
   * while Redis answers; cheap when there is nothing to do.
   */
  void relisten() {
    if (!container.isRunning()) {
      pending.forEach((channel, l) -> container.addMessageListener(l, new ChannelTopic(channel)));
      pending.clear();
      try {
        container.start();
        outage.succeeded();
      } catch (RuntimeException e) {
        lost(e);
        container.stop();
      }
      return;
    }
    pending.forEach(
        (channel, listener) -> {
          if (follow(channel, listener)) {
            pending.remove(channel, listener);
          }
        });
  }

  /** Whether the Pub/Sub connection receives every channel it holds. */
  boolean listening() {
    return container.isRunning() && container.isListening();
  }

  /** Whether the Pub/Sub connection receives the channel, which {@link #listen} asked for. */
  boolean hears(String channel) {
    return !pending.containsKey(channel) && listening();
  }

  /** The Pub/Sub connection, for channels with a count of their own. */
  RedisMessageListenerContainer container() {
    return container;
  }

  /** How many publishes, subscriptions and received messages were lost. */
  long failures() {
    return failures.sum();
  }

  private void lost(RuntimeException e) {
    failures.increment();
    outage.failed(e);
  }
}
