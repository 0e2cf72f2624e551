package io.dugout.message;

import io.dugout.system.ConditionalOnSelection;
import io.dugout.system.DugoutProperties.CacheType;
import io.dugout.system.DugoutProperties.Mode;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The single-node defaults of the message capability's ports: the local sequencer, which owns every
 * room, and no history cache unless {@code dugout.cache.type} names one.
 */
@Configuration(proxyBeanMethods = false)
class MessageConfiguration {

  /** In cluster mode the Kafka sequencer ({@code cluster/kafka}) orders rooms instead. */
  @Bean
  @ConditionalOnSelection(mode = Mode.EMBEDDED)
  Sequencer sequencer(MessageStore store, List<MessageListener> listeners) {
    return new LocalSequencer(store, listeners);
  }

  /** In cluster mode Kafka's assignment of partitions decides ({@code cluster/kafka}). */
  @Bean
  @ConditionalOnSelection(mode = Mode.EMBEDDED)
  RoomOwnership roomOwnership() {
    return RoomOwnership.EVERY_ROOM;
  }

  @Bean
  @ConditionalOnSelection(cache = CacheType.NONE)
  HistoryCache historyCache() {
    return HistoryCache.NONE;
  }
}
