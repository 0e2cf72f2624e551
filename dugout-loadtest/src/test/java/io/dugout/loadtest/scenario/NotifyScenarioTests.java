package io.dugout.loadtest.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.loadtest.stomp.SendStamp;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class NotifyScenarioTests {

  @Test
  void slicesRecipientsRoundRobinWrappingAtTheEnd() {
    var users = List.of("a", "b", "c", "d", "e");
    assertThat(NotifyScenario.slice(users, 0, 2)).containsExactly("a", "b");
    assertThat(NotifyScenario.slice(users, 4, 3)).containsExactly("e", "a", "b");
    assertThat(NotifyScenario.slice(users, 10, 5)).containsExactly("a", "b", "c", "d", "e");
  }

  @Test
  void carriesTheSendStampInDataWhereEveryRecipientFindsIt() {
    var stamp = new SendStamp(3, 17, 123456789L);
    String json = NotifyScenario.json(List.of("u1", "u2"), stamp, "hello");

    var body = JsonMapper.builder().build().readTree(json);
    assertThat(body.get("userIds").size()).isEqualTo(2);
    assertThat(body.get("kind").asString()).isEqualTo("loadtest.notify");
    assertThat(body.get("body").asString()).isEqualTo("hello");
    assertThat(body.get("data").get("clientMsgId").asString()).isEqualTo("lt-3-17-123456789");
    // why: the server stores data as compact JSON, so a live notification carries these bytes
    assertThat(json).contains("\"data\":{\"clientMsgId\":\"lt-3-17-123456789\"}");
  }
}
