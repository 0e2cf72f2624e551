package io.dugout.screen;

import io.dugout.message.MessageScreen;
import io.dugout.room.RoomStore;
import io.dugout.system.DugoutProperties;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

/**
 * The {@link MessageScreen} of this node: the word filter when {@code dugout.screen.*} names
 * something to look for, then the before-send hook when {@code dugout.hooks.before-send.url} is
 * set; {@link MessageScreen#NONE} when neither is.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({ScreenProperties.class, BeforeSendHookProperties.class})
class ScreenConfiguration {

  private static final Logger log = LoggerFactory.getLogger(ScreenConfiguration.class);

  /** Room for any answer: the longest content, every character escaped, and the rest. */
  private static int maxAnswerBytes(DugoutProperties properties) {
    return properties.limits().maxContentBytes() * 6 + 4096;
  }

  /** Closed with the context: the hook's HTTP client, when there is one. */
  @Bean
  MessageScreen messageScreen(
      ScreenProperties words,
      BeforeSendHookProperties hookProperties,
      RoomStore rooms,
      JsonMapper json,
      MeterRegistry registry,
      Clock clock,
      DugoutProperties dugout) {
    MessageScreen filter = words.enabled() ? new WordFilter(words, registry) : null;
    MessageScreen asked =
        hookProperties.url() == null
            ? null
            : new BeforeSendHook(
                hookProperties,
                new RoomTypes(rooms),
                json,
                new HookMetrics(registry),
                clock,
                maxAnswerBytes(dugout));
    if (filter != null) {
      log.info(
          "Word filter: {} words, {} patterns, action {}",
          words.words().size(),
          words.patterns().size(),
          words.action().name().toLowerCase());
    }
    if (asked != null) {
      log.info(
          "Before-send hook: {} (timeout {} ms, on failure {})",
          hookProperties.url(),
          hookProperties.timeout().toMillis(),
          hookProperties.failure().name().toLowerCase());
    }
    if (filter != null && asked != null) {
      return new ScreenChain(filter, asked);
    }
    return filter != null ? filter : asked != null ? asked : MessageScreen.NONE;
  }
}
