package io.dugout.realtime;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.function.Predicate;

/**
 * A minimal STOMP 1.2 client over the JDK's WebSocket, for tests that must control every byte on
 * the wire (malformed frames, frames before CONNECT) and see every frame that comes back.
 */
public final class StompTestClient implements AutoCloseable {

  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private final WebSocket socket;
  private final int port;
  private final List<Frame> frames = new java.util.LinkedList<>();
  private final StringBuilder partial = new StringBuilder();
  private final java.util.concurrent.atomic.AtomicInteger heartbeats =
      new java.util.concurrent.atomic.AtomicInteger();
  private volatile boolean paused;
  private final java.util.concurrent.atomic.AtomicLong textParts =
      new java.util.concurrent.atomic.AtomicLong();
  private volatile long lastTextNanos = System.nanoTime();
  private volatile Integer closeCode;
  private volatile String closeReason;

  private StompTestClient(URI uri) {
    this.port = uri.getPort();
    this.socket = HTTP.newWebSocketBuilder().buildAsync(uri, new Listener()).join();
  }

  public static StompTestClient open(int port) {
    return new StompTestClient(URI.create("ws://localhost:" + port + "/ws"));
  }

  /** Opens, sends CONNECT with the token and waits for CONNECTED. */
  public static StompTestClient connect(int port, String token) {
    return connect(port, token, "0,0");
  }

  static StompTestClient connect(int port, String token, String heartBeat) {
    var client = open(port);
    client.sendRaw(
        "CONNECT\naccept-version:1.2\nhost:localhost\nheart-beat:"
            + heartBeat
            + "\nAuthorization:Bearer "
            + token
            + "\n\n\0");
    client
        .await(f -> f.command().equals("CONNECTED") || f.command().equals("ERROR"))
        .requireCommand("CONNECTED");
    return client;
  }

  public void sendRaw(String text) {
    socket.sendText(text, true).join();
  }

  /** Sends bytes as one binary WebSocket message (the server reads binary and text alike). */
  public void sendBinary(byte[] bytes) {
    socket.sendBinary(java.nio.ByteBuffer.wrap(bytes), true).join();
  }

  public void send(String command, Map<String, String> headers, String body) {
    var frame = new StringBuilder(command).append('\n');
    headers.forEach((k, v) -> frame.append(k).append(':').append(v).append('\n'));
    frame.append('\n').append(body == null ? "" : body).append('\0');
    sendRaw(frame.toString());
  }

  public void subscribe(String id, String destination, String... extraHeaders) {
    var headers = new LinkedHashMap<String, String>();
    headers.put("id", id);
    headers.put("destination", destination);
    for (int i = 0; i + 1 < extraHeaders.length; i += 2) {
      headers.put(extraHeaders[i], extraHeaders[i + 1]);
    }
    send("SUBSCRIBE", headers, null);
  }

  /** Subscribes with a receipt and waits until the subscription is live. */
  public void subscribeAndWait(String id, String destination, String... extraHeaders) {
    String receipt = "sub-" + id;
    var all = new ArrayList<>(List.of(extraHeaders));
    all.add("receipt");
    all.add(receipt);
    subscribe(id, destination, all.toArray(String[]::new));
    awaitReceipt(receipt);
  }

  public void sendJson(String destination, String json, String receipt) {
    var headers = new LinkedHashMap<String, String>();
    headers.put("destination", destination);
    headers.put("content-type", "application/json");
    if (receipt != null) {
      headers.put("receipt", receipt);
    }
    send("SEND", headers, json);
  }

  public Frame awaitReceipt(String receipt) {
    return await(f -> f.command().equals("RECEIPT") && receipt.equals(f.header("receipt-id")));
  }

  /**
   * Waits for the first frame matching the predicate and takes it; frames that do not match stay,
   * in order, for later calls.
   */
  public Frame await(Predicate<Frame> predicate) {
    return await(predicate, Duration.ofSeconds(10));
  }

  public Frame await(Predicate<Frame> predicate, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (frames) {
      while (true) {
        for (var it = frames.iterator(); it.hasNext(); ) {
          Frame frame = it.next();
          if (predicate.test(frame)) {
            it.remove();
            return frame;
          }
        }
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new AssertionError(
              "no matching frame within "
                  + timeout
                  + "; unmatched: "
                  + frames.size()
                  + (closeCode != null ? "; closed " + closeCode + " " + closeReason : ""));
        }
        try {
          frames.wait(Math.max(1, left / 1_000_000));
        } catch (InterruptedException e) {
          throw new AssertionError(e);
        }
      }
    }
  }

  /** Takes the oldest frame not taken yet, or null when none comes within the timeout. */
  public Frame poll(Duration timeout) {
    try {
      return await(f -> true, timeout);
    } catch (AssertionError e) {
      return null;
    }
  }

  /**
   * Waits until the server closed the connection and returns the close code: 1006 or -1 when the
   * connection ended without a close frame.
   */
  public int awaitClose() {
    return awaitClose(Duration.ofSeconds(10));
  }

  /** Waits up to {@code timeout} for the connection to close; returns the close code. */
  public int awaitClose(Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (frames) {
      while (closeCode == null) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new AssertionError(
              "connection still open ("
                  + state()
                  + "); "
                  + dumpThreads()
                  + "; the server's TCP connections:\n"
                  + connections(port));
        }
        try {
          frames.wait(Math.max(1, left / 1_000_000));
        } catch (InterruptedException e) {
          throw new AssertionError(e);
        }
      }
    }
    return closeCode;
  }

  /**
   * What the client has read so far, for a failure message. It reads {@code partial} without its
   * lock: a listener stuck while holding it must not hang the report too.
   */
  private String state() {
    return "paused="
        + paused
        + ", text parts read="
        + textParts.get()
        + ", the last "
        + (System.nanoTime() - lastTextNanos) / 1_000_000
        + " ms ago, unparsed="
        + partial.length()
        + " chars, input closed="
        + socket.isInputClosed()
        + ", output closed="
        + socket.isOutputClosed();
  }

  /**
   * The server port's TCP connections with their queues ({@code ss}), for a failure message: bytes
   * waiting on the client's side mean the client stopped reading; none there or on the server's
   * side, with the connection still established, mean the server neither sent nor closed.
   */
  static String connections(int port) {
    try {
      var ss =
          new ProcessBuilder("ss", "-tn", "( sport = :" + port + " or dport = :" + port + " )")
              .redirectErrorStream(true)
              .start();
      String out = new String(ss.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      ss.waitFor();
      return out;
    } catch (IOException e) {
      return "no ss: " + e;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted";
    }
  }

  /**
   * Writes a dump of every thread of this JVM, virtual ones included (the in-process server's
   * session writers are virtual threads), and says where, so a close that never came can be traced.
   */
  private static String dumpThreads() {
    try {
      Path file = Files.createTempFile("stomp-client-threads-", ".txt");
      Files.delete(file); // why: dumpThreads refuses an existing file
      ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
          .dumpThreads(file.toString(), HotSpotDiagnosticMXBean.ThreadDumpFormat.TEXT_PLAIN);
      System.err.println(Files.readString(file));
      return "threads dumped to " + file + " and to stderr";
    } catch (IOException | RuntimeException e) {
      return "no thread dump: " + e;
    }
  }

  /**
   * Sends a WebSocket close frame (1000) without waiting for the server's (see awaitClose), unless
   * the server's close came first and the JDK already answered it.
   */
  void sendClose() {
    try {
      socket.sendClose(WebSocket.NORMAL_CLOSURE, "").join();
    } catch (java.util.concurrent.CompletionException e) {
      if (!socket.isOutputClosed()) {
        throw e;
      }
    }
  }

  /** Stops reading from the socket, like a client that hangs: the server's writes back up. */
  void pauseReading() {
    paused = true;
  }

  /** Starts reading again after {@link #pauseReading()}. */
  void resumeReading() {
    paused = false;
    socket.request(1);
  }

  /** How many heart-beats (bare end-of-lines) the server sent. */
  int heartbeats() {
    return heartbeats.get();
  }

  public boolean isClosed() {
    return closeCode != null;
  }

  String closeReason() {
    return closeReason;
  }

  @Override
  public void close() {
    if (closeCode == null) {
      socket.abort();
    }
  }

  /** A received frame. */
  public record Frame(String command, Map<String, String> headers, String body) {
    public String header(String name) {
      return headers.get(name);
    }

    /** Parses one STOMP frame without its NUL; heart-beat newlines before it are skipped. */
    public static Frame parse(String raw) {
      String text = raw.replaceFirst("^[\\r\\n]+", "");
      int split = text.indexOf("\n\n");
      String head = split < 0 ? text : text.substring(0, split);
      String body = split < 0 ? "" : text.substring(split + 2);
      String[] lines = head.split("\n");
      var headers = new LinkedHashMap<String, String>();
      for (int i = 1; i < lines.length; i++) {
        int colon = lines[i].indexOf(':');
        if (colon > 0) {
          headers.putIfAbsent(
              lines[i].substring(0, colon), unescape(lines[i].substring(colon + 1)));
        }
      }
      return new Frame(lines[0], headers, body);
    }

    private static String unescape(String value) {
      var out = new StringBuilder(value.length());
      for (int i = 0; i < value.length(); i++) {
        char c = value.charAt(i);
        if (c == '\\' && i + 1 < value.length()) {
          char escaped = value.charAt(++i);
          out.append(
              switch (escaped) {
                case 'c' -> ':';
                case 'n' -> '\n';
                case 'r' -> '\r';
                default -> escaped;
              });
        } else {
          out.append(c);
        }
      }
      return out.toString();
    }

    Frame requireCommand(String expected) {
      if (!command.equals(expected)) {
        throw new AssertionError(
            "expected " + expected + " but got " + command + " " + headers + " " + body);
      }
      return this;
    }
  }

  private final class Listener implements WebSocket.Listener {
    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
      textParts.incrementAndGet();
      lastTextNanos = System.nanoTime();
      synchronized (partial) {
        partial.append(data);
        int end;
        while ((end = partial.indexOf("\0")) >= 0) {
          String raw = partial.substring(0, end);
          partial.delete(0, end + 1);
          parse(raw);
        }
        // why: heart-beats are bare newlines between frames
        while (!partial.isEmpty() && (partial.charAt(0) == '\n' || partial.charAt(0) == '\r')) {
          if (partial.charAt(0) == '\n') {
            heartbeats.incrementAndGet();
          }
          partial.deleteCharAt(0);
        }
      }
      if (!paused) {
        webSocket.request(1);
      }
      return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
      closeReason = reason;
      closeCode = statusCode;
      synchronized (frames) {
        frames.notifyAll();
      }
      return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
      closeReason = error.toString();
      closeCode = -1;
      synchronized (frames) {
        frames.notifyAll();
      }
    }

    private void parse(String raw) {
      synchronized (frames) {
        frames.add(Frame.parse(raw));
        frames.notifyAll();
      }
    }
  }
}
