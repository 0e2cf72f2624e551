package io.dugout.cluster.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.api.ApiResponse;
import io.dugout.api.DugoutClient;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.LongStream;

/**
 * What the clients of one room were told during a fault test (each acknowledged clientMsgId with
 * its seq), and the check that the room's history keeps it: gap-free from seq 1, every clientMsgId
 * once, every acknowledged message at the seq it was acknowledged with.
 */
final class RoomLedger {

  private final String room;
  private final Map<String, Long> acknowledged = new ConcurrentHashMap<>();

  RoomLedger(String room) {
    this.room = room;
  }

  String room() {
    return room;
  }

  int size() {
    return acknowledged.size();
  }

  /** Records an acknowledged send (201, or 200 for a retry) and returns it. */
  ApiResponse acknowledged(String clientMsgId, ApiResponse response) {
    assertThat(response.status()).as(response.toString()).isIn(200, 201);
    Long before = acknowledged.putIfAbsent(clientMsgId, response.number("seq"));
    assertThat(before == null || before == response.number("seq"))
        .as("%s acknowledged twice with different seqs: %s and %s", clientMsgId, before, response)
        .isTrue();
    return response;
  }

  /** Posts a text message with this clientMsgId. */
  ApiResponse post(DugoutClient client, String token, String clientMsgId) {
    var body = new HashMap<String, Object>();
    body.put("clientMsgId", clientMsgId);
    body.put("kind", "TEXT");
    body.put("content", clientMsgId);
    return client.postJson(token, "/api/v1/rooms/" + room + "/messages", body);
  }

  /** Asserts that history holds exactly the room's acknowledged sends, as acknowledged. */
  List<Stored> assertHistoryKeepsEveryAcknowledgedSendOnce(DugoutClient client, String token) {
    var history = readAll(client, token);
    var seqs = history.stream().map(Stored::seq).toList();
    assertThat(seqs)
        .as("room %s: gap-free from 1", room)
        .isEqualTo(LongStream.rangeClosed(1, seqs.size()).boxed().toList());
    var ids = new HashSet<String>();
    for (var message : history) {
      assertThat(ids.add(message.clientMsgId()))
          .as("%s stored once", message.clientMsgId())
          .isTrue();
    }
    acknowledged.forEach(
        (id, seq) ->
            assertThat(history)
                .as("acknowledged %s is in history at its seq %d", id, seq)
                .contains(new Stored(seq, id)));
    return history;
  }

  record Stored(long seq, String clientMsgId) {}

  /** The whole history of the room, oldest first. */
  List<Stored> readAll(DugoutClient client, String token) {
    var all = new ArrayList<Stored>();
    long after = 0;
    for (int page = 0; page < 1_000; page++) {
      var response =
          client.get(token, "/api/v1/rooms/" + room + "/messages?limit=100&after=" + after);
      assertThat(response.status()).as(response.toString()).isEqualTo(200);
      var batch = new ArrayList<Stored>();
      for (var message : response.json().get("messages")) {
        batch.addFirst(
            new Stored(message.get("seq").asLong(), message.get("clientMsgId").asString()));
      }
      all.addAll(batch);
      if (!response.json().get("hasMore").asBoolean() || batch.isEmpty()) {
        return all;
      }
      after = batch.getLast().seq();
    }
    throw new AssertionError("more than 1000 pages");
  }
}
