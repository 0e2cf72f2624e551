package io.dugout.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The web client through a server restart, a network drop and lost frames: every message exactly
 * once, in seq order, and a retry never duplicates.
 */
class RecoveryInTheBrowserTests extends BrowserTest {

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
        () ->
            a.outbox()
                .equals(
                    List.of(
                        Map.of(
                            "content", "written while the server was down", "state", "failed"))));

    server.start();
    Duration reconnect = Duration.ofSeconds(40);
    a.waitUntil("alice reconnected", () -> "online".equals(a.connection()), reconnect);
    b.waitUntil("bob reconnected", () -> "online".equals(b.connection()), reconnect);
    a.waitUntil(
        "failed message resent by itself", () -> a.outbox().isEmpty() && a.contents().size() == 3);
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

    // a message that never left the browser, discarded, is gone for good
    a.cutNetwork();
    a.waitUntil("alice offline", () -> !"online".equals(a.connection()));
    a.send("never mind");
    a.waitUntil(
        "failed while offline",
        () -> a.outbox().equals(List.of(Map.of("content", "never mind", "state", "failed"))));
    a.click("#outbox button[data-discard]");
    a.waitUntil("discarded", () -> a.outbox().isEmpty());
    a.restoreNetwork();
    a.waitUntil("alice reconnected", () -> "online".equals(a.connection()), reconnect);
    a.send("see you");
    b.waitUntil("bob sees the last message", () -> b.contents().size() == 8);
    // why: bob's copy may arrive before alice's own confirmation of the same message
    a.waitUntil(
        "own last message confirmed", () -> a.outbox().isEmpty() && a.messages().size() == 8);

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
            "back",
            "see you");
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
        () ->
            a.outbox().equals(List.of(Map.of("content", "lost in transit", "state", "failed")))
                && !a.findAll("#outbox button[data-retry]").isEmpty());
    b.waitUntil("bob has it already", () -> b.contents().equals(List.of("lost in transit")));

    a.stopLosingFrames();
    // why: the outbox also sends again by itself, so Retry may have nothing left to do by now
    a.js("document.querySelector('#outbox button[data-retry]')?.click()");
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
  void aMessageWrittenOfflineSurvivesAReloadAndIsStoredOnce() throws Exception {
    String alice = user("alice");
    String bob = user("bob");
    Browser a = signedIn(alice);
    Browser b = signedIn(bob);
    a.createRoom("DIRECT", bob, null);
    a.send("before");
    b.openRoom(alice);
    b.waitUntil("bob has the first", () -> b.contents().equals(List.of("before")));

    a.cutNetwork();
    a.waitUntil("alice offline", () -> !"online".equals(a.connection()));
    a.send("kept across the reload");
    a.waitUntil(
        "waiting to be sent",
        () ->
            a.outbox()
                .equals(List.of(Map.of("content", "kept across the reload", "state", "failed"))));
    a.waitUntil("kept in IndexedDB", () -> Long.valueOf(1).equals(keptInIndexedDb(a, alice)));
    a.reload();

    List<String> both = List.of("before", "kept across the reload");
    a.waitUntil(
        "sent after the reload",
        () -> a.outbox().isEmpty() && a.contents().equals(both),
        Duration.ofSeconds(40));
    b.waitUntil("bob has it once", () -> b.contents().equals(both));
    a.waitUntil(
        "nothing left in IndexedDB", () -> Long.valueOf(0).equals(keptInIndexedDb(a, alice)));
    assertInRoomOrder(b.messages(), 1);
  }

  @Test
  void signingOutDiscardsMyUnsentMessagesFromThisDevice() throws Exception {
    String alice = user("alice");
    String bob = user("bob");
    Browser a = signedIn(alice);
    Browser b = signedIn(bob);
    a.createRoom("DIRECT", bob, null);
    a.send("before");
    b.openRoom(alice);
    b.waitUntil("bob has the first", () -> b.contents().equals(List.of("before")));

    a.cutNetwork();
    a.waitUntil("alice offline", () -> !"online".equals(a.connection()));
    a.send("written before signing out");
    a.waitUntil("kept in IndexedDB", () -> Long.valueOf(1).equals(keptInIndexedDb(a, alice)));
    a.find("#signout").click();
    a.waitUntil(
        "discarded from IndexedDB", () -> Long.valueOf(0).equals(keptInIndexedDb(a, alice)));

    a.restoreNetwork();
    a.find("#signin-user").clear(); // the form still holds the name signed in with
    a.signIn(alice);
    a.openRoom(bob);
    // why: a room's messages go out in the order written, so had the discarded one come back it
    // would reach bob before this one
    a.send("after signing in again");
    List<String> sent = List.of("before", "after signing in again");
    b.waitUntil("bob has the new one", () -> b.contents().equals(sent));
    a.waitUntil("alice shows the same", () -> a.outbox().isEmpty() && a.contents().equals(sent));
    assertThat(keptInIndexedDb(a, alice)).isEqualTo(0L);
    assertInRoomOrder(b.messages(), 1);
  }

  /** How many messages the page's outbox keeps in IndexedDB for this user. */
  private static Object keptInIndexedDb(Browser page, String userId) {
    return page.jsAsync(
        "const done = arguments[arguments.length - 1];"
            + " const open = indexedDB.open('dugout-outbox.' + arguments[0]);"
            + " open.onerror = () => done(-1);"
            + " open.onsuccess = () => {"
            + "   const db = open.result;"
            + "   if (!db.objectStoreNames.contains('messages')) { db.close(); return done(-1); }"
            + "   const count = db.transaction('messages').objectStore('messages').count();"
            + "   count.onsuccess = () => { db.close(); done(count.result); };"
            + " };",
        userId);
  }
}
