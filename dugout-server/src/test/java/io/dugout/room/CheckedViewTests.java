package io.dugout.room;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Kept values are answered until a change drops them; a change to a whole room drops every entry of
 * that room and no other. (The epoch, ttl and race rules: {@link MembershipViewTests}.)
 */
class CheckedViewTests {

  private record Key(String roomId, String userId) {}

  private final List<Key> reads = new ArrayList<>();
  private final CheckedView<Key, String> view =
      new CheckedView<>(() -> () -> 1, TimeUnit.MINUTES.toNanos(1), () -> 0);

  @Test
  void aChangeToARoomDropsThatRoomsEntriesOnly() {
    get("r1", "alice");
    get("r1", "bob");
    get("r2", "alice");

    view.changedWhere(key -> key.roomId().equals("r1"));
    get("r1", "alice");
    get("r1", "bob");
    get("r2", "alice");

    assertThat(reads)
        .containsExactly(
            new Key("r1", "alice"),
            new Key("r1", "bob"),
            new Key("r2", "alice"),
            new Key("r1", "alice"),
            new Key("r1", "bob"));
  }

  @Test
  void aValueNotToBeKeptIsReadEveryTime() {
    for (int i = 0; i < 3; i++) {
      view.get(new Key("r1", "carol"), this::read, value -> false);
    }

    assertThat(reads).hasSize(3);
    assertThat(view.keeps(new Key("r1", "carol"))).isFalse();
  }

  private String get(String roomId, String userId) {
    return view.get(new Key(roomId, userId), this::read, value -> true);
  }

  private String read(Key key) {
    reads.add(key);
    return key.userId() + " may write";
  }
}
