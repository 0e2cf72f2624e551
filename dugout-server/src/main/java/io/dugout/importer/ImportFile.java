package io.dugout.importer;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An import file read whole, grouped by room: what the importer needs to give each room's messages
 * their seqs in the original order, whatever order the lines came in. Blank lines are skipped;
 * every other line that does not parse, and a second line for a room id, is a {@link Rejection}.
 *
 * @param rooms the room lines by room id, in file order
 * @param members the member lines by room id
 * @param messages the message lines by room id
 * @param rejected the lines left out
 * @param lines how many lines the file has
 */
record ImportFile(
    Map<String, RoomLine> rooms,
    Map<String, List<MemberLine>> members,
    Map<String, List<MessageLine>> messages,
    List<Rejection> rejected,
    long lines) {

  static ImportFile read(Path file, LineParser parser) throws IOException {
    var rooms = new LinkedHashMap<String, RoomLine>();
    var members = new LinkedHashMap<String, List<MemberLine>>();
    var messages = new LinkedHashMap<String, List<MessageLine>>();
    var rejected = new ArrayList<Rejection>();
    long number = 0;
    try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      for (String text = reader.readLine(); text != null; text = reader.readLine()) {
        number++;
        if (text.isBlank()) {
          continue;
        }
        ImportLine line;
        try {
          line = parser.parse(number, text);
        } catch (LineParser.InvalidLine e) {
          rejected.add(new Rejection(number, e.getMessage()));
          continue;
        }
        switch (line) {
          case RoomLine room -> {
            RoomLine first = rooms.putIfAbsent(room.id(), room);
            if (first != null) {
              rejected.add(
                  new Rejection(
                      number, "room " + room.id() + " is already on line " + first.line()));
            }
          }
          case MemberLine member ->
              members.computeIfAbsent(member.roomId(), id -> new ArrayList<>()).add(member);
          case MessageLine message ->
              messages.computeIfAbsent(message.roomId(), id -> new ArrayList<>()).add(message);
        }
      }
    }
    return new ImportFile(rooms, members, messages, rejected, number);
  }

  /** Every room id the file names, rooms first in file order, then those only members name. */
  List<String> roomIds() {
    var ids = new LinkedHashMap<String, Boolean>();
    rooms.keySet().forEach(id -> ids.put(id, true));
    members.keySet().forEach(id -> ids.put(id, true));
    messages.keySet().forEach(id -> ids.put(id, true));
    return List.copyOf(ids.keySet());
  }

  long messageCount() {
    long count = 0;
    for (var list : messages.values()) {
      count += list.size();
    }
    return count;
  }
}
