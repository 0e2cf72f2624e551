package io.dugout.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;

/** Hostile content in the web client is shown as text; no script of anyone else's runs. */
class SafeRenderingInTheBrowserTests extends BrowserTest {

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

    String roomId = openRoomId(b);
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
    assertThat(b.text("#message-list .attachments"))
        .contains("glove.jpg 2.0 KB")
        .contains("click me");
    assertThat(b.js("return window.__owned === undefined")).isEqualTo(true);
    assertThat(e.js("return window.__owned === undefined")).isEqualTo(true);
  }

  @Test
  void markupInEditsQuotesAndTheReplyLineIsShownAsText() throws Exception {
    String evil = "<b>evil<b>-" + ThreadLocalRandom.current().nextInt(1000);
    String bob = user("bob");
    Browser e = signedIn(evil);
    Browser b = signedIn(bob);
    String title = "Quotes " + bob;
    e.createRoom("GROUP", bob, title);
    String first = "<b>bold</b><script>window.__owned = 8</script>";
    e.send(first);
    b.openRoom(title);
    b.waitUntil("the message as text", () -> b.contents().equals(List.of(first)));

    b.clickOnMessage(first, "[data-action=reply]");
    b.waitUntil(
        "the reply line as text",
        () -> ("Replying to " + evil + ": " + first).equals(b.text("#composer-context-text")));
    b.send("@" + evil + " no thanks");
    String edited = "<img src=x onerror=\"window.__owned=9\">";
    e.clickOnMessage(first, "[data-action=edit]");
    e.find("#composer-input").clear();
    e.send(edited);

    b.waitUntil(
        "the edit and the quote of it as text",
        () ->
            b.contents().equals(List.of(edited, "@" + evil + " no thanks"))
                && edited.equals(b.text("#message-list .quote-text"))
                && evil.equals(b.text("#message-list .quote-sender")));
    assertThat(b.findAll("#message-list img, #message-list script, #message-list b")).isEmpty();
    assertThat(b.findAll("#composer-context img, #composer-context script, #composer-context b"))
        .isEmpty();
    assertThat(b.js("return window.__owned === undefined")).isEqualTo(true);
    assertThat(e.js("return window.__owned === undefined")).isEqualTo(true);
  }

  @Test
  void markupInNotificationsIsShownAsText() throws Exception {
    String bob = user("bob");
    Browser b = signedIn(bob);
    String title = "<img src=x onerror=\"window.__owned=5\">Offer";
    String body = "<script>window.__owned = 6</script><b>bold</b>";

    NotificationsInTheBrowserTests.notify(
        server.serviceToken("backend"),
        bob,
        title,
        body,
        "{\"roomId\":\"<script>window.__owned=7</script>\"}");

    b.waitUntil(
        "shown as text", () -> title.equals(b.text("#notification-list .notification-title")));
    assertThat(b.text("#notification-list .notification-body")).isEqualTo(body);
    assertThat(b.findAll("#notifications script, #notifications img, #notifications b")).isEmpty();
    assertThat(b.js("return window.__owned === undefined")).isEqualTo(true);
  }
}
