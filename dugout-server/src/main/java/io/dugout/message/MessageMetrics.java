package io.dugout.message;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

/**
 * Counts newly stored messages ({@code dugout.messages.appended}); a retried clientMsgId stores
 * nothing and is not counted. A listener like any other, so it sees exactly what subscribers see.
 */
@Component
class MessageMetrics implements MessageListener {

  private final Counter appended;

  MessageMetrics(MeterRegistry registry) {
    this.appended =
        Counter.builder("dugout.messages.appended")
            .description("messages stored (durable), all rooms")
            .register(registry);
  }

  /** Only increments: safe inside the room's lane. */
  @Override
  public void messagePosted(Message message) {
    appended.increment();
  }
}
