package io.dugout.screen;

import io.dugout.message.MessageScreen;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The {@link MessageScreen} of this node: the word filter when {@code dugout.screen.*} names
 * something to look for; {@link MessageScreen#NONE} when it does not.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ScreenProperties.class)
class ScreenConfiguration {

  private static final Logger log = LoggerFactory.getLogger(ScreenConfiguration.class);

  @Bean
  MessageScreen messageScreen(ScreenProperties words, MeterRegistry registry) {
    if (!words.enabled()) {
      return MessageScreen.NONE;
    }
    log.info(
        "Word filter: {} words, {} patterns, action {}",
        words.words().size(),
        words.patterns().size(),
        words.action().name().toLowerCase());
    return new WordFilter(words, registry);
  }
}
