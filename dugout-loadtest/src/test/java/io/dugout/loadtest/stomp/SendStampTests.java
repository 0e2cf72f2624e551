package io.dugout.loadtest.stomp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SendStampTests {

  @Test
  void findsTheStampInAMessageBodyWhereverTheFieldIs() {
    SendStamp stamp = new SendStamp(42, 7, 123_456_789L);
    byte[] body =
        utf8(
            "{\"type\":\"message\",\"roomId\":\"r-1\",\"seq\":9,\"senderId\":\"lt-user-42\",\"clientMsgId\":\""
                + stamp.clientMsgId()
                + "\",\"content\":\"hi\"}");

    assertThat(SendStamp.find(body, 0, body.length)).isEqualTo(stamp);
    assertThat(
            Bytes.longAfter(body, 0, body.length, "\"seq\":".getBytes(StandardCharsets.US_ASCII)))
        .isEqualTo(9);
  }

  @Test
  void ignoresMessagesThisToolDidNotSend() {
    byte[] foreign = utf8("{\"seq\":3,\"clientMsgId\":\"c-7f3a\"}");
    byte[] truncated = utf8("{\"seq\":3,\"clientMsgId\":\"lt-1-2-");

    assertThat(SendStamp.find(foreign, 0, foreign.length)).isNull();
    assertThat(SendStamp.find(truncated, 0, truncated.length)).isNull();
  }

  @Test
  void aChangeSentByAnotherClientDoesNotPassForItsTargetsSender() {
    byte[] change =
        utf8(
            "{\"type\":\"message.edited\",\"seq\":8,\"clientMsgId\":\"e-1\","
                + "\"target\":{\"seq\":7,\"clientMsgId\":\"lt-0-0-100\"}}");

    assertThat(SendStamp.find(change, 0, change.length)).isNull();
  }

  @Test
  void clockIsMonotonicAndPositive() {
    long first = SendStamp.now();
    assertThat(first).isNotNegative();
    assertThat(SendStamp.now()).isGreaterThanOrEqualTo(first);
  }

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
