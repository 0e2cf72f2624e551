package io.dugout.message;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * What people may do to messages once sent ({@code dugout.messages.*}).
 *
 * @param editWindow how long after sending its sender may edit a message; 0 for no limit
 * @param maxMentions the most users one message may mention
 */
@ConfigurationProperties("dugout.messages")
public record MessageProperties(
    @DefaultValue("48h") Duration editWindow, @DefaultValue("50") int maxMentions) {

  public MessageProperties {
    if (editWindow.isNegative()) {
      throw new IllegalArgumentException(
          "dugout.messages.edit-window must be 0 (no limit) or more, not " + editWindow);
    }
    if (maxMentions < 0) {
      throw new IllegalArgumentException(
          "dugout.messages.max-mentions must be 0 or more, not " + maxMentions);
    }
  }
}
