package io.dugout.system;

import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Beans every capability shares, and the startup line that says where Dugout listens. */
@Configuration(proxyBeanMethods = false)
class SystemConfiguration {

  private static final Logger log = LoggerFactory.getLogger(SystemConfiguration.class);

  @Bean
  Clock clock() {
    return Clock.systemUTC();
  }

  /** Registered by Spring Boot on the application's JSON mapper (request bodies, STOMP SEND). */
  @Bean
  RecordCreators recordCreators() {
    return new RecordCreators();
  }

  @Bean
  ApplicationListener<WebServerInitializedEvent> readyLine(DugoutProperties properties) {
    return event ->
        log.info(
            "Dugout is listening on http://localhost:{} (WebSocket ws://localhost:{}/ws), data in {}",
            event.getWebServer().getPort(),
            event.getWebServer().getPort(),
            properties.dataDir().toAbsolutePath().normalize());
  }
}
