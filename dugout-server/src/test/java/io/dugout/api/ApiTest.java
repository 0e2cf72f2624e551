package io.dugout.api;

import io.dugout.ClientPath;
import io.dugout.DugoutApplication;
import io.dugout.TempDirs;
import io.dugout.TestStore;
import io.dugout.transport.ListenerMode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.Parameter;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.env.Environment;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Base of the end-to-end REST tests: one real server on a random port in try-it-out mode, with its
 * data in a fresh temp directory. Subclasses share the server (one Spring context), so each test
 * makes its own users with {@link #user}.
 */
@SpringBootTest(
    classes = DugoutApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
public abstract class ApiTest {

  /** This context's data directory: each context gets its own, as RocksDB locks it. */
  @Value("${dugout.data-dir}")
  protected Path dataDir;

  @LocalServerPort protected int port;

  /** The Netty listener's port: the public port in front of Tomcat, or a port of its own. */
  @Value("${local.dugout.realtime.netty.port:0}")
  private int nettyPort;

  protected DugoutClient client;

  /**
   * The path this test's clients take: set per run in a class that runs on {@link
   * ClientPath.EveryPath}, else the public port.
   */
  @Parameter protected ClientPath clientPath;

  @DynamicPropertySource
  static void dataDir(DynamicPropertyRegistry registry) {
    Path dir = TempDirs.deletedAtExit("dugout-api-");
    registry.add("dugout.data-dir", dir::toString);
    TestStore.configure(registry);
  }

  @Autowired private Environment environment;

  /**
   * The port STOMP clients connect to: the Netty listener's in front of Tomcat or on a port of its
   * own, unless the test takes Tomcat's path.
   */
  protected int wsPort() {
    return switch (ListenerMode.of(environment)) {
      case FRONT -> path() == ClientPath.FRONT ? nettyPort : port;
      case SEPARATE -> nettyPort;
      case TOMCAT -> port;
    };
  }

  /**
   * The port the server offers on every interface: the Netty listener's when it is in front of
   * Tomcat (Tomcat then listens on loopback only), else Tomcat's.
   */
  protected int publicPort() {
    return ListenerMode.of(environment) == ListenerMode.FRONT ? nettyPort : port;
  }

  /** The port REST clients use: the public port, unless the test takes Tomcat's path. */
  protected int httpPort() {
    return path() == ClientPath.FRONT ? publicPort() : port;
  }

  /** This test's path: {@link #clientPath}, or the public port when the class sets none. */
  protected ClientPath path() {
    return clientPath == null ? ClientPath.FRONT : clientPath;
  }

  @BeforeEach
  void connect() {
    client = DugoutClient.onPort(httpPort());
  }

  /** Creates a GROUP room as the token's user with the other members; returns its id. */
  protected String group(String token, String title, String... memberIds) {
    var response =
        client.postJson(
            token,
            "/api/v1/rooms",
            Map.of("type", "GROUP", "title", title, "memberIds", List.of(memberIds)));
    if (response.status() != 201) {
      throw new IllegalStateException("could not create a group: " + response);
    }
    return response.text("id");
  }

  /** Creates (or finds) the DIRECT room of the token's user and {@code other}; returns its id. */
  protected String direct(String token, String other) {
    return created(
        client.postJson(
            token, "/api/v1/rooms", Map.of("type", "DIRECT", "memberIds", List.of(other))));
  }

  /**
   * Creates (or finds) the TRADE room of the token's user buying {@code itemId}; returns its id.
   */
  protected String trade(String buyerToken, String itemId, String sellerId) {
    return created(
        client.postJson(
            buyerToken,
            "/api/v1/rooms",
            Map.of(
                "type",
                "TRADE",
                "memberIds",
                List.of(sellerId),
                "trade",
                Map.of("itemId", itemId, "sellerId", sellerId))));
  }

  private static String created(ApiResponse response) {
    if (response.status() != 201 && response.status() != 200) {
      throw new IllegalStateException("could not create a room: " + response);
    }
    return response.text("id");
  }

  /** Posts a TEXT message; returns the response (201 or 200 on a retry). */
  protected ApiResponse say(String token, String roomId, String clientMsgId, String content) {
    return client.postJson(
        token,
        "/api/v1/rooms/" + roomId + "/messages",
        Map.of("clientMsgId", clientMsgId, "kind", "TEXT", "content", content));
  }

  /** A user name no other test uses. */
  protected static String user(String name) {
    return name + "-" + UUID.randomUUID().toString().substring(0, 8);
  }
}
