package io.dugout.realtime;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The real-time core's beans that are not components of their own. */
@Configuration(proxyBeanMethods = false)
class RealtimeConfiguration {

  /** One node's send rate limit; a cluster node shares one in Redis instead. */
  @Bean
  @ConditionalOnProperty(name = "dugout.mode", havingValue = "embedded", matchIfMissing = true)
  static SendRateLimit localSendRateLimit(RealtimeProperties properties) {
    return new LocalSendRateLimiter(properties);
  }
}
