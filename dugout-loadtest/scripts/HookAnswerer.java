// A before-send hook for measuring what the hook costs a send: answers every POST with
// {"action":"allow"} on a loopback port, one virtual thread per request, and prints how many it
// answered when stopped. Run with Java 21+ as a source file:
//   java dugout-loadtest/scripts/HookAnswerer.java 18700
// then start the server with -Ddugout.hooks.before-send.url=http://127.0.0.1:18700/before-send
// (docs/benchmarks.md, "What the before-send hook adds").
import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

public class HookAnswerer {
  public static void main(String[] args) throws Exception {
    int port = Integer.parseInt(args[0]);
    byte[] allow = "{\"action\":\"allow\"}".getBytes(StandardCharsets.UTF_8);
    var answered = new AtomicLong();
    var server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 512);
    server.createContext(
        "/",
        exchange -> {
          try (exchange) {
            exchange.getRequestBody().readAllBytes();
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, allow.length);
            exchange.getResponseBody().write(allow);
            answered.incrementAndGet();
          }
        });
    server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    Runtime.getRuntime()
        .addShutdownHook(new Thread(() -> System.out.println("answered " + answered.get())));
    server.start();
    System.out.println("answering on 127.0.0.1:" + port);
  }
}
