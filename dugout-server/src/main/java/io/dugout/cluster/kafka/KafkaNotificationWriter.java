package io.dugout.cluster.kafka;

import io.dugout.notification.LocalDelivery;
import io.dugout.notification.Notification;
import io.dugout.notification.NotificationFanout;
import io.dugout.notification.NotificationStore;
import io.dugout.notification.NotificationWriter;
import io.dugout.system.DugoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;

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

  private final String nodeId;
  private final String topic;
  private final Producer<String, byte[]> producer;
  private final Duration timeout;
  private final LocalDelivery delivery;
  private final Map<String, Pending> waiting = new ConcurrentHashMap<>();

  KafkaNotificationWriter(
      String nodeId,
      String topic,
      Producer<String, byte[]> producer,
      Duration timeout,
      LocalDelivery delivery) {
    this.nodeId = nodeId;
    this.topic = topic;
    this.producer = producer;
    this.timeout = timeout;
    this.delivery = delivery;
  }

  String nodeId() {
    return nodeId;
  }

  Producer<String, byte[]> producer() {
    return producer;
  }

  @Override
  public NotificationStore.Added add(
      List<Notification> notifications, NotificationStore.IdempotencyKey key) {
    String requestId = UUID.randomUUID().toString();
    var pending = new Pending(notifications.size());
    waiting.put(requestId, pending);
    try {
      for (int i = 0; i < notifications.size(); i++) {
        var notification = notifications.get(i);
        var record =
            new NotificationRecord(nodeId, requestId, i, notification, keyOf(notification, key));
        produce(record).whenComplete((ok, error) -> pending.failed(error));
      }
      pending.done.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      return new NotificationStore.Added(List.of(pending.ids), pending.created);
    } catch (TimeoutException e) {
      throw DugoutException.unavailable(
          "the notifications were not confirmed as stored within "
              + timeout.toMillis()
              + " ms; some may be stored: resend with the same idempotencyKey");
    } catch (ExecutionException e) {
      throw unavailable(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw DugoutException.unavailable("interrupted while the notifications were being stored");
    } catch (KafkaException e) {
      throw unavailable(e);
    } finally {
      waiting.remove(requestId);
    }
  }

  @Override
  public void collapse(List<Notification> fresh) {
    var accepted = new ArrayList<CompletableFuture<Void>>(fresh.size());
    try {
      for (var notification : fresh) {
        accepted.add(produce(new NotificationRecord(null, null, 0, notification, null)));
      }
      CompletableFuture.allOf(accepted.toArray(CompletableFuture[]::new))
          .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      throw DugoutException.unavailable("Kafka did not accept the chat notifications in time");
    } catch (ExecutionException e) {
      throw unavailable(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw DugoutException.unavailable("interrupted while handing chat notifications to Kafka");
    } catch (KafkaException e) {
      throw unavailable(e);
    }
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
    producer.close(Duration.ofSeconds(5));
  }

  private CompletableFuture<Void> produce(NotificationRecord record) {
    var accepted = new CompletableFuture<Void>();
    producer.send(
        new ProducerRecord<>(topic, record.notification().userId(), record.toBytes()),
        (metadata, error) -> {
          if (error == null) {
            accepted.complete(null);
          } else {
            accepted.completeExceptionally(error);
          }
        });
    return accepted;
  }

  private static NotificationStore.IdempotencyKey keyOf(
      Notification notification, NotificationStore.IdempotencyKey key) {
    if (key == null) {
      return null;
    }
    return new NotificationStore.IdempotencyKey(
        key.scope(), key.key() + " " + notification.userId(), key.expiresAt());
  }

  private static DugoutException unavailable(Throwable cause) {
    return DugoutException.unavailable(
        "the notifications could not be handed to Kafka ("
            + cause.getClass().getSimpleName()
            + "); some may be stored: resend with the same idempotencyKey");
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
