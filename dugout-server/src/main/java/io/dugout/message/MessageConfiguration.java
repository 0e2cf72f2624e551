package io.dugout.message;

import java.util.List;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The single-node defaults of the message capability's ports: the local sequencer, and no history
 * cache unless {@code dugout.cache.type} names one.
 */
@Configuration(proxyBeanMethods = false)
class MessageConfiguration {

  /** In cluster mode the Kafka sequencer ({@code cluster/kafka}) orders rooms instead. */
  @Bean
  @ConditionalOnProperty(name = "dugout.mode", havingValue = "embedded", matchIfMissing = true)
  Sequencer sequencer(MessageStore store, List<MessageListener> listeners) {
    return new LocalSequencer(store, listeners);
  }

  @Bean
  @ConditionalOnProperty(name = "dugout.cache.type", havingValue = "none", matchIfMissing = true)
  HistoryCache historyCache() {
    return HistoryCache.NONE;
  }
}
