package io.dugout.realtime;

import io.dugout.message.MessageFollowUp;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * Holds the thread that posts a message whose text is {@code "hold"} (for a STOMP SEND: the thread
 * handling its connection's frames) until {@link #release} counts down, at most 30 s.
 */
@TestConfiguration
class HeldMessages {

  static volatile CountDownLatch release = new CountDownLatch(0);

  @Bean
  MessageFollowUp holdsMessagesSaidToHold() {
    return message -> {
      if ("hold".equals(message.content())) {
        try {
          release.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    };
  }
}
