package io.dugout.cluster.kafka;

import io.dugout.notification.LocalDelivery;
import io.dugout.notification.Notification;
import io.dugout.notification.NotificationFanout;
import io.dugout.notification.NotificationStore;
import io.dugout.notification.NotificationWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.producer.Producer;

/**
 * The {@link NotificationWriter} of a cluster node: each notification goes to the notifications
 * topic keyed by its user id, and the node that owns the user's partition ({@link
 * NotificationOwner}) stores it in MongoDB. A send waits for every recipient's answer, so its 201
 * means durable; a chat notification waits only for Kafka's {@code acks=all}.
 *
 * <p>Idempotency keys are kept per recipient ({@code key + " " + userId}; neither may hold a
 * space), so a retry that reaches another node, and whose records reach other owners, is decided
 * recipient by recipient by the store's unique index. Notifications sent without a key are stored
 * in batches, without one.
 */
final class KafkaNotificationWriter implements NotificationWriter, NotificationFanout.Receiver {

  private static final TopicProducer.Failures SEND_FAILURES =
      new TopicProducer.Failures(
          millis ->
              "the notifications were not confirmed as stored within "
                  + millis
                  + " ms; some may be stored: resend with the same idempotencyKey",
          KafkaNotificationWriter::notHanded,
          "interrupted while the notifications were being stored");

  private static final TopicProducer.Failures CHAT_FAILURES =
      new TopicProducer.Failures(
          millis -> "Kafka did not accept the chat notifications in time",
          KafkaNotificationWriter::notHanded,
          "interrupted while handing chat notifications to Kafka");

  private final String nodeId;
  private final TopicProducer topic;
  private final LocalDelivery delivery;
  private final Map<String, Pending> waiting = new ConcurrentHashMap<>();

  KafkaNotificationWriter(String nodeId, TopicProducer topic, LocalDelivery delivery) {
    this.nodeId = nodeId;
    this.topic = topic;
    this.delivery = delivery;
  }

  String nodeId() {
    return nodeId;
  }

  Producer<String, byte[]> producer() {
    return topic.producer();
  }

  @Override
  public NotificationStore.Added add(
      List<Notification> notifications, NotificationStore.IdempotencyKey key) {
    String requestId = UUID.randomUUID().toString();
    var pending = new Pending(notifications.size());
    waiting.put(requestId, pending);
    try {
      topic.await(
          () -> {
            for (int i = 0; i < notifications.size(); i++) {
              var notification = notifications.get(i);
              var record =
                  new NotificationRecord(
                      nodeId, requestId, i, notification, keyOf(notification, key));
              produce(record).whenComplete((ok, error) -> pending.failed(error));
            }
            return pending.done;
          },
          SEND_FAILURES);
      return new NotificationStore.Added(List.of(pending.ids), pending.created);
    } finally {
      waiting.remove(requestId);
    }
  }

  @Override
  public void collapse(List<Notification> fresh) {
    topic.await(
        () -> {
          var accepted = new ArrayList<CompletableFuture<Void>>(fresh.size());
          for (var notification : fresh) {
            accepted.add(produce(new NotificationRecord(null, null, 0, notification, null)));
          }
          return CompletableFuture.allOf(accepted.toArray(CompletableFuture[]::new));
        },
        CHAT_FAILURES);
  }

  @Override
  public void answered(NotificationFanout.Answer answer) {
    var pending = waiting.get(answer.requestId());
    if (pending != null) {
      pending.answered(answer.stored());
    }
  }

  @Override
  public void published(Notification notification) {
    delivery.deliver(notification);
  }

  void close() {
    topic.close();
  }

  private CompletableFuture<Void> produce(NotificationRecord record) {
    return topic.send(record.notification().userId(), record.toBytes());
  }

  private static NotificationStore.IdempotencyKey keyOf(
      Notification notification, NotificationStore.IdempotencyKey key) {
    if (key == null) {
      return null;
    }
    return new NotificationStore.IdempotencyKey(
        key.scope(), key.key() + " " + notification.userId(), key.expiresAt());
  }

  private static String notHanded(Throwable cause) {
    return "the notifications could not be handed to Kafka ("
        + cause.getClass().getSimpleName()
        + "); some may be stored: resend with the same idempotencyKey";
  }

  /** The answers one send still waits for. */
  private static final class Pending {

    final String[] ids;
    final CompletableFuture<Void> done = new CompletableFuture<>();
    private int missing;
    volatile boolean created;

    Pending(int size) {
      ids = new String[size];
      missing = size;
    }

    synchronized void answered(List<NotificationFanout.Stored> stored) {
      for (var one : stored) {
        if (ids[one.index()] == null) {
          ids[one.index()] = one.id();
          missing--;
          created |= one.created();
        }
      }
      if (missing == 0) {
        done.complete(null);
      }
    }

    void failed(Throwable error) {
      if (error != null) {
        done.completeExceptionally(error);
      }
    }
  }
}
