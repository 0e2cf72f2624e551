package io.dugout.cluster.kafka;

import io.dugout.system.DugoutException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.function.Supplier;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;

/**
 * A cluster node's producer to one topic, for requests that wait for their outcome at most a
 * timeout: every way Kafka fails them ends as {@code unavailable}, in the words of what was sent.
 */
final class TopicProducer {

  /**
   * What an {@code unavailable} error says when a request failed, for one kind of request.
   *
   * @param timedOut no outcome within the timeout (given in ms)
   * @param notHanded Kafka did not take a record the producer had queued
   * @param refused the producer could not even queue a record (its {@code send} threw)
   * @param interrupted the waiting thread was interrupted
   */
  record Failures(
      LongFunction<String> timedOut,
      Function<Throwable, String> notHanded,
      Function<Throwable, String> refused,
      String interrupted) {

    /** Refused in the words of not handed. */
    Failures(
        LongFunction<String> timedOut, Function<Throwable, String> notHanded, String interrupted) {
      this(timedOut, notHanded, notHanded, interrupted);
    }
  }

  private final String topic;
  private final Producer<String, byte[]> producer;
  private final Duration timeout;

  TopicProducer(String topic, Producer<String, byte[]> producer, Duration timeout) {
    this.topic = topic;
    this.producer = producer;
    this.timeout = timeout;
  }

  /** The producer, for its client metrics. */
  Producer<String, byte[]> producer() {
    return producer;
  }

  /** Hands one record to Kafka; completes when Kafka has it ({@code acks=all}), or fails. */
  CompletableFuture<Void> send(String key, byte[] value) {
    var accepted = new CompletableFuture<Void>();
    producer.send(
        new ProducerRecord<>(topic, key, value),
        (metadata, error) -> {
          if (error == null) {
            accepted.complete(null);
          } else {
            accepted.completeExceptionally(error);
          }
        });
    return accepted;
  }

  /**
   * Starts a request (which sends its records) and waits for its outcome, at most the timeout.
   *
   * @throws DugoutException {@code unavailable}, worded by {@code failures}, when there is none
   */
  <T> T await(Supplier<CompletableFuture<T>> request, Failures failures) {
    try {
      return request.get().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      throw DugoutException.unavailable(failures.timedOut().apply(timeout.toMillis()));
    } catch (ExecutionException e) {
      throw DugoutException.unavailable(failures.notHanded().apply(e.getCause()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw DugoutException.unavailable(failures.interrupted());
    } catch (KafkaException e) {
      throw DugoutException.unavailable(failures.refused().apply(e));
    }
  }

  /** Sends what the producer holds, then lets it go. */
  void close() {
    producer.close(Duration.ofSeconds(5));
  }
}
