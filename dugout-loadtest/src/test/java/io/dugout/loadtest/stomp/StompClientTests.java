package io.dugout.loadtest.stomp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StompClientTests {

  @Test
  void spreadsUsersOverTheNodesUserIOnNodeIModN() throws Exception {
    try (ServerSocket a = new ServerSocket(0);
        ServerSocket b = new ServerSocket(0);
        StompClient client =
            new StompClient(List.of(endpoint(a), endpoint(b)), 1, Duration.ofSeconds(2))) {
      a.setSoTimeout(5_000);
      b.setSoTimeout(5_000);
      List<Socket> accepted = new ArrayList<>();
      try {
        for (int user = 0; user < 4; user++) {
          client.connect(user, "token", delivery -> {});
          ServerSocket expected = user % 2 == 0 ? a : b;
          accepted.add(expected.accept());
        }
        assertThat(client.endpointOf(5)).isEqualTo(endpoint(b));
        assertThat(client.endpointOf(-2)).isEqualTo(endpoint(a));
      } finally {
        for (Socket socket : accepted) {
          socket.close();
        }
      }
    }
  }

  @Test
  void oneEndpointTakesEveryUser() throws Exception {
    try (ServerSocket a = new ServerSocket(0);
        StompClient client = new StompClient(endpoint(a), 1, Duration.ofSeconds(2))) {
      a.setSoTimeout(5_000);
      client.connect(7, "token", delivery -> {});
      try (Socket socket = a.accept()) {
        assertThat(socket.getInetAddress().isLoopbackAddress()).isTrue();
      }
      assertThat(client.endpointOf(7)).isEqualTo(endpoint(a));
    }
  }

  @Test
  void refusesAnEmptyOrNonWebSocketEndpointList() {
    assertThatThrownBy(() -> new StompClient(List.of(), 1, Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () ->
                new StompClient(
                    List.of(URI.create("ws://127.0.0.1:1/ws"), URI.create("http://x:1/ws")),
                    1,
                    Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("http://x:1/ws");
  }

  private static URI endpoint(ServerSocket socket) {
    return URI.create("ws://127.0.0.1:" + socket.getLocalPort() + "/ws");
  }
}
