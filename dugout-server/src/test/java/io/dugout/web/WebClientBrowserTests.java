package io.dugout.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The web client in real headless Chromium against a real Dugout node: people chatting in two
 * independent browsers, a reload, a server restart and a network drop, and hostile content.
 */
@ExtendWith(ScreenshotOnFailure.class)
class WebClientBrowserTests {

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

  @Test
  void twoPeopleChatLiveWithTypingReadMarkersAndUnreadBadges() throws Exception {
    String alice = user("alice");
    String bob = user("bob");
    Browser a = signedIn(alice);
    Browser b = signedIn(bob);

    a.createRoom("DIRECT", bob, null);
    a.send("Hi Bob, is the glove still for sale?");
    a.waitUntil("own message confirmed", () -> a.outbox().isEmpty() && a.contents().size() == 1);
    assertThat(a.find("#message-list li.mine").getAttribute("data-state")).isEqualTo("sent");

    b.waitUntil("room from alice listed, 1 unread", () -> b.unread(alice) == 1);
    b.openRoom(alice);
    b.waitUntil("alice's message shown", () -> b.contents().equals(a.contents()));
    b.waitUntil("badge cleared once read", () -> b.unread(alice) == 0);
    a.waitUntil("alice sees bob read it", () -> ("Seen by " + bob).equals(a.text("#message-list .readers")));

    b.type(b.find("#composer-input"), "Yes, it is");
    a.waitUntil("alice sees bob typing", () -> (bob + " is typing…").equals(a.text("#typing")));
    b.find("#composer-input").sendKeys(org.openqa.selenium.Keys.ENTER);
    a.waitUntil("bob's reply shown", () -> a.contents().size() == 2);
    a.waitUntil("typing line cleared by the message", () -> a.text("#typing").isEmpty());

    a.send("Great, I'll take it");
    b.waitUntil("third message", () -> b.contents().size() == 3);
    assertThat(a.messages()).isEqualTo(b.messages());
    assertInRoomOrder(a.messages(), 1);
    a.screenshot(Path.of("target", "web-client.png"));
  }

  @Test
  void tradeAndGroupRoomsAppearLiveForTheOtherPeopleAndGroupsTakeNewMembers() throws Exception {
    String alice = user("alice");
    String carol = user("carol");
    Browser a = signedIn(alice);
    Browser c = signedIn(carol);

    a.createRoom("TRADE", carol, null, "glove-42");
    a.waitUntil("trade room named after item and seller", () -> ("Trade · glove-42 · " + carol).equals(a.text("#room-title")));
    a.send("Would you take 20 for the glove?");
    c.openRoom("Trade · glove-42 · " + alice);
    c.waitUntil("carol sees the offer", () -> c.contents().equals(List.of("Would you take 20 for the glove?")));

    a.createRoom("GROUP", user("bob"), "Sunday league");
    a.type(a.find("#add-member-input"), carol + org.openqa.selenium.Keys.ENTER);
    a.waitUntil("carol listed as a member", () -> a.text("#room-subtitle").contains(carol));
    a.waitUntil(
        "her joining recorded in the room",
        () -> a.findAll("#message-list li.system").stream().anyMatch(li -> li.getText().contains(carol)));
    c.openRoom("Sunday league");
    c.send("Hi all");
    a.waitUntil("alice sees carol's hello", () -> a.contents().contains("Hi all"));
  }

  @Test
  void aReloadShowsTheConversationAndOlderHistoryScrollsInByCursor() throws Exception {
    String alice = user("alice");
    String bob = user("bob");
    Browser a = signedIn(alice);
    a.createRoom("GROUP", bob, "History " + alice);
    String roomId = (String) a.js("return new URLSearchParams(location.hash.slice(1)).get('room')");
    String token = server.token(alice);
    for (int i = 1; i <= 45; i++) {
      server.post(
          "/api/v1/rooms/" + roomId + "/messages",
          token,
          "{\"clientMsgId\":\"h-" + i + "\",\"kind\":\"TEXT\",\"content\":\"history " + i + "\"}");
    }
    a.waitUntil("live messages shown", () -> a.contents().contains("history 45"));

    a.reload();
    a.waitUntil("room reopened after reload", () -> a.contents().contains("history 45"));
    assertThat(a.messages().size()).isLessThan(46); // the newest page first, not everything
    for (int i = 0; i < 10 && a.find("#load-older").isDisplayed(); i++) {
      a.js("document.getElementById('messages').scrollTop = 0");
      Thread.sleep(300);
    }
    a.waitUntil("whole history paged in", () -> a.contents().contains("history 1"));
    var shown = a.messages();
    assertInRoomOrder(shown, 1);
    assertThat(shown.getLast().get("seq")).isEqualTo(restLastSeq(token, roomId));
  }

  @Test
  void aServerRestartAndANetworkDropLeaveNoGapsAndNoDuplicates() throws Exception {
    String alice = user("alice");
    String bob = user("bob");
    Browser a = signedIn(alice);
    Browser b = signedIn(bob);
    a.createRoom("DIRECT", bob, null);
    a.send("before the restart");
    b.openRoom(alice);
    b.send("me too");
    a.waitUntil("both messages", () -> a.contents().size() == 2);

    server.stop();
    a.waitUntil("alice sees the connection drop", () -> !"online".equals(a.connection()));
    b.waitUntil("bob sees the connection drop", () -> !"online".equals(b.connection()));
    a.send("written while the server was down");
    a.waitUntil(
        "unsent message marked failed",
        () -> a.outbox().equals(List.of(Map.of("content", "written while the server was down", "state", "failed"))));

    server.start();
    Duration reconnect = Duration.ofSeconds(40);
    a.waitUntil("alice reconnected", () -> "online".equals(a.connection()), reconnect);
    b.waitUntil("bob reconnected", () -> "online".equals(b.connection()), reconnect);
    a.waitUntil("failed message resent by itself", () -> a.outbox().isEmpty() && a.contents().size() == 3);
    b.waitUntil("bob got it once", () -> b.contents().size() == 3);

    b.cutNetwork();
    b.waitUntil("bob offline", () -> !"online".equals(b.connection()));
    for (int i = 1; i <= 3; i++) a.send("while bob was away " + i);
    a.waitUntil("alice's three sent", () -> a.outbox().isEmpty() && a.contents().size() == 6);
    b.restoreNetwork();
    b.waitUntil("bob reconnected", () -> "online".equals(b.connection()), reconnect);
    b.waitUntil("bob caught up", () -> b.contents().size() == 6);
    b.send("back");
    a.waitUntil("alice sees bob is back", () -> a.contents().size() == 7);

    assertThat(b.messages()).isEqualTo(a.messages());
    assertInRoomOrder(a.messages(), 1);
    assertThat(a.contents())
        .containsExactly(
            "before the restart",
            "me too",
            "written while the server was down",
            "while bob was away 1",
            "while bob was away 2",
            "while bob was away 3",
            "back");
  }

  @Test
  void aRetryAfterALostReceiptDoesNotDuplicateAndALostEchoIsReadFromHistory() throws Exception {
    String alice = user("alice");
    String bob = user("bob");
    Browser a = browser(alice);
    a.load(server.url());
    a.js("localStorage.setItem('dugout.receiptTimeoutMs', '1500')");
    a.reload();
    a.signIn(alice);
    Browser b = signedIn(bob);
    a.createRoom("DIRECT", bob, null);
    b.openRoom(alice);

    // the server stores it and answers, but alice's browser never hears back
    a.loseIncomingFramesContaining("RECEIPT", "lost in transit");
    a.send("lost in transit");
    a.waitUntil(
        "shown as failed with a retry button",
        () -> a.outbox().equals(List.of(Map.of("content", "lost in transit", "state", "failed"))));
    b.waitUntil("bob has it already", () -> b.contents().equals(List.of("lost in transit")));

    a.stopLosingFrames();
    a.find("#outbox button[data-retry]").click();
    a.waitUntil("confirmed after retry", () -> a.outbox().isEmpty() && a.contents().size() == 1);
    a.send("next");
    b.waitUntil("bob gets the next one", () -> b.contents().size() == 2);

    // the RECEIPT arrives but the message itself does not: "Sent", then read from history
    a.loseIncomingFramesContaining("echo lost");
    a.send("echo lost");
    a.waitUntil(
        "receipted: shown as sent",
        () -> a.outbox().equals(List.of(Map.of("content", "echo lost", "state", "sent"))));
    a.waitUntil("then found in history", () -> a.outbox().isEmpty() && a.contents().size() == 3);
    b.waitUntil("bob has all three", () -> b.contents().size() == 3);
    assertThat(b.contents()).containsExactly("lost in transit", "next", "echo lost");
    assertThat(a.messages()).isEqualTo(b.messages());
    assertInRoomOrder(b.messages(), 1);
  }

  @Test
  void markupInMessagesNamesTitlesAndLinksIsShownAsText() throws Exception {
    String evil = "<img-src=x-onerror=alert(1)>" + ThreadLocalRandom.current().nextInt(1000);
    String bob = user("bob");
    Browser e = signedIn(evil);
    Browser b = signedIn(bob);
    String title = "<b>Sunday</b><script>window.__owned=1</script>";
    e.createRoom("GROUP", bob, title);
    String script = "<script>window.__owned = 2</script><img src=x onerror=\"window.__owned=3\">";
    e.send(script);

    b.openRoom(title);
    b.waitUntil("script shown as text", () -> b.contents().equals(List.of(script)));
    assertThat(b.find("#message-list li .sender").getText()).isEqualTo(evil);
    assertThat(b.findAll("#message-list script, #message-list img, #room-list b")).isEmpty();

    String roomId = (String) b.js("return new URLSearchParams(location.hash.slice(1)).get('room')");
    server.post(
        "/api/v1/rooms/" + roomId + "/messages",
        server.token(evil),
        """
        {"clientMsgId": "files-1", "kind": "FILE", "content": "two files", "attachments": [
          {"url": "https://files.example/glove.jpg", "name": "glove.jpg", "size": 2048, "mime": "image/jpeg"},
          {"url": "javascript:window.__owned=4", "name": "click me", "size": 10, "mime": "text/plain"}]}
        """);
    b.waitUntil("attachments shown", () -> b.findAll("#message-list .attachments li").size() == 2);
    var links = b.findAll("#message-list .attachments a");
    assertThat(links).hasSize(1);
    assertThat(links.getFirst().getAttribute("href")).isEqualTo("https://files.example/glove.jpg");
    assertThat(b.text("#message-list .attachments")).contains("glove.jpg 2.0 KB").contains("click me");
    assertThat(b.js("return window.__owned === undefined")).isEqualTo(true);
    assertThat(e.js("return window.__owned === undefined")).isEqualTo(true);
  }

  @Test
  void onAPhoneSizedScreenTheListAndTheRoomTakeTurns() throws Exception {
    String alice = user("alice");
    String bob = user("bob");
    Browser a = signedIn(alice);
    a.createRoom("DIRECT", bob, null);
    a.send("small screen");
    a.resize(390, 760);
    a.waitUntil("room fills the screen", () -> !a.find("#sidebar").isDisplayed());
    a.find("#composer-input").sendKeys(org.openqa.selenium.Keys.ESCAPE);
    a.waitUntil("back to the list", () -> a.find("#sidebar").isDisplayed());
    assertThat(a.find("#room-pane").isDisplayed()).isFalse();
    a.openRoom(bob);
    assertThat(a.find("#back").isDisplayed()).isTrue();
    assertThat(a.contents()).containsExactly("small screen");
  }

  // ---- helpers ----

  private Browser browser(String name) throws Exception {
    var browser = new Browser(name, temp.resolve("profiles").resolve(name));
    browsers.add(browser);
    return browser;
  }

  private Browser signedIn(String userId) throws Exception {
    var browser = browser(userId.replaceAll("[^A-Za-z0-9-]", "_"));
    browser.load(server.url());
    browser.signIn(userId);
    return browser;
  }

  private static String user(String name) {
    return name + "-" + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x10000, 0xfffff));
  }

  /** Seqs strictly consecutive from {@code first}: the room's one order, no gap, no duplicate. */
  private static void assertInRoomOrder(List<Map<String, Object>> shown, long first) {
    for (int i = 0; i < shown.size(); i++) {
      assertThat(((Number) shown.get(i).get("seq")).longValue())
          .as("seq of message %d of %s", i, shown)
          .isEqualTo(first + i);
    }
  }

  private static long restLastSeq(String token, String roomId) throws Exception {
    var room = server.get("/api/v1/rooms/" + roomId, token);
    var m = Pattern.compile("\"lastSeq\"\\s*:\\s*(\\d+)").matcher(room);
    assertThat(m.find()).isTrue();
    return Long.parseLong(m.group(1));
  }
}
