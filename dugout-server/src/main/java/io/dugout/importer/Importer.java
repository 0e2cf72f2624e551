package io.dugout.importer;

import io.dugout.message.MessageStore;
import io.dugout.message.UnnotifiedMessages;
import io.dugout.room.RoomStore;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Imports a file of chat history ({@link ImportLine}) through the store ports, room by room: the
 * room and its members ({@link RoomImport}), then its messages in the original order ({@link
 * MessageImport}), then the members' read markers. Every step finds what an earlier run stored, so
 * running the same file again, after a success or after a crash, stores nothing twice and leaves no
 * gap. Bad lines are reported with their numbers and do not stop the import.
 */
public final class Importer {

  /** Messages written with one {@link MessageStore#writeInOrder} call unless told otherwise. */
  public static final int DEFAULT_BATCH = 1000;

  private final RoomStore rooms;
  private final MessageStore messages;
  private final LineParser parser;
  private final int batchSize;
  private final PrintStream out;
  private final UnnotifiedMessages unnotified;

  /**
   * @param maxContentBytes the most UTF-8 bytes a message's text may have
   * @param batchSize messages per {@link MessageStore#writeInOrder} call
   * @param out where progress lines go
   */
  public Importer(
      RoomStore rooms, MessageStore messages, int maxContentBytes, int batchSize, PrintStream out) {
    this(rooms, messages, null, maxContentBytes, batchSize, out);
  }

  /**
   * @param unnotified the marks the store writes with each message, removed again for imported
   *     ones: old history must not notify anybody at the server's next start (null: none kept)
   */
  public Importer(
      RoomStore rooms,
      MessageStore messages,
      UnnotifiedMessages unnotified,
      int maxContentBytes,
      int batchSize,
      PrintStream out) {
    if (batchSize < 1) {
      throw new IllegalArgumentException("batch size must be at least 1, not " + batchSize);
    }
    this.rooms = rooms;
    this.messages = messages;
    this.parser = new LineParser(maxContentBytes);
    this.batchSize = batchSize;
    this.out = out;
    this.unnotified = unnotified;
  }

  /**
   * Imports {@code file}. When it throws (the store failed), what it stored stays; running it again
   * continues.
   */
  public ImportSummary run(Path file) throws IOException {
    long started = System.nanoTime();
    out.println("reading " + file);
    var history = ImportFile.read(file, parser);
    long total = history.messageCount();
    var summary = new ImportSummary();
    summary.readSeconds = (System.nanoTime() - started) / 1e9;
    out.printf(
        "read %d lines in %.1f s: %d rooms, %d messages, %d bad lines%n",
        history.lines(),
        summary.readSeconds,
        history.rooms().size(),
        total,
        history.rejected().size());
    summary.rejectAll(history.rejected());
    var progress = new Progress(out, total);
    var roomImport = new RoomImport(rooms, summary);
    var messageImport = new MessageImport(messages, unnotified, batchSize, summary, progress);
    for (String roomId : history.roomIds()) {
      RoomLine room = history.rooms().get(roomId);
      List<MessageLine> lines = history.messages().getOrDefault(roomId, List.of());
      var members = readable(history.members().getOrDefault(roomId, List.of()), lines, summary);
      var target = roomImport.prepare(roomId, room, members);
      if (target.reason() != null) {
        refuse(target.reason(), room, members, lines, summary);
        progress.messages(lines.size());
        continue;
      }
      var wanted = new HashSet<String>();
      target.members().forEach(m -> wanted.add(m.lastReadId()));
      var positions = messageImport.write(target.roomId(), lines, wanted);
      markRead(target, positions);
      // why: a room done is a room whose lines need no memory any more
      history.messages().remove(roomId);
    }
    summary.seconds = (System.nanoTime() - started) / 1e9;
    return summary;
  }

  /**
   * The member lines whose {@code lastReadId}, if any, is a message of the room in the file; the
   * others are rejected.
   */
  private static List<MemberLine> readable(
      List<MemberLine> members, List<MessageLine> lines, ImportSummary summary) {
    Set<String> asked = new HashSet<>();
    members.forEach(m -> asked.add(m.lastReadId()));
    asked.remove(null);
    if (asked.isEmpty()) {
      return members;
    }
    Set<String> found = new HashSet<>();
    for (MessageLine line : lines) {
      if (asked.contains(line.id())) {
        found.add(line.id());
      }
    }
    var kept = new ArrayList<MemberLine>(members.size());
    for (MemberLine member : members) {
      if (member.lastReadId() != null && !found.contains(member.lastReadId())) {
        summary.reject(
            member.line(),
            "lastReadId " + member.lastReadId() + " is no message of room " + member.roomId());
      } else {
        kept.add(member);
      }
    }
    return kept;
  }

  private void markRead(RoomImport.Target target, MessageImport.Positions positions) {
    for (MemberLine member : target.members()) {
      var position =
          member.lastReadId() != null ? positions.of(member.lastReadId()) : positions.newest();
      if (position != null) {
        // why: only moves a marker forward, so a member who read on since an earlier run keeps it
        rooms.markRead(target.roomId(), member.userId(), position.seq(), position.ordinal());
      }
    }
  }

  private static void refuse(
      String reason,
      RoomLine room,
      List<MemberLine> members,
      List<MessageLine> lines,
      ImportSummary summary) {
    if (room != null) {
      summary.reject(room.line(), reason);
    }
    members.forEach(m -> summary.reject(m.line(), reason));
    lines.forEach(m -> summary.reject(m.line(), reason));
  }
}
