package io.dugout.realtime;

import io.dugout.system.ConditionalOnSelection;
import io.dugout.system.DugoutProperties.Mode;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The real-time core's beans that are not components of their own. */
@Configuration(proxyBeanMethods = false)
class RealtimeConfiguration {

  /** One node's send rate limit; a cluster node shares one in Redis instead. */
  @Bean
  @ConditionalOnSelection(mode = Mode.EMBEDDED)
  static SendRateLimit localSendRateLimit(RealtimeProperties properties) {
    return new LocalSendRateLimiter(properties);
  }
}
