package io.dugout.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Tokens in the page: when the client library ({@code /lib/dugout-client.js}) renews a try-it-out
 * token, so the open STOMP session moves onto a fresh one before the server would end it for an
 * expired one, and what happens when a pasted JWT, which cannot be renewed, expires.
 */
class SessionInTheBrowserTests extends BrowserTest {

  private Browser page;

  @BeforeEach
  void openThePage() throws Exception {
    page = browser(user("session"));
    page.load(server.url());
  }

  @Test
  @SuppressWarnings("unchecked")
  void renewsATenthOfTheRemainingLifeEarlyButNeverMoreThanFiveMinutesEarly() {
    var result =
        (Map<String, Object>)
            page.jsAsync(
                "const done = arguments[arguments.length - 1];"
                    + "import('/lib/dugout-client.js').then(({ renewalDelayMs }) => {"
                    + "  const now = Date.parse('2026-11-22T00:00:00Z');"
                    + "  done({"
                    + "    day: renewalDelayMs(Date.parse('2026-11-23T00:00:00Z'), now),"
                    + "    tenMinutes: renewalDelayMs(Date.parse('2026-11-22T00:10:00Z'), now),"
                    + "    expired: renewalDelayMs(Date.parse('2026-11-21T23:59:00Z'), now),"
                    + "    never: renewalDelayMs(null, now)"
                    + "  });"
                    + "}, (e) => done({ error: String(e) }));");
    assertThat(result)
        .containsEntry("day", (24 * 60 - 5) * 60_000L)
        .containsEntry("tenMinutes", 9 * 60_000L)
        .containsEntry("expired", 0L)
        .containsEntry("never", null);
  }

  @Test
  void aPastedTokenThatExpiresEndsTheSessionAndSignsThePageOut() throws Exception {
    String erin = user("erin");
    page.find("#signin details summary").click();
    page.type(page.find("#jwt-input"), server.token(erin, Instant.now().plusSeconds(8)));
    page.find("#jwt-form button[type=submit]").click();
    page.waitUntil("connected", () -> "online".equals(page.connection()));

    page.waitUntil(
        "signed out once the token expired",
        () -> page.find("#signin-user").isDisplayed(),
        Duration.ofSeconds(30));
    assertThat(page.text("#signin-error")).startsWith("Signed out:");
  }
}
