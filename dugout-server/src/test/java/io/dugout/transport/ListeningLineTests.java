package io.dugout.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.dugout.Applications;
import io.dugout.system.DugoutProperties;
import io.dugout.transport.netty.NettyListener;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.core.env.Environment;
import org.springframework.mock.env.MockEnvironment;

// why: the line is logged while the node starts, and the first Spring context in a JVM sets
// logging up anew, dropping any appender attached before it: read what the console printed
@ExtendWith(OutputCaptureExtension.class)
class ListeningLineTests {

  @TempDir Path dir;

  @Test
  void logsThePublicPortOnceAndItAnswers(CapturedOutput output) throws Exception {
    try (var node = Applications.start(dir)) {
      Environment environment = node.getEnvironment();
      int publicPort = environment.getRequiredProperty(NettyListener.PORT_PROPERTY, Integer.class);
      int tomcatPort = environment.getRequiredProperty("local.server.port", Integer.class);
      assertThat(publicPort).isNotEqualTo(tomcatPort);

      assertThat(output.getOut().lines().filter(l -> l.contains("Dugout is listening on")))
          .singleElement()
          .asString()
          .contains(
              "Dugout is listening on http://localhost:"
                  + publicPort
                  + " (WebSocket ws://localhost:"
                  + publicPort
                  + "/ws), data in "
                  + dir.toAbsolutePath().normalize());
      var health =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(
                          URI.create("http://localhost:" + publicPort + "/actuator/health"))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      assertThat(health.statusCode()).isEqualTo(200);
    }
  }

  @Test
  void namesTomcatsPortWhenTomcatIsAloneAndTheListenersForWebSocketsOnItsOwnPort() {
    var line = new ListeningLine(DugoutProperties.of(new MockEnvironment()));
    var ports =
        new MockEnvironment()
            .withProperty("local.server.port", "8080")
            .withProperty(NettyListener.PORT_PROPERTY, "8081");

    assertThat(line.line(ports.withProperty(ListenerMode.PROPERTY, "tomcat")))
        .startsWith(
            "Dugout is listening on http://localhost:8080 (WebSocket ws://localhost:8080/ws)");
    assertThat(line.line(ports.withProperty(ListenerMode.PROPERTY, "separate")))
        .startsWith(
            "Dugout is listening on http://localhost:8080 (WebSocket ws://localhost:8081/ws)");
    assertThat(
            line.line(
                ports
                    .withProperty(ListenerMode.PROPERTY, "front")
                    .withProperty("server.address", "10.0.0.5")))
        .startsWith(
            "Dugout is listening on http://10.0.0.5:8081 (WebSocket ws://10.0.0.5:8081/ws)");
  }
}
