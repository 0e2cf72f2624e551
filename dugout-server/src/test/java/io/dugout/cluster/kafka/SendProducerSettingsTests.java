package io.dugout.cluster.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.junit.jupiter.api.Test;

/**
 * The send producer gives a record up once its owner would skip it anyway, in settings Kafka
 * accepts, and keeps what an operator set.
 */
class SendProducerSettingsTests {

  @Test
  void givesRecordsUpWhenTheirOwnerWouldSkipThem() {
    var settings = new HashMap<String, Object>();
    settings.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:1");

    KafkaClusterConfiguration.boundDelivery(settings, Duration.ofSeconds(15));

    assertThat(settings)
        .containsEntry(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 15_000)
        .containsEntry(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 14_995);
    // Kafka refuses a delivery timeout below linger + request timeout when the producer is made
    try (var producer = KafkaClients.producer(settings, Duration.ofMillis(100))) {
      assertThat(producer.metrics()).isNotEmpty();
    }
  }

  @Test
  void keepsWhatTheOperatorSet() {
    var settings =
        new HashMap<String, Object>(
            Map.of(
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "60000",
                ProducerConfig.LINGER_MS_CONFIG, "20"));

    KafkaClusterConfiguration.boundDelivery(settings, Duration.ofSeconds(15));

    assertThat(settings)
        .containsEntry(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "60000")
        .containsEntry(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 59_980);
  }
}
