// FCM on a loopback port for measuring what device push costs: the OAuth2 token endpoint and the
// HTTP v1 send endpoint, accepting every message, one virtual thread per request. Writes a service
// account key whose token_uri points here, and prints how many messages it accepted when stopped.
// Run with Java 21+ as a source file:
//   java dugout-loadtest/scripts/FcmMock.java 18701 /tmp/fcm-sa.json
// then start the server with DUGOUT_PUSH_FCM_SERVICE_ACCOUNT_FILE=/tmp/fcm-sa.json and
// DUGOUT_PUSH_FCM_API_URL=http://127.0.0.1:18701 (docs/benchmarks.md, "Device push").
import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.util.Base64;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

public class FcmMock {
  public static void main(String[] args) throws Exception {
    int port = Integer.parseInt(args[0]);
    String url = "http://127.0.0.1:" + port;
    var generator = KeyPairGenerator.getInstance("RSA");
    generator.initialize(2048);
    String key =
        Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
            .encodeToString(generator.generateKeyPair().getPrivate().getEncoded())
            .replace("\n", "\\n"); // why: a JSON string's newlines are escaped
    Files.writeString(
        Path.of(args[1]),
        """
        {"type":"service_account","project_id":"dugout-bench","private_key_id":"bench",
         "private_key":"-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\\n",
         "client_email":"push@dugout-bench.iam.gserviceaccount.com","client_id":"1",
         "token_uri":"%s/token"}
        """
            .formatted(key, url));
    byte[] token =
        "{\"access_token\":\"bench\",\"expires_in\":3600,\"token_type\":\"Bearer\"}"
            .getBytes(StandardCharsets.UTF_8);
    byte[] sent = "{\"name\":\"projects/dugout-bench/messages/1\"}".getBytes(StandardCharsets.UTF_8);
    var accepted = new AtomicLong();
    var server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 512);
    server.createContext("/token", exchange -> answer(exchange, token));
    server.createContext(
        "/v1/projects/dugout-bench/messages:send",
        exchange -> {
          answer(exchange, sent);
          accepted.incrementAndGet();
        });
    server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    Runtime.getRuntime()
        .addShutdownHook(new Thread(() -> System.out.println("accepted " + accepted.get())));
    server.start();
    System.out.println("FCM on " + url);
  }

  private static void answer(com.sun.net.httpserver.HttpExchange exchange, byte[] body)
      throws java.io.IOException {
    try (exchange) {
      exchange.getRequestBody().readAllBytes();
      exchange.getResponseHeaders().set("Content-Type", "application/json");
      exchange.sendResponseHeaders(200, body.length);
      exchange.getResponseBody().write(body);
    }
  }
}
