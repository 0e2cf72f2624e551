package io.dugout.cluster.kafka;

import io.dugout.message.Fanout;
import io.dugout.message.Message;
import io.dugout.message.MessageStore;
import io.dugout.message.NewMessage;
import io.dugout.message.Sequencer;
import io.dugout.system.DugoutException;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongFunction;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * The {@link Sequencer} of a cluster node: it hands each send to Kafka, keyed by room, and waits
 * until the owner of the room's partition (this node or another) has stored it.
 *
 * <p>An append returns only with the stored message, so a receipt always means durable in MongoDB.
 * When no answer comes within the timeout (Kafka, the owner or MongoDB unreachable, or the answer
 * lost) it throws {@code unavailable}: the message may still be stored later, and resending the
 * same clientMsgId — on any node — returns it instead of storing it again. Live delivery on this
 * node goes through {@link RoomFeeds}, in seq order.
 */
final class KafkaSequencer implements Sequencer, Fanout.Receiver {

  private final String nodeId;
  private final String topic;
  private final Producer<String, byte[]> producer;
  private final Duration timeout;
  private final RoomFeeds feeds;
  private final Map<String, CompletableFuture<Fanout.Answer>> waiting = new ConcurrentHashMap<>();

  KafkaSequencer(
      String nodeId,
      String topic,
      Producer<String, byte[]> producer,
      Duration timeout,
      RoomFeeds feeds) {
    this.nodeId = nodeId;
    this.topic = topic;
    this.producer = producer;
    this.timeout = timeout;
    this.feeds = feeds;
  }

  /** The producer, for its client metrics. */
  Producer<String, byte[]> producer() {
    return producer;
  }

  @Override
  public MessageStore.Appended append(String roomId, NewMessage draft) {
    String requestId = UUID.randomUUID().toString();
    var answer = new CompletableFuture<Fanout.Answer>();
    waiting.put(requestId, answer);
    try {
      var send = new SendRecord(nodeId, requestId, roomId, draft);
      producer.send(
          new ProducerRecord<>(topic, roomId, send.toBytes()),
          (metadata, error) -> {
            if (error != null) {
              answer.completeExceptionally(error);
            }
          });
      var done = answer.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      if (done.created()) {
        // why: the sender's own subscription gets its MESSAGE before the RECEIPT, as on one node
        feeds.offerAndWait(done.message());
      }
      return new MessageStore.Appended(done.message(), done.created());
    } catch (TimeoutException e) {
      throw DugoutException.unavailable(
          "the message was not confirmed as stored within "
              + timeout.toMillis()
              + " ms; it may still be stored: resend it with the same clientMsgId");
    } catch (ExecutionException e) {
      throw DugoutException.unavailable(
          "the message could not be handed to Kafka ("
              + e.getCause().getClass().getSimpleName()
              + "); it may still be stored: resend it with the same clientMsgId");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw DugoutException.unavailable("interrupted while the message was being stored");
    } catch (org.apache.kafka.common.KafkaException e) {
      // why: send() throws at once when the producer cannot even queue the record
      throw DugoutException.unavailable(
          "the message could not be handed to Kafka ("
              + e.getClass().getSimpleName()
              + "); nothing was stored: resend it with the same clientMsgId");
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

  /** Sends what the producer holds, then lets it go. */
  void close() {
    producer.close(Duration.ofSeconds(5));
  }
}
