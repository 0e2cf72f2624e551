package io.dugout.push;

import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The deployment's own texts for pushes whose preview is hidden ({@code
 * dugout.push.placeholder.*}), per language tag, over the built-in translations: {@code
 * dugout.push.placeholder.message.de=Neue Nachricht}, {@code
 * dugout.push.placeholder.notification.pt-BR=…}. Tags are matched without regard to case, {@code _}
 * and {@code .} standing for {@code -} (an environment variable {@code
 * DUGOUT_PUSH_PLACEHOLDER_MESSAGE_PT_BR} binds the key {@code pt.br}).
 *
 * @param message the text of a chat message's push, by language tag
 * @param notification the text of another notification's push, by language tag
 */
@ConfigurationProperties("dugout.push.placeholder")
public record PushPlaceholderProperties(
    Map<String, String> message, Map<String, String> notification) {

  public PushPlaceholderProperties {
    message = normalized(message);
    notification = normalized(notification);
  }

  /** Lower-case tags with {@code -}, as {@link PushPlaceholders} looks them up. */
  static String tag(String tag) {
    return tag.replace('_', '-').replace('.', '-').toLowerCase(Locale.ROOT);
  }

  private static Map<String, String> normalized(Map<String, String> texts) {
    if (texts == null) {
      return Map.of();
    }
    return texts.entrySet().stream()
        .filter(e -> e.getValue() != null && !e.getValue().isBlank())
        .collect(Collectors.toUnmodifiableMap(e -> tag(e.getKey()), Map.Entry::getValue));
  }
}
