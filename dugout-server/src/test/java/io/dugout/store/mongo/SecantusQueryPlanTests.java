package io.dugout.store.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.ExplainVerbosity;
import io.dugout.message.Message;
import io.dugout.message.MessageKind;
import io.dugout.room.Member;
import io.dugout.room.MemberRole;
import io.dugout.room.Room;
import io.dugout.room.RoomType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Which index serves each query the MongoDB adapters run, shown by the server's own {@code explain}
 * of exactly those queries, on SecantusDB's real WiredTiger indexes (mongo-java-server has no
 * planner to ask).
 *
 * <p>Every query must scan an index, never the collection, and examine only the keys of its room
 * and range. MongoDB's planner also reads the {@code room_seq} index in the page's order and stops
 * after the page; SecantusDB's planner sorts the range it scanned instead, so the "examines no more
 * than the page" check applies only where the plan has no blocking SORT stage.
 */
class SecantusQueryPlanTests {

  private static final Instant NOW = Instant.parse("2026-11-22T04:00:00Z");
  private static final int BUSY = 300;
  private static final int QUIET = 50;

  @RegisterExtension static final SecantusExtension secantus = new SecantusExtension();

  private static MongoFixture fixture;
  private static MongoMessageStore messages;
  private static MongoRoomStore rooms;

  @BeforeAll
  static void fill() {
    fixture = new MongoFixture(secantus.uri());
    var storage = fixture.open();
    messages = new MongoMessageStore(storage);
    rooms = new MongoRoomStore(storage);
    rooms.create(group("busy"), List.of(member("busy", "alice"), member("busy", "bob")));
    rooms.create(group("quiet"), List.of(member("quiet", "alice")));
    for (int seq = 1; seq <= BUSY; seq++) {
      messages.write(message("busy", seq));
    }
    for (int seq = 1; seq <= QUIET; seq++) {
      messages.write(message("quiet", seq));
    }
  }

  @AfterAll
  static void stop() {
    if (fixture != null) {
      fixture.close();
    }
  }

  @Test
  void aHistoryPageScansOnlyItsRoomBelowTheCursorOnTheRoomSeqIndex() {
    var plan =
        new Plan(messages.beforeQuery("busy", 101, 20).explain(ExplainVerbosity.EXECUTION_STATS));
    plan.assertIndexOnly("room_seq");
    assertThat(plan.keysExamined()).isBetween(20L, 100L);
    plan.assertPageSizedWithoutBlockingSort(20);
  }

  @Test
  void aCatchUpPageScansOnlyItsRoomAboveTheCursorOnTheRoomSeqIndex() {
    var plan =
        new Plan(messages.afterQuery("busy", 250, 20).explain(ExplainVerbosity.EXECUTION_STATS));
    plan.assertIndexOnly("room_seq");
    assertThat(plan.keysExamined()).isBetween(20L, 50L);
    plan.assertPageSizedWithoutBlockingSort(20);
  }

  @Test
  void theLastSeqOfARoomComesFromTheRoomSeqIndex() {
    var plan = new Plan(messages.lastSeqQuery("quiet").explain(ExplainVerbosity.EXECUTION_STATS));
    plan.assertIndexOnly("room_seq");
    assertThat(plan.keysExamined()).isBetween(1L, (long) QUIET);
    plan.assertPageSizedWithoutBlockingSort(1);
  }

  @Test
  void theRoomListStartsFromTheUserIndexOfMembers() {
    var plan = new Plan(rooms.listingQuery("alice").explain(ExplainVerbosity.EXECUTION_STATS));
    plan.assertIndexOnly("user");
    assertThat(rooms.listingOf("alice"))
        .extracting(l -> l.newest().seq())
        .containsExactlyInAnyOrder((long) BUSY, (long) QUIET);
  }

  /** An explain answer, searched wherever the server nests its stages. */
  private record Plan(Document explain) {

    void assertIndexOnly(String index) {
      var stages = values("stage");
      assertThat(stages).as("stages of %s", explain.toJson()).contains("IXSCAN");
      assertThat(stages).doesNotContain("COLLSCAN");
      assertThat(values("indexName")).contains(index);
    }

    long keysExamined() {
      var keys = values("totalKeysExamined");
      assertThat(keys).as("executionStats of %s", explain.toJson()).isNotEmpty();
      return ((Number) keys.getFirst()).longValue();
    }

    void assertPageSizedWithoutBlockingSort(int limit) {
      if (!values("stage").contains("SORT")) {
        assertThat(keysExamined()).isLessThanOrEqualTo(limit + 1L);
      }
    }

    private List<Object> values(String key) {
      var found = new ArrayList<Object>();
      collect(explain, key, found);
      return found;
    }

    private static void collect(Object node, String key, List<Object> found) {
      if (node instanceof Document document) {
        document.forEach(
            (k, v) -> {
              if (k.equals(key)) {
                found.add(v);
              }
              collect(v, key, found);
            });
      } else if (node instanceof List<?> list) {
        list.forEach(item -> collect(item, key, found));
      }
    }
  }

  private static Room group(String id) {
    return new Room(id, RoomType.GROUP, "title", null, NOW, null);
  }

  private static Member member(String roomId, String userId) {
    return new Member(roomId, userId, MemberRole.MEMBER, NOW, 0);
  }

  private static Message message(String roomId, long seq) {
    return new Message(
        roomId,
        seq,
        "alice",
        MessageKind.TEXT,
        "m" + seq,
        List.of(),
        "c" + seq,
        NOW.plusSeconds(seq));
  }
}
