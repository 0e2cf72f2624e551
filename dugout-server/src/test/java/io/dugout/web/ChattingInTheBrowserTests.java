package io.dugout.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;

/** People chatting in the web client, each in their own headless Chromium. */
class ChattingInTheBrowserTests extends BrowserTest {

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
    a.waitUntil(
        "alice sees bob read it",
        () -> ("Seen by " + bob).equals(a.text("#message-list .readers")));

    b.type(b.find("#composer-input"), "Yes, it is");
    a.waitUntil("alice sees bob typing", () -> (bob + " is typing…").equals(a.text("#typing")));
    b.find("#composer-input").sendKeys(Keys.ENTER);
    a.waitUntil("bob's reply shown", () -> a.contents().size() == 2);
    a.waitUntil("typing line cleared by the message", () -> a.text("#typing").isEmpty());

    a.send("Great, I'll take it");
    b.waitUntil("third message", () -> b.contents().size() == 3);
    // why: bob's copy may arrive before alice's own confirmation of the same message
    a.waitUntil("own third message confirmed", () -> a.messages().size() == 3);
    assertThat(a.messages()).isEqualTo(b.messages());
    assertInRoomOrder(a.messages(), 1);
    a.screenshot(Path.of("target", "web-client.png"));

    b.reload();
    b.waitUntil("bob, reloaded, sees the conversation", () -> b.messages().equals(a.messages()));
    assertThat(b.text("#me")).isEqualTo(bob);
  }

  @Test
  void tradeAndGroupRoomsAppearLiveForTheOtherPeopleAndGroupsTakeNewMembers() throws Exception {
    String alice = user("alice");
    String carol = user("carol");
    Browser a = signedIn(alice);
    Browser c = signedIn(carol);

    a.createRoom("TRADE", carol, null, "glove-42");
    a.waitUntil(
        "trade room named after the seller, first, and her role",
        () -> (carol + " · seller").equals(a.text("#room-title")));
    assertThat(a.text("#room-subtitle")).startsWith("Trade · you are buying glove-42 · ");
    a.waitUntil(
        "the list says which side of which item",
        () -> "You are buying glove-42".equals(deal(a, carol + " · seller")));
    a.send("Would you take 20 for the glove?");
    c.openRoom(alice + " · buyer");
    c.waitUntil(
        "carol sees the offer",
        () -> c.contents().equals(List.of("Would you take 20 for the glove?")));
    assertThat(c.text("#room-subtitle")).startsWith("Trade · you are selling glove-42 · ");
    // why: the list re-renders as events arrive; an entry looked up a moment ago may be gone
    c.waitUntil(
        "carol's list says which side of which item",
        () -> "You are selling glove-42".equals(deal(c, alice + " · buyer")));

    a.createRoom("GROUP", user("bob"), "Sunday league");
    a.type(a.find("#add-member-input"), carol + Keys.ENTER);
    a.waitUntil("carol listed as a member", () -> a.text("#room-subtitle").contains(carol));
    a.waitUntil(
        "her joining recorded in the room",
        () ->
            a.findAll("#message-list li.system").stream()
                .anyMatch(li -> li.getText().contains(carol)));
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
    String roomId = openRoomId(a);
    String token = server.token(alice);
    for (int i = 1; i <= 90; i++) {
      server.post(
          "/api/v1/rooms/" + roomId + "/messages",
          token,
          "{\"clientMsgId\":\"h-" + i + "\",\"kind\":\"TEXT\",\"content\":\"history " + i + "\"}");
    }
    a.waitUntil("live messages shown", () -> a.contents().contains("history 90"));

    a.reload();
    a.waitUntil("room reopened after reload", () -> a.contents().contains("history 90"));
    // the newest page, and at most one more to fill the view: not everything
    assertThat(a.messages().size()).isBetween(20, 50);
    assertThat(a.find("#load-older").isDisplayed()).isTrue();
    for (int i = 0; i < 20 && a.find("#load-older").isDisplayed(); i++) {
      a.js("document.getElementById('messages').scrollTop = 0");
      Thread.sleep(300);
    }
    a.waitUntil("whole history paged in", () -> a.contents().contains("history 1"));
    var shown = a.messages();
    assertInRoomOrder(shown, 1);
    assertThat(shown.getLast().get("seq")).isEqualTo(restLastSeq(token, roomId));
  }

  @Test
  void aPastedJwtSignsInAndABadOneIsRefused() throws Exception {
    String dave = user("dave");
    Browser d = browser(dave);
    d.load(server.url());
    d.find("#signin details summary").click();
    d.type(d.find("#jwt-input"), "not.a-real.token");
    d.find("#jwt-form button[type=submit]").click();
    d.waitUntil("refused", () -> !d.text("#signin-error").isEmpty());
    assertThat(d.find("#shell").isDisplayed()).isFalse();

    d.find("#jwt-input").clear();
    d.type(d.find("#jwt-input"), server.token(dave));
    d.find("#jwt-form button[type=submit]").click();
    d.waitUntil("signed in as the token's subject", () -> dave.equals(d.text("#me")));
    d.waitUntil("connected", () -> "online".equals(d.connection()));
    d.find("#signout").click();
    d.waitUntil("signed out", () -> d.find("#signin-user").isDisplayed());
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
    a.find("#composer-input").sendKeys(Keys.ESCAPE);
    a.waitUntil("back to the list", () -> a.find("#sidebar").isDisplayed());
    assertThat(a.find("#room-pane").isDisplayed()).isFalse();
    a.openRoom(bob);
    assertThat(a.find("#back").isDisplayed()).isTrue();
    assertThat(a.contents()).containsExactly("small screen");
  }

  /** The trade line of a room's entry in the list ("You are buying glove-42"), or null. */
  private static String deal(Browser browser, String title) {
    var button = browser.roomButton(title);
    if (button == null) return null;
    var line = button.findElements(By.cssSelector(".room-deal"));
    return line.isEmpty() ? null : line.get(0).getText();
  }
}
