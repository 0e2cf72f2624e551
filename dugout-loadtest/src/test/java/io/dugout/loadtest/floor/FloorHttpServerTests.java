package io.dugout.loadtest.floor;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FloorHttpServerTests {

  private static final byte[] PAGE =
      "{\"messages\":[{\"seq\":41,\"content\":\"é\"}],\"hasMore\":true}"
          .getBytes(StandardCharsets.UTF_8);

  private static final byte[] ENTER = "{\"room\":{},\"latest\":[{\"seq\":99}]}".getBytes();

  @Test
  void answersEveryRequestOfAKindWithTheCapturedBytesOverOneKeepAliveConnection() throws Exception {
    try (FloorHttpServer server = server();
        Socket socket = new Socket("127.0.0.1", server.base().getPort())) {
      socket.setSoTimeout(5_000);
      for (long before : new long[] {7, 12_345}) {
        Reply page =
            exchange(
                socket,
                "GET /api/v1/rooms/r-1/messages?before=" + before + "&limit=50 HTTP/1.1",
                null);
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.headers())
            .containsEntry("content-type", "application/json")
            .containsEntry("content-length", String.valueOf(PAGE.length));
        assertThat(page.body()).isEqualTo(PAGE);
      }
      Reply enter = exchange(socket, "POST /api/v1/rooms/r-2/enter HTTP/1.1", "{}");
      assertThat(enter.status()).isEqualTo(200);
      assertThat(enter.headers()).containsEntry("content-type", "application/json;charset=UTF-8");
      assertThat(enter.body()).isEqualTo(ENTER);
    }
  }

  @Test
  void answersOtherMethodsAndPathsWith404() throws Exception {
    try (FloorHttpServer server = server();
        Socket socket = new Socket("127.0.0.1", server.base().getPort())) {
      socket.setSoTimeout(5_000);
      assertThat(exchange(socket, "GET /api/v1/rooms/r-1/enter HTTP/1.1", null).status())
          .isEqualTo(404);
      assertThat(exchange(socket, "GET /api/v1/rooms HTTP/1.1", null).status()).isEqualTo(404);
      assertThat(exchange(socket, "GET /api/v1/rooms/r-1/messages HTTP/1.1", null).body())
          .as("the connection is still usable after a 404")
          .isEqualTo(PAGE);
    }
  }

  private static FloorHttpServer server() {
    return new FloorHttpServer(
        1,
        List.of(
            new FloorHttpServer.Route(
                "GET", "/messages", new FloorHttpServer.Answer(200, "application/json", PAGE)),
            new FloorHttpServer.Route(
                "POST",
                "/enter",
                new FloorHttpServer.Answer(200, "application/json;charset=UTF-8", ENTER))));
  }

  private record Reply(int status, Map<String, String> headers, byte[] body) {}

  private static Reply exchange(Socket socket, String requestLine, String body) throws IOException {
    OutputStream out = socket.getOutputStream();
    byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
    out.write(
        (requestLine + "\r\nHost: floor\r\nContent-Length: " + content.length + "\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII));
    out.write(content);
    out.flush();
    InputStream in = socket.getInputStream();
    String statusLine = line(in);
    Map<String, String> headers = new LinkedHashMap<>();
    for (String header = line(in); !header.isEmpty(); header = line(in)) {
      int colon = header.indexOf(':');
      headers.put(
          header.substring(0, colon).toLowerCase(Locale.ROOT), header.substring(colon + 1).strip());
    }
    byte[] replyBody = in.readNBytes(Integer.parseInt(headers.get("content-length")));
    return new Reply(Integer.parseInt(statusLine.split(" ")[1]), headers, replyBody);
  }

  private static String line(InputStream in) throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    for (int b = in.read(); b != '\n'; b = in.read()) {
      if (b < 0) {
        throw new IOException("connection closed by the floor");
      }
      if (b != '\r') {
        line.write(b);
      }
    }
    return line.toString(StandardCharsets.US_ASCII);
  }
}
