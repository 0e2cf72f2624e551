package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.dugout.ClientPath;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Drives the server with {@code @stomp/stompjs} (from the webjar the web client uses) under Node:
 * connect with a token, subscribe, send with receipts, receive, and recover after a reconnect with
 * since-seq. Skipped, saying so, when Node is not installed.
 */
@ClientPath.EveryPath
class StompJsInteropTests extends RealtimeTestBase {

  private static final String STOMPJS =
      "META-INF/resources/webjars/stomp__stompjs/7.2.1/bundles/stomp.umd.js";

  @TempDir Path dir;

  @Test
  void worksWithStompJsIncludingReceiptsAndRecovery() throws Exception {
    assumeTrue(
        nodeAvailable(),
        "Node.js not found: skipping the @stomp/stompjs interop test (install nodejs to run it)");
    Path stomp = copy(STOMPJS, dir.resolve("stomp.umd.js"));
    Path script = copy("interop/stompjs-client.cjs", dir.resolve("stompjs-client.cjs"));
    String room = groupOf("alice");
    var process =
        new ProcessBuilder(
                "node",
                "--experimental-websocket",
                script.toString(),
                stomp.toString(),
                String.valueOf(port),
                token("alice"),
                room,
                String.valueOf(wsPort()))
            .redirectErrorStream(true)
            .start();
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
    String output =
        new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    String last = output.substring(output.lastIndexOf('\n') + 1);
    assertThat(process.exitValue()).as(output).isZero();

    var result = JSON.readTree(last);
    assertThat(result.get("connected").asBoolean()).isTrue();
    assertThat(result.get("firstSeqs").toString()).isEqualTo("[1,2,3]");
    assertThat(result.get("receipts").toString())
        .isEqualTo("[\"r-js-1\",\"r-js-2\",\"r-js-3\",\"r-js-live\"]");
    assertThat(result.get("recoveredSeqs").toString()).isEqualTo("[4,5,6]");
    assertThat(result.get("recoveredClientMsgIds").toString())
        .isEqualTo("[\"away-1\",\"away-2\",\"js-live\"]");
  }

  private static boolean nodeAvailable() {
    try {
      var node = new ProcessBuilder("node", "--version").redirectErrorStream(true).start();
      return node.waitFor(10, TimeUnit.SECONDS) && node.exitValue() == 0;
    } catch (Exception e) {
      return false;
    }
  }

  private static Path copy(String resource, Path target) throws Exception {
    try (InputStream in =
        StompJsInteropTests.class.getClassLoader().getResourceAsStream(resource)) {
      assertThat(in).as(resource).isNotNull();
      Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
    }
    return target;
  }
}
