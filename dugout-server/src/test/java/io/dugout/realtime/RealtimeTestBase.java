package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.api.ApiTest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The shared test server, plus STOMP clients that are closed after each test. */
public abstract class RealtimeTestBase extends ApiTest {

  public static final JsonMapper JSON = JsonMapper.builder().build();
  private final List<StompTestClient> clients = new ArrayList<>();

  @AfterEach
  protected void closeClients() {
    clients.forEach(StompTestClient::close);
  }

  protected StompTestClient connect(String userId) {
    var stomp = StompTestClient.connect(wsPort(), token(userId));
    clients.add(stomp);
    return stomp;
  }

  protected StompTestClient open() {
    return adopt(StompTestClient.open(wsPort()));
  }

  /** Closes this client after the test, like those made here. */
  protected StompTestClient adopt(StompTestClient stomp) {
    clients.add(stomp);
    return stomp;
  }

  protected String token(String userId) {
    return client.token(userId);
  }

  /** Creates a GROUP room owned by {@code owner} with the other members; returns its id. */
  protected String groupOf(String owner, String... members) {
    return group(token(owner), "t", members);
  }

  protected JsonNode post(String token, String path, String body) {
    return ok(client.post(token, path, body));
  }

  protected JsonNode get(String token, String path) {
    return ok(client.get(token, path));
  }

  protected void delete(String token, String path) {
    ok(client.delete(token, path));
  }

  private static JsonNode ok(io.dugout.api.ApiResponse response) {
    if (response.status() >= 300) {
      throw new AssertionError(response.toString());
    }
    return response.body().isEmpty() ? null : response.json();
  }

  /**
   * Posts messages of 4,000 bytes to the room as {@code sender}, 200 at a time, until the server
   * has closed {@code session}, failing past {@code limit}; returns how many it posted. How much a
   * client that reads nothing absorbs before the server gives up on it is the kernel's socket
   * buffers' business (autotuned, several megabytes on loopback), so this sends until then rather
   * than a fixed count a roomier host may swallow whole.
   */
  protected int postUntilClosed(ClientSession session, String sender, String room, int limit)
      throws InterruptedException {
    String content = "x".repeat(4000);
    int total = 0;
    while (session.closedWith() == null) {
      assertThat(total).as("messages sent without the client being closed").isLessThan(limit);
      postRound(sender, room, total, 200, content);
      total += 200;
    }
    return total;
  }

  /** Posts messages {@code first} to {@code first + count - 1} to the room from four threads. */
  private void postRound(String token, String room, int first, int count, String content)
      throws InterruptedException {
    var posters = new ArrayList<Thread>();
    for (int t = 0; t < 4; t++) {
      int lane = t;
      posters.add(
          Thread.ofVirtual()
              .start(
                  () -> {
                    for (int i = first + lane; i < first + count; i += 4) {
                      post(token, "/api/v1/rooms/" + room + "/messages", text("m" + i, content));
                    }
                  }));
    }
    for (Thread poster : posters) {
      poster.join();
    }
  }

  protected static JsonNode json(StompTestClient.Frame frame) {
    return JSON.readTree(frame.body());
  }

  protected static String text(String clientMsgId, String content) {
    return "{\"clientMsgId\":\""
        + clientMsgId
        + "\",\"kind\":\"TEXT\",\"content\":\""
        + content
        + "\"}";
  }
}
