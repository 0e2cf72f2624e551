package io.dugout.loadtest.floor;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One destination of the {@link FloorStompBroker}: its subscribers and, for a room topic, the next
 * seq. Publishing holds the topic's lock while it numbers the entry (a message or a change) and
 * queues it on every subscriber's I/O thread, so each subscriber gets a room's entries in seq
 * order.
 */
final class FloorTopic {

  private static final String ROOM_TOPIC = "/topic/rooms.";

  /** A subscription: the session's channel and the id it gave in SUBSCRIBE. */
  record Subscriber(Channel channel, String id) {}

  private final String destination;

  private final String roomId;

  private final List<Subscriber> subscribers = new ArrayList<>();

  private long seq;

  FloorTopic(String destination) {
    this.destination = destination;
    this.roomId =
        destination.startsWith(ROOM_TOPIC) ? destination.substring(ROOM_TOPIC.length()) : null;
  }

  synchronized void subscribe(Subscriber subscriber) {
    subscribers.add(subscriber);
  }

  synchronized void unsubscribe(Channel channel, String id) {
    subscribers.removeIf(s -> s.channel() == channel && (id == null || s.id().equals(id)));
  }

  /**
   * Numbers a message and sends it, as Dugout renders a stored chat message, to every subscriber.
   *
   * @param senderId the sender's user id
   * @param kind the SEND body's {@code kind} (JSON string contents, as sent)
   * @param content the SEND body's {@code content} (JSON string contents, as sent)
   * @param clientMsgId the SEND body's {@code clientMsgId} (JSON string contents, as sent)
   */
  synchronized void publish(String senderId, String kind, String content, String clientMsgId) {
    long next = ++seq;
    String body =
        "{\"type\":\"message\",\"roomId\":\""
            + roomId
            + "\",\"seq\":"
            + next
            + ",\"senderId\":\""
            + senderId
            + "\",\"kind\":\""
            + kind
            + "\",\"content\":\""
            + content
            + "\",\"attachments\":[],\"clientMsgId\":\""
            + clientMsgId
            + "\",\"sentAt\":\""
            + Instant.now()
            + "\"}";
    deliver(next, body);
  }

  /**
   * Numbers a change to a message and sends it to every subscriber, as Dugout renders a change
   * entry but without its {@code target}: the floor keeps no messages to take it from.
   *
   * @param type {@code message.edited}, {@code reaction.added} or {@code reaction.removed}
   * @param targetSeq the SEND body's {@code seq}, as sent
   * @param emoji the SEND body's {@code emoji} (JSON string contents, as sent), or ""
   */
  synchronized void publishChange(
      String senderId, String type, String targetSeq, String emoji, String clientMsgId) {
    long next = ++seq;
    String body =
        "{\"type\":\""
            + type
            + "\",\"roomId\":\""
            + roomId
            + "\",\"seq\":"
            + next
            + ",\"senderId\":\""
            + senderId
            + "\",\"clientMsgId\":\""
            + clientMsgId
            + "\",\"sentAt\":\""
            + Instant.now()
            + "\",\"change\":\""
            + type
            + "\",\"targetSeq\":"
            + targetSeq
            + (emoji.isEmpty() ? "" : ",\"emoji\":\"" + emoji + "\"")
            + "}";
    deliver(next, body);
  }

  /** Queues the MESSAGE of {@code body} on every subscriber's I/O thread; under the lock. */
  private void deliver(long next, String body) {
    byte[] head =
        ("MESSAGE\ndestination:"
                + destination
                + "\nmessage-id:"
                + roomId
                + "-"
                + next
                + "\nsubscription:")
            .getBytes(StandardCharsets.UTF_8);
    byte[] tail =
        ("\ncontent-type:application/json\ncontent-length:"
                + ByteBufUtil.utf8Bytes(body)
                + "\n\n"
                + body
                + "\0")
            .getBytes(StandardCharsets.UTF_8);
    for (Subscriber subscriber : subscribers) {
      Channel channel = subscriber.channel();
      ByteBuf frame = channel.alloc().buffer(head.length + subscriber.id().length() + tail.length);
      frame.writeBytes(head).writeCharSequence(subscriber.id(), StandardCharsets.UTF_8);
      frame.writeBytes(tail);
      // why: always through the subscriber's task queue, even from its own I/O thread, so a
      // write queued earlier by another thread cannot be overtaken by a later seq
      channel
          .eventLoop()
          .execute(
              () -> channel.writeAndFlush(new TextWebSocketFrame(frame), channel.voidPromise()));
    }
  }

  synchronized int subscriberCount() {
    return subscribers.size();
  }
}
