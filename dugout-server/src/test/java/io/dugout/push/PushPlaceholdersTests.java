package io.dugout.push;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class PushPlaceholdersTests {

  private static final PushPlaceholders BUILT_IN = PushPlaceholders.builtIn();

  @Test
  void aDeviceInGermanGetsTheGermanText() {
    assertThat(BUILT_IN.message("de")).isEqualTo("Neue Nachricht");
    assertThat(BUILT_IN.notification("de")).isEqualTo("Neue Benachrichtigung");
    assertThat(BUILT_IN.message("de-CH")).isEqualTo("Neue Nachricht");
  }

  @Test
  void aRegionFallsBackToItsLanguage() {
    assertThat(BUILT_IN.message("pt-BR")).isEqualTo("Nova mensagem");
    assertThat(BUILT_IN.message("ja-JP")).isEqualTo("新着メッセージ");
    assertThat(BUILT_IN.message("zh-CN")).isEqualTo("新消息");
    assertThat(BUILT_IN.message("zh-TW")).isEqualTo("新訊息");
  }

  @Test
  void anUnknownOrMissingLocaleGetsEnglish() {
    assertThat(BUILT_IN.message("sw")).isEqualTo("New message");
    assertThat(BUILT_IN.message("en-GB")).isEqualTo("New message");
    assertThat(BUILT_IN.message(null)).isEqualTo("New message");
    assertThat(BUILT_IN.notification(null)).isEqualTo("New notification");
  }

  @Test
  void theDeploymentsTextWinsFromTheMostSpecificTagToEnglish() {
    var placeholders =
        new PushPlaceholders(
            new PushPlaceholderProperties(
                Map.of(
                    "de", "Neue Mitteilung",
                    "pt.br", "Você tem uma mensagem",
                    "EN", "Something new"),
                Map.of("fr", "Du nouveau")));

    assertThat(placeholders.message("de-AT")).isEqualTo("Neue Mitteilung");
    assertThat(placeholders.message("pt-BR")).isEqualTo("Você tem uma mensagem");
    assertThat(placeholders.message("pt-PT")).isEqualTo("Nova mensagem");
    assertThat(placeholders.message("sw")).isEqualTo("Something new");
    assertThat(placeholders.message(null)).isEqualTo("Something new");
    assertThat(placeholders.message("fr")).isEqualTo("Nouveau message");
    assertThat(placeholders.notification("fr")).isEqualTo("Du nouveau");
    assertThat(placeholders.notification("sw")).isEqualTo("New notification");
  }
}
