package io.dugout.ban;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What every {@link BanStore} adapter must do; an adapter's test only opens a store. */
public abstract class BanStoreContract {

  protected static final Instant T0 = Instant.parse("2026-11-22T04:00:00.123456789Z");

  protected BanStore store;

  protected abstract BanStore openEmpty() throws Exception;

  /** The same store, closed and opened again. */
  protected abstract BanStore reopen() throws Exception;

  protected void close() throws Exception {}

  @BeforeEach
  void open() throws Exception {
    store = openEmpty();
  }

  @AfterEach
  void closeStore() throws Exception {
    close();
  }

  private static Ban ban(String userId, Instant until) {
    return new Ban(userId, "spam", "backend", T0, until);
  }

  @Test
  void findsABanExactlyAsItWasPut() {
    var forever = ban("mallory", null);
    var forADay = new Ban("trudy", null, "backend", T0, T0.plusSeconds(86_400).plusNanos(7));
    store.put(forever);
    store.put(forADay);

    assertThat(store.find("mallory")).contains(forever);
    assertThat(store.find("trudy")).contains(forADay);
    assertThat(store.find("alice")).isEmpty();
  }

  @Test
  void replacesAUsersBanAsAWhole() {
    store.put(ban("mallory", null));
    var shorter = new Ban("mallory", "scam", "backend", T0.plusSeconds(5), T0.plusSeconds(60));

    store.put(shorter);

    assertThat(store.find("mallory")).contains(shorter);
    assertThat(store.list(null, T0, 10)).containsExactly(shorter);
  }

  @Test
  void removesABanAndAnswersFalseWhenThereWasNone() {
    store.put(ban("mallory", null));

    assertThat(store.remove("mallory")).isTrue();
    assertThat(store.remove("mallory")).isFalse();
    assertThat(store.find("mallory")).isEmpty();
  }

  @Test
  void findsAnEndedBanButListsOnlyThoseInForce() {
    store.put(ban("ended", T0.plusSeconds(10)));
    store.put(ban("forever", null));
    store.put(ban("later", T0.plusSeconds(100)));

    Instant now = T0.plusSeconds(10);
    assertThat(store.find("ended")).isPresent();
    assertThat(store.list(null, now, 10))
        .extracting(Ban::userId)
        .containsExactly("forever", "later");
  }

  @Test
  void pagesBansInOrderOfUserId() {
    for (String user : new String[] {"dave", "bob", "erin", "carol"}) {
      store.put(ban(user, null));
    }

    assertThat(store.list(null, T0, 3))
        .extracting(Ban::userId)
        .containsExactly("bob", "carol", "dave");
    assertThat(store.list("dave", T0, 3)).extracting(Ban::userId).containsExactly("erin");
    assertThat(store.list("erin", T0, 3)).isEmpty();
  }

  @Test
  void removesOnlyEndedBans() {
    store.put(ban("ended-1", T0.plusSeconds(1)));
    store.put(ban("ended-2", T0.plusSeconds(2)));
    store.put(ban("forever", null));
    store.put(ban("later", T0.plusSeconds(100)));

    assertThat(store.removeEnded(T0.plusSeconds(2), 10)).isEqualTo(2);
    assertThat(store.find("ended-1")).isEmpty();
    assertThat(store.find("forever")).isPresent();
    assertThat(store.find("later")).isPresent();
    assertThat(store.removeEnded(T0.plusSeconds(2), 10)).isZero();
  }

  @Test
  void keepsBansAcrossARestart() throws Exception {
    var kept = ban("mallory", T0.plusSeconds(60));
    store.put(kept);

    store = reopen();

    assertThat(store.find("mallory")).contains(kept);
  }
}
