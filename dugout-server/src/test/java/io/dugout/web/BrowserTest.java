package io.dugout.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every browser test class shares: one real Dugout node per class (try-it-out tokens, a
 * temporary data directory), one headless Chromium per person, screenshots on failure, and a
 * failure when a page throws. Without Chromium every test is skipped, saying how to enable it.
 */
@ExtendWith(ScreenshotOnFailure.class)
abstract class BrowserTest {

  @TempDir static Path temp;
  static TestServer server;

  private final List<Browser> browsers = new ArrayList<>();

  @BeforeAll
  static void startServer() throws Exception {
    if (!Chromium.installed()) {
      System.out.println("\n*** " + Chromium.SKIPPED + " ***\n");
      return;
    }
    server = new TestServer(temp.resolve("data")).start();
  }

  @BeforeEach
  void requireChromium() {
    // per test, so the report counts each browser test as skipped
    Assumptions.assumeTrue(Chromium.installed(), Chromium.SKIPPED);
  }

  @AfterAll
  static void stopServer() {
    if (server != null) server.close();
    server = null;
  }

  @AfterEach
  void closeBrowsersFailingOnPageErrors() {
    var errors = new ArrayList<String>();
    for (var browser : browsers) {
      try {
        browser.pageErrors().forEach(e -> errors.add(browser.name + ": " + e));
      } finally {
        browser.close();
      }
    }
    browsers.clear();
    assertThat(errors).as("uncaught errors in the page").isEmpty();
  }

  Browser browser(String name) throws Exception {
    var browser = new Browser(name, temp.resolve("profiles").resolve(name));
    browsers.add(browser);
    return browser;
  }

  Browser signedIn(String userId) throws Exception {
    var browser = browser(userId.replaceAll("[^A-Za-z0-9-]", "_"));
    browser.load(server.url());
    browser.signIn(userId);
    return browser;
  }

  /** A user name no other test uses (rooms between two people are unique per pair). */
  static String user(String name) {
    return name + "-" + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x10000, 0xfffff));
  }

  /** The id of the room open in this browser, from its address. */
  static String openRoomId(Browser browser) {
    return (String) browser.js("return new URLSearchParams(location.hash.slice(1)).get('room')");
  }

  /** Seqs strictly consecutive from {@code first}: the room's one order, no gap, no duplicate. */
  static void assertInRoomOrder(List<Map<String, Object>> shown, long first) {
    for (int i = 0; i < shown.size(); i++) {
      assertThat(((Number) shown.get(i).get("seq")).longValue())
          .as("seq of message %d of %s", i, shown)
          .isEqualTo(first + i);
    }
  }

  static long restLastSeq(String token, String roomId) throws Exception {
    var room = server.get("/api/v1/rooms/" + roomId, token);
    var m = Pattern.compile("\"lastSeq\"\\s*:\\s*(\\d+)").matcher(room);
    assertThat(m.find()).isTrue();
    return Long.parseLong(m.group(1));
  }
}
