package io.dugout.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.dugout.LocalAddresses;
import io.dugout.ServerProcess;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Try-it-out tokens go only to callers on this machine, decided by the TCP connection's peer
 * address. The server runs as in a Kubernetes pod (Spring Boot then honours forwarded headers on
 * its own) and trusts every proxy: the worst a careless operator can configure. A peer on the
 * network that claims {@code X-Forwarded-For: 127.0.0.1} must still get nothing.
 */
class TryItOutExposureTests {

  private static final String BODY = "{\"userId\":\"mallory\",\"scope\":\"dugout:service\"}";

  @TempDir static Path dir;
  private static ServerProcess server;

  @BeforeAll
  static void startAsInAPod() {
    server =
        ServerProcess.start(
            dir.resolve("data"),
            Map.of("KUBERNETES_SERVICE_HOST", "10.96.0.1", "KUBERNETES_SERVICE_PORT", "443"),
            "--server.tomcat.remoteip.internal-proxies=.*");
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void refusesAPeerOnTheNetworkThatClaimsToBeLoopbackInAForwardedHeader() throws IOException {
    InetAddress external = externalAddress();
    String answer = postToken(external, "X-Forwarded-For: 127.0.0.1\r\n");
    assertThat(answer).startsWith("HTTP/1.1 404").doesNotContain("\"token\"");
    String viaForwarded = postToken(external, "Forwarded: for=127.0.0.1\r\n");
    assertThat(viaForwarded).startsWith("HTTP/1.1 404").doesNotContain("\"token\"");
  }

  @Test
  void servesACallerOnThisMachineWhateverItsHeadersClaim() throws IOException {
    InetAddress loopback = InetAddress.getLoopbackAddress();
    assertThat(postToken(loopback, "")).startsWith("HTTP/1.1 200").contains("\"token\"");
    assertThat(postToken(loopback, "X-Forwarded-For: 203.0.113.9\r\n"))
        .startsWith("HTTP/1.1 200")
        .contains("\"token\"");
  }

  /** POSTs to the try-it-out endpoint on 127.0.0.1 from a socket bound to {@code from}. */
  private static String postToken(InetAddress from, String extraHeaders) throws IOException {
    try (var socket = new Socket()) {
      socket.setSoTimeout(10_000);
      socket.bind(new InetSocketAddress(from, 0));
      socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 5_000);
      byte[] body = BODY.getBytes(StandardCharsets.UTF_8);
      String request =
          "POST /api/v1/dev/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
              + extraHeaders
              + "Content-Length: "
              + body.length
              + "\r\nConnection: close\r\n\r\n";
      OutputStream out = socket.getOutputStream();
      out.write(request.getBytes(StandardCharsets.US_ASCII));
      out.write(body);
      out.flush();
      InputStream in = socket.getInputStream();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static InetAddress externalAddress() throws SocketException {
    Optional<InetAddress> external = LocalAddresses.nonLoopback();
    assumeTrue(external.isPresent(), "this machine has no non-loopback address to call from");
    return external.get();
  }
}
