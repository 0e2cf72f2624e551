package io.dugout.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;

/**
 * Edits, deletes, reactions, replies and mentions in the web client, between two people in their
 * own headless Chromium: each shows live on the other side and again after a reload, and changes to
 * messages never count as unread.
 */
class MessageChangesInTheBrowserTests extends BrowserTest {

  @Test
  void anEditShowsLiveInTheOtherBrowserAndAfterAReloadAndIsNotUnread() throws Exception {
    String alice = user("alice");
    String bob = user("bob");
    Browser a = signedIn(alice);
    Browser b = signedIn(bob);
    a.createRoom("DIRECT", bob, null);
    a.send("The glove is 10 EUR");
    a.waitUntil("sent", () -> a.outbox().isEmpty() && a.contents().size() == 1);
    b.waitUntil("room listed with 1 unread", () -> b.unread(alice) == 1);

    edit(a, "The glove is 10 EUR", "The glove is 12 EUR");
    a.waitUntil("edited here", () -> a.contents().equals(List.of("The glove is 12 EUR")));
    b.waitUntil(
        "bob's list shows the edited text",
        () -> (alice + ": The glove is 12 EUR").equals(preview(b, alice)));
    assertThat(b.unread(alice)).as("an edit is not a new message").isEqualTo(1);

    b.openRoom(alice);
    b.waitUntil("the edited message", () -> b.contents().equals(List.of("The glove is 12 EUR")));
    assertThat(rows(b).getFirst()).containsEntry("edited", true);

    edit(a, "The glove is 12 EUR", "The glove is 11 EUR");
    b.waitUntil("the edit arrives live", () -> b.contents().equals(List.of("The glove is 11 EUR")));

    b.reload();
    b.waitUntil(
        "after a reload: one row, edited, no row for the change entries",
        () -> b.contents().equals(List.of("The glove is 11 EUR")));
    assertThat(rows(b)).hasSize(1);
    assertThat(rows(b).getFirst()).containsEntry("seq", 1L).containsEntry("edited", true);
    a.reload();
    a.waitUntil("the same for alice", () -> a.messages().equals(b.messages()));
  }

  @Test
  void aDeleteLeavesATombstoneAndTheRoomsOwnerMayDeleteOthersMessages() throws Exception {
    String alice = user("alice");
    String bob = user("bob");
    Browser a = signedIn(alice);
    Browser b = signedIn(bob);
    String title = "Deletes " + alice;
    a.createRoom("GROUP", bob, title);
    b.openRoom(title);
    a.send("keep this");
    b.waitUntil("alice's message", () -> b.contents().contains("keep this"));
    b.send("oops, wrong room");
    a.waitUntil("bob's message", () -> a.contents().contains("oops, wrong room"));

    assertThat(b.messageItem("keep this").findElements(By.cssSelector("[data-action=delete]")))
        .as("bob may not delete alice's message")
        .isEmpty();
    b.clickOnMessage("oops, wrong room", "[data-action=delete]");
    b.acceptDialog();
    for (var browser : List.of(a, b)) {
      browser.waitUntil("a tombstone", () -> tombstones(browser) == 1);
      assertThat(browser.contents()).doesNotContain("oops, wrong room");
    }

    b.send("buy cheap gloves here");
    a.waitUntil("the spam", () -> a.contents().contains("buy cheap gloves here"));
    a.clickOnMessage("buy cheap gloves here", "[data-action=delete]");
    a.acceptDialog();
    b.waitUntil("the owner's delete reaches bob", () -> tombstones(b) == 2);
    assertThat(b.contents()).doesNotContain("buy cheap gloves here").contains("keep this");

    b.reload();
    b.waitUntil("tombstones after a reload", () -> tombstones(b) == 2);
    a.waitUntil("both sides the same", () -> a.messages().equals(b.messages()));
  }

  @Test
  void aReactionClickAddsAndASecondClickRemovesWithCountsInBothBrowsers() throws Exception {
    String alice = user("alice");
    String bob = user("bob");
    Browser a = signedIn(alice);
    Browser b = signedIn(bob);
    a.createRoom("DIRECT", bob, null);
    a.send("Sunday at nine?");
    b.openRoom(alice);
    b.waitUntil("the question", () -> b.contents().equals(List.of("Sunday at nine?")));

    b.clickOnMessage("Sunday at nine?", "[data-action=pick]");
    b.clickOnMessage("Sunday at nine?", ".picker [data-emoji='👍']");
    b.waitUntil("bob's 👍, pressed for him", () -> "👍1*".equals(chips(b)));
    a.waitUntil("alice sees it, not pressed for her", () -> "👍1".equals(chips(a)));

    clickChip(a, "👍");
    a.waitUntil("two, one of them alice's", () -> "👍2*".equals(chips(a)));
    b.waitUntil("bob sees two", () -> "👍2*".equals(chips(b)));

    clickChip(a, "👍");
    a.waitUntil("alice's second click removes hers", () -> "👍1".equals(chips(a)));
    b.waitUntil("bob sees one", () -> "👍1*".equals(chips(b)));

    clickChip(b, "👍");
    b.waitUntil("no reaction left", () -> "".equals(chips(b)));
    a.waitUntil("none for alice either", () -> "".equals(chips(a)));
  }

  @Test
  void aReplyShowsItsQuoteAboveTheComposerAndAboveTheReply() throws Exception {
    String alice = user("alice");
    String bob = user("bob");
    Browser a = signedIn(alice);
    Browser b = signedIn(bob);
    a.createRoom("DIRECT", bob, null);
    a.send("Is the bat still available?");
    b.openRoom(alice);
    b.waitUntil("the question", () -> b.contents().size() == 1);

    b.clickOnMessage("Is the bat still available?", "[data-action=reply]");
    b.waitUntil(
        "the quote above the composer",
        () ->
            ("Replying to " + alice + ": Is the bat still available?")
                .equals(b.text("#composer-context-text")));
    b.send("Yes, until Friday");
    b.waitUntil("the composer's quote goes", () -> !b.find("#composer-context").isDisplayed());

    a.waitUntil(
        "alice sees the reply with her message quoted",
        () -> "You: Is the bat still available?".equals(quoteOf(a, "Yes, until Friday")));
    b.waitUntil(
        "and bob too",
        () -> (alice + ": Is the bat still available?").equals(quoteOf(b, "Yes, until Friday")));

    edit(a, "Is the bat still available?", "Is the bat (34 inch) still available?");
    b.waitUntil(
        "the quote follows the edit",
        () ->
            (alice + ": Is the bat (34 inch) still available?")
                .equals(quoteOf(b, "Yes, until Friday")));
    b.reload();
    b.waitUntil(
        "the quote after a reload",
        () ->
            (alice + ": Is the bat (34 inch) still available?")
                .equals(quoteOf(b, "Yes, until Friday")));
  }

  @Test
  void aMentionHighlightsTheMessageAndBadgesTheRoomUntilRead() throws Exception {
    String alice = user("alice");
    String bob = user("bob");
    Browser a = signedIn(alice);
    Browser b = signedIn(bob);
    String title = "Mentions " + alice;
    a.createRoom("GROUP", bob, title);
    b.waitUntil("the room listed", () -> b.roomButton(title) != null);

    String mention = "@" + bob + ", can you bring the balls?";
    a.send(mention);
    a.send("and someone the cones");
    b.waitUntil("an @ badge and 2 unread", () -> mentions(b, title) == 1 && b.unread(title) == 2);
    assertThat(b.roomButton(title).findElement(By.cssSelector(".badge.mention")).getText())
        .isEqualTo("@");
    String roomId = b.roomButton(title).getAttribute("data-room-id");
    assertThat(server.get("/api/v1/rooms/" + roomId + "/messages", server.token(alice)))
        .as("the client said whom it mentions")
        .contains("\"mentions\":[\"" + bob + "\"]");

    b.reload();
    b.waitUntil("the badge from the server after a reload", () -> mentions(b, title) == 1);

    b.openRoom(title);
    b.waitUntil("both messages", () -> b.contents().size() == 2);
    b.waitUntil(
        "the mention highlighted, the other message not",
        () ->
            b.findAll("#message-list li.mentioned").size() == 1
                && mention.equals(b.find("#message-list li.mentioned .content").getText()));
    assertThat(a.findAll("#message-list li.mentioned")).as("not for its sender").isEmpty();
    b.find("#composer-input").sendKeys(Keys.ESCAPE);
    b.waitUntil("read: no badge once the room is left", () -> mentions(b, title) == 0);
    assertThat(b.unread(title)).isZero();
  }

  @Test
  void anAtNameMentionsOnlyMembersOfTheRoomEachOnceAndNeverMe() throws Exception {
    Browser page = browser(user("mentions"));
    page.load(server.url());
    assertThat(mentionsIn(page, "@bob, and @carol! mail x@bob.org @bob @alice @dave (@bob.smith.)"))
        .isEqualTo(List.of("bob", "carol", "bob.smith"));
    assertThat(mentionsIn(page, "no one here, not even bob@ or @ bob")).isEqualTo(List.of());
  }

  /** composer.js's mentionsIn in a room of alice (me), bob, carol and bob.smith. */
  private static Object mentionsIn(Browser page, String text) {
    return page.jsAsync(
        "const text = arguments[0], done = arguments[arguments.length - 1];"
            + "import('/composer.js').then("
            + "  ({ mentionsIn }) => done(mentionsIn(text, ['alice', 'bob', 'carol', 'bob.smith'], 'alice')),"
            + "  (e) => done(String(e)));",
        text);
  }

  /** Edits one of my messages in the composer, as a person does. */
  private static void edit(Browser browser, String content, String newContent) {
    browser.clickOnMessage(content, "[data-action=edit]");
    browser.waitUntil(
        "the message in the composer",
        () -> content.equals(browser.js("return document.getElementById('composer-input').value")));
    browser.find("#composer-input").clear();
    browser.send(newContent);
  }

  private static void clickChip(Browser browser, String emoji) {
    browser.waitUntil(
        emoji + " clicked",
        () -> {
          browser.find("#message-list .reaction[data-emoji='" + emoji + "']").click();
          return true;
        });
  }

  /** The reaction chips of the open room: emoji, count and * when pressed, e.g. "👍2*". */
  private static String chips(Browser browser) {
    return (String)
        browser.js(
            "return [...document.querySelectorAll('#message-list .reaction')].map(c =>"
                + " c.dataset.emoji + c.querySelector('.count').textContent"
                + " + (c.getAttribute('aria-pressed') === 'true' ? '*' : '')).join(' ')");
  }

  /** The quote above the message with this content: "sender: text", or null. */
  private static String quoteOf(Browser browser, String content) {
    var item = browser.messageItem(content);
    if (item == null) return null;
    var quote = item.findElements(By.cssSelector(".quote"));
    if (quote.isEmpty()) return null;
    return quote.getFirst().findElement(By.cssSelector(".quote-sender")).getText()
        + ": "
        + quote.getFirst().findElement(By.cssSelector(".quote-text")).getText();
  }

  private static long tombstones(Browser browser) {
    return browser.findAll("#message-list li.deleted .tombstone").stream()
        .filter(t -> "Message deleted".equals(t.getText()))
        .count();
  }

  private static long mentions(Browser browser, String title) {
    var button = browser.roomButton(title);
    return button == null ? -1 : Long.parseLong(button.getAttribute("data-mentions"));
  }

  private static String preview(Browser browser, String title) {
    var button = browser.roomButton(title);
    return button == null ? null : button.findElement(By.cssSelector(".room-preview")).getText();
  }

  /** The open room's rows: seq and whether each shows "edited". */
  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> rows(Browser browser) {
    return (List<Map<String, Object>>)
        browser.js(
            "return [...document.querySelectorAll('#message-list li[data-seq]')].map(li => ({"
                + " seq: Number(li.dataset.seq), edited: li.querySelector('.edited') != null }))");
  }
}
