package io.dugout.system;

import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Beans every capability shares. */
@Configuration(proxyBeanMethods = false)
class SystemConfiguration {

  @Bean
  Clock clock() {
    return Clock.systemUTC();
  }

  /** Registered by Spring Boot on the application's JSON mapper (request bodies, STOMP SEND). */
  @Bean
  RecordCreators recordCreators() {
    return new RecordCreators();
  }
}
