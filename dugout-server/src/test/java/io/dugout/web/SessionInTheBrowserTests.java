package io.dugout.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The page's copy of the client library ({@code /lib/dugout-client.js}) in the browser that runs
 * it: when a try-it-out token is renewed, so the open STOMP session moves onto a fresh token before
 * the server would end it for an expired one.
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
}
