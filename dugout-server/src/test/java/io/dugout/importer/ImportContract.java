package io.dugout.importer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.message.ForwardingMessageStore;
import io.dugout.message.Message;
import io.dugout.message.MessageStore;
import io.dugout.message.UnnotifiedMessages;
import io.dugout.room.Member;
import io.dugout.room.MemberRole;
import io.dugout.room.RoomStore;
import io.dugout.room.RoomType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * What {@code ./dugout import} does on every store: rooms, members and history as the file has
 * them, seqs in the original order, nothing twice on a re-run, no gap after a crash, bad lines
 * reported and skipped. A subclass names the store's settings.
 */
abstract class ImportContract {

  private static final String HISTORY =
      """
      {"type":"room","id":"team","kind":"GROUP","title":"Friday team","createdAt":"2024-03-01T09:00:00Z"}
      {"type":"member","roomId":"team","userId":"ann","role":"OWNER"}
      {"type":"member","roomId":"team","userId":"bob","joinedAt":"2024-03-01T09:05:00Z"}
      {"type":"member","roomId":"team","userId":"cy","lastReadId":"m2"}
      {"type":"message","roomId":"team","id":"m3","senderId":"bob","text":"third","createdAt":"2024-03-01T09:10:00Z"}
      {"type":"message","roomId":"team","id":"m1","senderId":"ann","text":"first","createdAt":"2024-03-01T09:06:00Z"}
      {"type":"message","roomId":"team","id":"m2b","senderId":"ann","text":"second, same time, id after","createdAt":"2024-03-01T09:08:00Z"}
      {"type":"message","roomId":"team","id":"m2","senderId":"bob","text":"second","createdAt":"2024-03-01T09:08:00Z"}
      {"type":"room","id":"pair","kind":"DIRECT","createdAt":"2024-02-01T00:00:00Z"}
      {"type":"member","roomId":"pair","userId":"ann"}
      {"type":"member","roomId":"pair","userId":"dee"}
      {"type":"message","roomId":"pair","id":"d1","senderId":"dee","kind":"EMOJI","text":"👋","createdAt":"2024-02-01T00:01:00Z"}
      {"type":"room","id":"bike","kind":"TRADE","itemId":"item-9","sellerId":"sam","createdAt":"2024-01-01T00:00:00Z"}
      {"type":"member","roomId":"bike","userId":"sam"}
      {"type":"member","roomId":"bike","userId":"ann"}
      {"type":"message","roomId":"bike","id":"1001","senderId":"ann","text":"still for sale?","createdAt":"2024-01-01T00:02:00Z"}
      """;

  @TempDir Path dir;

  private ConfigurableApplicationContext context;
  RoomStore rooms;
  MessageStore messages;
  private final ByteArrayOutputStream output = new ByteArrayOutputStream();

  /** Spring arguments selecting the store under test, fresh for each test. */
  abstract String[] storeSettings();

  @BeforeEach
  void openStore() {
    context = ImportApplication.start(storeSettings());
    rooms = context.getBean(RoomStore.class);
    messages = context.getBean(MessageStore.class);
  }

  @AfterEach
  void closeStore() {
    context.close();
  }

  @Test
  void importsRoomsMembersAndHistoryInTheOriginalOrder() throws IOException {
    var summary = importer(Importer.DEFAULT_BATCH).run(file(HISTORY));

    assertThat(summary.rejected()).isEmpty();
    assertThat(summary.roomsImported()).isEqualTo(3);
    assertThat(summary.membersImported()).isEqualTo(7);
    assertThat(summary.messagesImported()).isEqualTo(6);
    var team = rooms.find("team").orElseThrow();
    assertThat(team.type()).isEqualTo(RoomType.GROUP);
    assertThat(team.title()).isEqualTo("Friday team");
    assertThat(team.createdAt()).isEqualTo(Instant.parse("2024-03-01T09:00:00Z"));
    assertThat(rooms.members("team"))
        .extracting(Member::userId, Member::role)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple("ann", MemberRole.OWNER),
            org.assertj.core.groups.Tuple.tuple("bob", MemberRole.MEMBER),
            org.assertj.core.groups.Tuple.tuple("cy", MemberRole.MEMBER));
    assertThat(rooms.findMember("team", "bob").orElseThrow().joinedAt())
        .isEqualTo(Instant.parse("2024-03-01T09:05:00Z"));
    var history = messages.after("team", 0, 100);
    assertThat(history).extracting(Message::seq).containsExactly(1L, 2L, 3L, 4L);
    assertThat(context.getBean(UnnotifiedMessages.class).oldest(10))
        .as("imported history notifies nobody at the next start")
        .isEmpty();
    assertThat(history).extracting(Message::clientMsgId).containsExactly("m1", "m2", "m2b", "m3");
    assertThat(history.get(3).content()).isEqualTo("third");
    assertThat(history.get(3).senderId()).isEqualTo("bob");
    assertThat(history.get(3).sentAt()).isEqualTo(Instant.parse("2024-03-01T09:10:00Z"));
    // why: history a user had before the move is read; cy's own marker says where cy stopped
    assertThat(rooms.findMember("team", "ann").orElseThrow().lastReadSeq()).isEqualTo(4);
    assertThat(rooms.findMember("team", "cy").orElseThrow().lastReadSeq()).isEqualTo(2);
    var listing =
        rooms.listingOf("cy").stream().filter(l -> l.room().id().equals("team")).findFirst();
    assertThat(listing)
        .hasValueSatisfying(
            l -> {
              assertThat(l.newest().content()).isEqualTo("third");
              assertThat(l.member().unreadAt(l.newest().ordinal())).isEqualTo(2);
            });
    var bike = rooms.find("bike").orElseThrow();
    assertThat(bike.trade().sellerId()).isEqualTo("sam");
    assertThat(rooms.findMember("bike", "sam").orElseThrow().role()).isEqualTo(MemberRole.SELLER);
    assertThat(rooms.findMember("bike", "ann").orElseThrow().role()).isEqualTo(MemberRole.BUYER);
    assertThat(messages.after("pair", 0, 10))
        .singleElement()
        .satisfies(
            m -> {
              assertThat(m.content()).isEqualTo("👋");
              assertThat(m.kind().name()).isEqualTo("EMOJI");
            });
  }

  @Test
  void storesNothingTwiceWhenTheSameFileIsImportedAgain() throws IOException {
    Path file = file(HISTORY);
    importer(Importer.DEFAULT_BATCH).run(file);

    var again = importer(Importer.DEFAULT_BATCH).run(file);

    assertThat(again.rejected()).isEmpty();
    assertThat(again.roomsImported()).isZero();
    assertThat(again.roomsPresent()).isEqualTo(3);
    assertThat(again.membersImported()).isZero();
    assertThat(again.membersPresent()).isEqualTo(7);
    assertThat(again.messagesImported()).isZero();
    assertThat(again.messagesPresent()).isEqualTo(6);
    assertThat(messages.after("team", 0, 100))
        .extracting(Message::seq)
        .containsExactly(1L, 2L, 3L, 4L);
    assertThat(rooms.members("team")).hasSize(3);
  }

  @Test
  void continuesAfterACrashWithoutGapOrDuplicate() throws IOException {
    var lines = new StringBuilder();
    lines.append(
        "{\"type\":\"room\",\"id\":\"big\",\"kind\":\"GROUP\",\"createdAt\":\"2024-01-01T00:00:00Z\"}\n");
    lines.append("{\"type\":\"member\",\"roomId\":\"big\",\"userId\":\"ann\"}\n");
    // why: written newest first, so the seqs come from the times, not from the file's order
    for (int i = 50; i >= 1; i--) {
      lines.append(
          "{\"type\":\"message\",\"roomId\":\"big\",\"id\":\"m%02d\",\"senderId\":\"ann\",\"text\":\"n%d\",\"createdAt\":\"2024-01-01T00:%02d:00Z\"}\n"
              .formatted(i, i, i));
    }
    Path file = file(lines.toString());
    var crashing = new CrashingMessageStore(messages, 23);

    assertThatThrownBy(() -> new Importer(rooms, crashing, 4096, 7, out()).run(file))
        .isInstanceOf(IllegalStateException.class);
    long storedBeforeCrash = messages.lastSeq("big");
    assertThat(storedBeforeCrash).isEqualTo(23);

    var resumed = importer(7).run(file);

    assertThat(resumed.messagesPresent()).isEqualTo(23);
    assertThat(resumed.messagesImported()).isEqualTo(27);
    var history = messages.after("big", 0, 100);
    assertThat(history).hasSize(50);
    for (int i = 0; i < 50; i++) {
      assertThat(history.get(i).seq()).isEqualTo(i + 1);
      assertThat(history.get(i).content()).isEqualTo("n" + (i + 1));
    }
  }

  @Test
  void reportsBadLinesWithTheirNumbersAndImportsTheRest() throws IOException {
    String file =
        """
        {"type":"room","id":"ok","kind":"GROUP","createdAt":"2024-01-01T00:00:00Z"}
        {"type":"member","roomId":"ok","userId":"ann"}
        not json
        {"type":"channel","id":"x"}
        {"type":"message","roomId":"ok","id":"m1","senderId":"ann","createdAt":"2024-01-01T00:01:00Z"}
        {"type":"message","roomId":"ok","id":"m2","senderId":"ann","text":"hi","createdAt":"yesterday"}
        {"type":"message","roomId":"ok","id":"m3","senderId":"ann","kind":"IMAGE","text":"pic","createdAt":"2024-01-01T00:03:00Z"}
        {"type":"message","roomId":"ok","id":"m4","senderId":"ann","text":"kept","createdAt":"2024-01-01T00:04:00Z"}
        {"type":"message","roomId":"ok","id":"m4","senderId":"ann","text":"again","createdAt":"2024-01-01T00:05:00Z"}
        {"type":"member","roomId":"nowhere","userId":"ann"}
        {"type":"room","id":"trio","kind":"DIRECT","createdAt":"2024-01-01T00:00:00Z"}
        {"type":"member","roomId":"trio","userId":"a"}

        {"type":"member","roomId":"trio","userId":"b"}
        {"type":"member","roomId":"trio","userId":"c"}
        {"type":"room","id":"bad/id","kind":"GROUP","createdAt":"2024-01-01T00:00:00Z"}
        """;

    var summary = importer(Importer.DEFAULT_BATCH).run(file(file));

    assertThat(summary.rejected())
        .extracting(Rejection::line)
        .containsExactly(3L, 4L, 5L, 6L, 7L, 9L, 10L, 11L, 12L, 14L, 15L, 16L);
    assertThat(summary.rejected().get(2).reason()).isEqualTo("text is required");
    assertThat(summary.rejected().get(3).reason()).contains("createdAt 'yesterday'");
    assertThat(summary.rejected().get(5).reason()).contains("already on line 8");
    assertThat(summary.rejected().get(6).reason()).contains("neither in the file nor in Dugout");
    assertThat(summary.rejected().get(7).reason()).contains("exactly two members");
    assertThat(summary.rejected().get(11).reason()).contains("must not contain");
    assertThat(messages.after("ok", 0, 10)).extracting(Message::content).containsExactly("kept");
    assertThat(rooms.find("trio")).isEmpty();
  }

  @Test
  void importsTheExampleOfTheDocumentation() throws IOException {
    String doc = Files.readString(Path.of("..", "docs", "import.md"));
    int start = doc.indexOf("```jsonl\n") + "```jsonl\n".length();
    String example = doc.substring(start, doc.indexOf("```", start));

    var summary = importer(Importer.DEFAULT_BATCH).run(file(example));

    assertThat(summary.rejected()).isEmpty();
    assertThat(summary.roomsImported()).isEqualTo(2);
    assertThat(summary.messagesImported()).isEqualTo(3);
    assertThat(rooms.findMember("team", "cy").orElseThrow().lastReadSeq()).isEqualTo(2);
  }

  Importer importer(int batch) {
    return new Importer(
        rooms, messages, context.getBean(UnnotifiedMessages.class), 4096, batch, out());
  }

  PrintStream out() {
    return new PrintStream(output, true, StandardCharsets.UTF_8);
  }

  Path file(String content) throws IOException {
    Path file = Files.createTempFile(dir, "history", ".jsonl");
    Files.writeString(file, content);
    return file;
  }

  /** A store that fails, as a killed process would stop, after a number of messages were stored. */
  static final class CrashingMessageStore extends ForwardingMessageStore {
    private long left;

    CrashingMessageStore(MessageStore store, long writes) {
      super(store);
      this.left = writes;
    }

    @Override
    public Written write(Message message) {
      if (left-- <= 0) {
        throw new IllegalStateException("crashed");
      }
      return store.write(message);
    }

    @Override
    public List<Message> after(String roomId, long afterSeq, int limit) {
      return new ArrayList<>(store.after(roomId, afterSeq, limit));
    }
  }
}
