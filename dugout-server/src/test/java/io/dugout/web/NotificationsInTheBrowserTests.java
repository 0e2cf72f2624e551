package io.dugout.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The Notifications panel: the list, live arrivals, the unread badge and marking read. */
class NotificationsInTheBrowserTests extends BrowserTest {

  @Test
  void listsLiveNotificationsWithAnUnreadBadgeAndMarksOneAndAllRead() throws Exception {
    String alice = user("alice");
    String backend = server.serviceToken("backend");
    notify(backend, alice, "Offer on your glove", "12 EUR", null);

    Browser a = signedIn(alice);
    a.waitUntil(
        "the notification sent before sign-in listed",
        () -> titles(a).equals(List.of("Offer on your glove")));
    assertThat(a.text("#notification-badge")).isEqualTo("1");
    assertThat(unread(a)).containsExactly("true");

    notify(backend, alice, "Your bat sold", "Paid 30 EUR", null);
    a.waitUntil(
        "the new one arrives live, on top",
        () -> titles(a).equals(List.of("Your bat sold", "Offer on your glove")));
    a.waitUntil("badge counts both", () -> "2".equals(a.text("#notification-badge")));
    assertThat(a.text("#notification-list li:first-child .notification-body"))
        .isEqualTo("Paid 30 EUR");
    assertThat(a.connection()).isEqualTo("online");

    a.find("#notification-list li:first-child button[data-action='read']").click();
    a.waitUntil("the top one read", () -> unread(a).equals(List.of("false", "true")));
    a.waitUntil("badge down to one", () -> "1".equals(a.text("#notification-badge")));
    assertThat(a.findAll("#notification-list li:first-child button[data-action='read']")).isEmpty();
    assertThat(serverUnread(alice)).isEqualTo(1);

    a.find("#notifications-read-all").click();
    a.waitUntil("all read", () -> unread(a).equals(List.of("false", "false")));
    a.waitUntil("badge gone", () -> !a.find("#notification-badge").isDisplayed());
    assertThat(a.find("#notifications-read-all").isDisplayed()).isFalse();
    assertThat(serverUnread(alice)).isZero();

    a.reload();
    a.waitUntil("reloaded: both listed, read", () -> unread(a).equals(List.of("false", "false")));
    assertThat(a.find("#notification-badge").isDisplayed()).isFalse();
  }

  @Test
  void aChatNotificationOpensItsRoom() throws Exception {
    String alice = user("alice");
    String bob = user("bob");
    Browser a = signedIn(alice);
    a.createRoom("DIRECT", bob, null);
    a.send("Glove still for sale?");
    a.waitUntil("sent", () -> a.outbox().isEmpty() && a.contents().size() == 1);

    // why: bob was not looking at the room (not even signed in), so the message notified him
    Browser b = signedIn(bob);
    b.waitUntil("bob's chat notification", () -> titles(b).equals(List.of(alice)));
    b.find("#notification-list li:first-child button[data-action='open']").click();
    b.waitUntil("the room opened", () -> b.contents().equals(List.of("Glove still for sale?")));
    b.waitUntil("and the notification read", () -> unread(b).equals(List.of("false")));
  }

  @Test
  void readingARoomHereOrOnAnotherDeviceSettlesItsChatNotification() throws Exception {
    String alice = user("alice");
    String bob = user("bob");
    String aliceToken = server.token(alice);
    String pitch = group(aliceToken, "Pitch " + alice, bob);
    String bench = group(aliceToken, "Bench " + alice, bob);
    say(aliceToken, pitch, "kick-off at 10");
    say(aliceToken, bench, "bring the balls");

    // why: bob was away, so both messages notified him (once signed in, he watches both rooms)
    waitForServerUnread(bob, 2);
    Browser b = signedIn(bob);
    b.waitUntil("both chat notifications listed", () -> unread(b).equals(List.of("true", "true")));
    assertThat(b.text("#notification-badge")).isEqualTo("2");

    b.openRoom("Pitch " + alice);
    b.waitUntil(
        "the room's notification settled", () -> unreadTitles(b).equals(List.of("Bench " + alice)));
    b.waitUntil("badge down to one", () -> "1".equals(b.text("#notification-badge")));
    // why: the page did not mark it; the server settled it when the read marker moved
    waitForServerUnread(bob, 1);

    // bob's phone reads the other room (the seq is capped at the room's last)
    server.post("/api/v1/rooms/" + bench + "/read", server.token(bob), "{\"seq\":1000}");
    b.waitUntil(
        "settled from the other device too", () -> unread(b).equals(List.of("false", "false")));
    b.waitUntil("badge gone", () -> !b.find("#notification-badge").isDisplayed());
    waitForServerUnread(bob, 0);

    b.reload();
    b.waitUntil("a fresh load shows both read", () -> unread(b).equals(List.of("false", "false")));
    assertThat(b.find("#notification-badge").isDisplayed()).isFalse();
  }

  @Test
  void markAllReadStaysOnOneLine() throws Exception {
    String alice = user("alice");
    String backend = server.serviceToken("backend");
    for (int i = 0; i < 12; i++) {
      notify(backend, alice, "Offer " + i, "12 EUR", null);
    }
    Browser a = signedIn(alice);
    a.waitUntil("badge counts them all", () -> "12".equals(a.text("#notification-badge")));
    for (int width : List.of(1200, 1100, 900, 400)) {
      a.resize(width, 800);
      assertThat(a.find("#notifications-read-all").isDisplayed()).isTrue();
      var lines =
          (Number)
              a.js(
                  "const b = document.getElementById('notifications-read-all');"
                      + " return b.getBoundingClientRect().height"
                      + " / parseFloat(getComputedStyle(b).lineHeight);");
      assertThat(lines.doubleValue())
          .as("lines of 'Mark all read' at %d px", width)
          .isLessThan(1.6);
    }
  }

  private static String group(String token, String title, String member) throws Exception {
    var created =
        server.post(
            "/api/v1/rooms",
            token,
            "{\"type\":\"GROUP\",\"title\":"
                + json(title)
                + ",\"memberIds\":[\""
                + member
                + "\"]}");
    var m = Pattern.compile("\"id\"\\s*:\\s*\"([^\"]+)\"").matcher(created);
    assertThat(m.find()).as(created).isTrue();
    return m.group(1);
  }

  private static void say(String token, String roomId, String text) throws Exception {
    server.post(
        "/api/v1/rooms/" + roomId + "/messages",
        token,
        "{\"clientMsgId\":\"c-1\",\"kind\":\"TEXT\",\"content\":" + json(text) + "}");
  }

  private static List<String> unreadTitles(Browser browser) {
    return browser.findAll("#notification-list li[data-unread='true'] .notification-title").stream()
        .map(e -> e.getText())
        .toList();
  }

  private static void waitForServerUnread(String userId, long expected) throws Exception {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (serverUnread(userId) != expected && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(serverUnread(userId))
        .as("%s's unread count on the server", userId)
        .isEqualTo(expected);
  }

  private static List<String> titles(Browser browser) {
    return browser.findAll("#notification-list .notification-title").stream()
        .map(e -> e.getText())
        .toList();
  }

  private static List<String> unread(Browser browser) {
    return browser.findAll("#notification-list li").stream()
        .map(e -> e.getAttribute("data-unread"))
        .toList();
  }

  private static long serverUnread(String userId) throws Exception {
    var page = server.get("/api/v1/notifications", server.token(userId));
    var m = Pattern.compile("\"unreadCount\"\\s*:\\s*(\\d+)").matcher(page);
    assertThat(m.find()).as(page).isTrue();
    return Long.parseLong(m.group(1));
  }

  static void notify(String serviceToken, String userId, String title, String body, String data)
      throws Exception {
    server.post(
        "/api/v1/notifications",
        serviceToken,
        "{\"userIds\":[\""
            + userId
            + "\"],\"kind\":\"trade.offer\",\"title\":"
            + json(title)
            + ",\"body\":"
            + json(body)
            + (data == null ? "" : ",\"data\":" + data)
            + "}");
  }

  private static String json(String text) {
    return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
