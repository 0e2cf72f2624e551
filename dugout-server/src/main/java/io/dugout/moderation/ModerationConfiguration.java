package io.dugout.moderation;

import io.dugout.system.ConditionalOnSelection;
import io.dugout.system.DugoutProperties.Mode;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Moderation's beans that are not components of their own. */
@Configuration(proxyBeanMethods = false)
class ModerationConfiguration {

  /** One node's slow-mode gate; a cluster node shares one in Redis instead. */
  @Bean
  @ConditionalOnSelection(mode = Mode.EMBEDDED)
  static SlowModeGate localSlowModeGate(Clock clock) {
    return new LocalSlowModeGate(clock::millis);
  }
}
