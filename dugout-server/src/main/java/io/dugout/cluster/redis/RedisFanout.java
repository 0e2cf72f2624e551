package io.dugout.cluster.redis;

import io.dugout.message.Fanout;
import io.dugout.message.Message;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.connection.MessageListener;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;

/**
 * The {@link Fanout} over Redis Pub/Sub: channel {@code dugout:room:{roomId}} carries a room's
 * stored messages to the nodes subscribed to it (those with live readers of the room), channel
 * {@code dugout:node:{nodeId}} carries answers to one node.
 *
 * <p>Pub/Sub keeps nothing: a node that is disconnected, even for a moment, misses what was
 * published meanwhile; the receiver's periodic comparison with the store finds it. A node starts
 * while Redis is away: its channels are subscribed once Redis answers ({@link #relisten}), and
 * until then it hears no answer from another node (those sends time out with an error). Messages
 * reach the receiver on the container's thread, in the order Redis delivered them. A room message
 * is published without waiting for Redis' answer, after those published before it on this node
 * ({@link RedisChannels#publishJson}); its failure is counted when the answer comes. A room message
 * this node published comes back to it from Redis and is dropped unread ({@link OwnEcho}): the
 * room's owner delivered it here before publishing it.
 */
final class RedisFanout implements Fanout {

  private static final Logger log = LoggerFactory.getLogger(RedisFanout.class);

  private final RedisChannels channels;
  private volatile Receiver receiver;
  private volatile OwnEcho own;
  private final AtomicBoolean closed = new AtomicBoolean();

  private final MessageListener rooms;
  private final MessageListener answers;

  RedisFanout(RedisChannels channels) {
    this.channels = channels;
    this.rooms =
        OwnEcho.othersOnly(
            () -> own,
            channels.reading(Message.class, m -> receiver.published(m), "a room message"));
    this.answers = channels.reading(Answer.class, a -> receiver.answered(a), "an answer");
  }

  @Override
  public void start(String nodeId, Receiver receiver) {
    this.receiver = receiver;
    this.own = new OwnEcho("node", nodeId);
    listen(nodeChannel(nodeId), answers);
  }

  @Override
  public void publish(Message message) {
    var own = this.own;
    var json = RedisChannels.json(message);
    channels.publishJson(roomChannel(message.roomId()), own == null ? json : own.stamped(json));
  }

  @Override
  public void answer(String nodeId, Answer answer) {
    channels.publish(nodeChannel(nodeId), answer);
  }

  @Override
  public boolean follow(String roomId) {
    return channels.follow(roomChannel(roomId), rooms);
  }

  @Override
  public void unfollow(String roomId) {
    channels.unfollow(roomChannel(roomId), rooms);
  }

  /** Receives another channel on the same connection ({@link RedisChannels#listen}). */
  void listen(String channel, MessageListener listener) {
    channels.listen(channel, listener);
  }

  /** The fanout's channels, shared with the room events. */
  RedisChannels channels() {
    return channels;
  }

  /** The Pub/Sub connection, shared with the notification fanout. */
  RedisMessageListenerContainer container() {
    return channels.container();
  }

  /** Subscribes every channel of the connection again, if Redis was away when they were added. */
  void relisten() {
    channels.relisten();
  }

  /** Whether the connection receives every channel it holds: live delivery between nodes works. */
  boolean listening() {
    return channels.listening();
  }

  /** Closes the Pub/Sub container, once. */
  void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    try {
      channels.container().destroy();
    } catch (Exception e) {
      log.warn("Closing the Redis Pub/Sub connection failed: {}", e.toString());
    }
  }

  long failures() {
    return channels.failures();
  }

  static String roomChannel(String roomId) {
    return "dugout:room:" + roomId;
  }

  static String nodeChannel(String nodeId) {
    return "dugout:node:" + nodeId;
  }
}
