package io.dugout.cluster.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.api.DugoutClient;
import java.util.Map;
import java.util.TreeMap;

/** A room's history as a member reads it over REST. */
record RoomHistory(DugoutClient api, String token, String roomId) {

  /** Its last seq, 0 when it holds no message. */
  long lastSeq() {
    var messages = api.get(token, "/api/v1/rooms/" + roomId + "/messages?limit=1").json();
    var newest = messages.get("messages");
    return newest.isEmpty() ? 0 : newest.get(0).get("seq").asLong();
  }

  /** Every message, seq to clientMsgId, read page by page from the oldest; each seq once. */
  Map<Long, String> clientMsgIds() {
    var messages = new TreeMap<Long, String>();
    long after = 0;
    while (true) {
      var page =
          api.get(token, "/api/v1/rooms/" + roomId + "/messages?after=" + after + "&limit=100");
      assertThat(page.status()).as(page.toString()).isEqualTo(200);
      for (var message : page.json().get("messages")) {
        long seq = message.get("seq").asLong();
        assertThat(messages.put(seq, message.get("clientMsgId").asString()))
            .as("seq %d of %s once", seq, roomId)
            .isNull();
        after = Math.max(after, seq);
      }
      if (!page.json().get("hasMore").asBoolean()) {
        return messages;
      }
    }
  }
}
