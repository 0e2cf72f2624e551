package io.dugout.cluster.kafka;

import io.dugout.message.Fanout;
import io.dugout.message.Message;
import io.dugout.message.MessageStore;
import io.dugout.message.NewMessage;
import io.dugout.message.Sequencer;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongFunction;
import org.apache.kafka.clients.producer.Producer;

/**
 * The {@link Sequencer} of a cluster node: a send to a room whose partition this node sequences is
 * written here directly ({@link OwnerWrites}); any other it hands to Kafka, keyed by room, and
 * waits until the owner of the room's partition has stored it.
 *
 * <p>An append returns only with the stored message, so a receipt always means durable in MongoDB.
 * When no answer comes within the timeout (Kafka, the owner or MongoDB unreachable, or the answer
 * lost) it throws {@code unavailable}: the message may still be stored later, and resending the
 * same clientMsgId — on any node — returns it instead of storing it again. Live delivery on this
 * node goes through {@link RoomFeeds}, in seq order.
 */
final class KafkaSequencer implements Sequencer, Fanout.Receiver {

  private static final TopicProducer.Failures FAILURES =
      new TopicProducer.Failures(
          millis ->
              "the message was not confirmed as stored within "
                  + millis
                  + " ms; it may still be stored: resend it with the same clientMsgId",
          cause -> notHanded(cause, "it may still be stored"),
          cause -> notHanded(cause, "nothing was stored"),
          "interrupted while the message was being stored");

  private final String nodeId;
  private final TopicProducer sends;
  private final RoomFeeds feeds;
  private final OwnerWrites direct;
  private final Map<String, CompletableFuture<Fanout.Answer>> waiting = new ConcurrentHashMap<>();

  KafkaSequencer(String nodeId, TopicProducer sends, RoomFeeds feeds, OwnerWrites direct) {
    this.nodeId = nodeId;
    this.sends = sends;
    this.feeds = feeds;
    this.direct = direct;
  }

  /** The producer, for its client metrics. */
  Producer<String, byte[]> producer() {
    return sends.producer();
  }

  @Override
  public MessageStore.Appended append(String roomId, NewMessage draft) {
    var here = direct.append(roomId, draft);
    if (here != null) {
      if (here.created()) {
        feeds.offerAndWait(here.message());
      }
      return here;
    }
    String requestId = UUID.randomUUID().toString();
    var answer = new CompletableFuture<Fanout.Answer>();
    waiting.put(requestId, answer);
    try {
      var send = new SendRecord(nodeId, requestId, roomId, draft);
      var done =
          sends.await(
              () -> {
                sends
                    .send(roomId, send.toBytes())
                    .whenComplete(
                        (ok, error) -> {
                          if (error != null) {
                            answer.completeExceptionally(error);
                          }
                        });
                return answer;
              },
              FAILURES);
      if (done.created()) {
        // why: the sender's own subscription gets its MESSAGE before the RECEIPT, as on one node
        feeds.offerAndWait(done.message());
      }
      return new MessageStore.Appended(done.message(), done.created());
    } finally {
      waiting.remove(requestId);
    }
  }

  @Override
  public <T> T atLastSeq(String roomId, LongFunction<T> action) {
    return feeds.atLastDelivered(roomId, action);
  }

  @Override
  public void published(Message message) {
    feeds.offer(message);
  }

  @Override
  public void answered(Fanout.Answer answer) {
    var future = waiting.get(answer.requestId());
    if (future != null) {
      future.complete(answer);
    }
  }

  String nodeId() {
    return nodeId;
  }

  private static String notHanded(Throwable cause, String outcome) {
    return "the message could not be handed to Kafka ("
        + cause.getClass().getSimpleName()
        + "); "
        + outcome
        + ": resend it with the same clientMsgId";
  }

  /** Sends what the producer holds, then lets it go. */
  void close() {
    sends.close();
  }
}
