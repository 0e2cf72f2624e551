package io.dugout.cluster.faults;

import io.dugout.realtime.StompTestClient.Frame;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import java.util.regex.Pattern;

/**
 * A STOMP client that behaves as a real app does through faults: on a lost connection it connects
 * to whichever node answers and resubscribes each room with {@code since-seq} set to the last seq
 * it saw; it resends a send not yet receipted, with the same {@code clientMsgId}, as the client
 * library does: after a new connection, a second after an error answer, and when no answer came
 * within {@link #RECEIPT_TIMEOUT}. A send still in flight is not resent: each copy queues behind
 * the others on the connection, and a client resending all it has in flight every few seconds while
 * each waits the append timeout adds work faster than an outage lets any node do it. It records
 * what a soak asserts: every seq each room delivered on its wire, in the order it arrived; every
 * send's first attempt, receipt and errors. Over 300 lines because an app's reconnect, resume and
 * resend are one state machine, and splitting it would split that state.
 */
final class AppClient implements AutoCloseable {

  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
  private static final Pattern SEQ = Pattern.compile("\"seq\":(\\d+)");
  private static final Pattern TYPE = Pattern.compile("\"type\":\"([a-z.]+)\"");
  private static final Pattern CODE = Pattern.compile("\"code\":\"([a-z_]+)\"");
  private static final Pattern CLIENT_MSG_ID = Pattern.compile("\"clientMsgId\":\"([^\"]+)\"");

  /** As the client library's {@code receiptTimeoutMs}: past the append timeout and some. */
  static final Duration RECEIPT_TIMEOUT = Duration.ofSeconds(10);

  /** How long after an error answer a send is tried again. */
  static final Duration RETRY_AFTER_ERROR = Duration.ofSeconds(1);

  /** One send of this client: when it was first tried, when receipted, what errors it got. */
  static final class Send {
    final String roomId;
    final String clientMsgId;
    final long firstNanos = System.nanoTime();
    volatile long lastTriedNanos;
    volatile long receiptedNanos;

    /** When its last attempt was answered with an error, 0 while it is in flight. */
    volatile long erroredNanos;

    /** The connection its last attempt went out on: -1 when there was none. */
    volatile int connection = -1;

    volatile int attempts;
    final List<String> errors = new CopyOnWriteArrayList<>();

    Send(String roomId, String clientMsgId) {
      this.roomId = roomId;
      this.clientMsgId = clientMsgId;
    }

    boolean receipted() {
      return receiptedNanos != 0;
    }
  }

  private final String name;
  private final String token;
  private final List<String> rooms;
  private final IntSupplier nextPort;
  private final Map<String, List<Long>> wire = new ConcurrentHashMap<>();
  private final Map<String, Send> sends = new LinkedHashMap<>();
  private final List<String> connectFailures = new CopyOnWriteArrayList<>();
  private volatile WebSocket socket;
  private volatile boolean connected;
  private volatile int port;
  private volatile boolean closed;
  private int reconnects;
  private int counter;
  private final Map<String, java.util.concurrent.atomic.AtomicInteger> received =
      new ConcurrentHashMap<>();
  private volatile long lastReceivedNanos;
  private volatile long connectedNanos;

  /**
   * @param nextPort the port of the node to try next (round robin over the cluster's nodes)
   */
  AppClient(String name, String token, List<String> rooms, IntSupplier nextPort) {
    this.name = name;
    this.token = token;
    this.rooms = List.copyOf(rooms);
    this.nextPort = nextPort;
    rooms.forEach(room -> wire.put(room, new CopyOnWriteArrayList<>()));
  }

  /** Connects, trying node after node, until one answers CONNECTED or {@code within} passes. */
  synchronized boolean ensureConnected(Duration within) {
    if (connected) {
      return true;
    }
    long deadline = System.nanoTime() + within.toNanos();
    while (!closed && System.nanoTime() < deadline) {
      int port = nextPort.getAsInt();
      try {
        var listener = new Listener();
        var ws =
            HTTP.newWebSocketBuilder()
                .connectTimeout(Duration.ofSeconds(2))
                .buildAsync(URI.create("ws://127.0.0.1:" + port + "/ws"), listener)
                .get(3, TimeUnit.SECONDS);
        socket = ws;
        ws.sendText(
                "CONNECT\naccept-version:1.2\nhost:localhost\nheart-beat:0,0\nAuthorization:Bearer "
                    + token
                    + "\n\n\0",
                true)
            .get(3, TimeUnit.SECONDS);
        if (!listener.connectedWithin(Duration.ofSeconds(5))) {
          ws.abort();
          connectFailures.add(port + ": no CONNECTED");
          continue;
        }
        connected = true;
        this.port = port;
        connectedNanos = System.nanoTime();
        reconnects++;
        frame("SUBSCRIBE", Map.of("id", "errors", "destination", "/user/queue/errors"), "");
        for (String room : rooms) {
          var seen = wire.get(room);
          long since = seen.isEmpty() ? 0 : seen.getLast();
          frame(
              "SUBSCRIBE",
              Map.of(
                  "id",
                  "room-" + room,
                  "destination",
                  "/topic/rooms." + room,
                  "since-seq",
                  Long.toString(since)),
              "");
        }
        return true;
      } catch (Exception e) {
        connectFailures.add(port + ": " + e.getClass().getSimpleName());
        sleep(200);
      }
    }
    return false;
  }

  /** Sends a new message to {@code roomId}, with a receipt; returns its clientMsgId. */
  synchronized String sendNew(String roomId) {
    String id = name + "-" + (++counter);
    var send = new Send(roomId, id);
    sends.put(id, send);
    attempt(send);
    return id;
  }

  /**
   * Resends, with the same clientMsgId, every send not receipted that went out on an earlier
   * connection (or none), was answered with an error a while ago, or had no answer within {@link
   * #RECEIPT_TIMEOUT}.
   */
  synchronized void resendOverdue() {
    long now = System.nanoTime();
    for (var send : sends.values()) {
      if (send.receipted()) {
        continue;
      }
      boolean lost = send.connection != reconnects;
      boolean errored =
          send.erroredNanos != 0 && now - send.erroredNanos >= RETRY_AFTER_ERROR.toNanos();
      boolean unanswered = now - send.lastTriedNanos >= RECEIPT_TIMEOUT.toNanos();
      if (lost || errored || unanswered) {
        attempt(send);
      }
    }
  }

  synchronized boolean allReceipted() {
    return sends.values().stream().allMatch(Send::receipted);
  }

  synchronized List<Send> sends() {
    return new ArrayList<>(sends.values());
  }

  /** Every seq of {@code roomId} this client's wire carried, in arrival order. */
  List<Long> wire(String roomId) {
    return List.copyOf(wire.get(roomId));
  }

  /**
   * What a failed soak needs to tell a silent connection from a slow one: whether connected, to
   * which port since when, the frames received by command and when the last one came, and the last
   * connect failures.
   */
  String state() {
    long now = System.nanoTime();
    var failures = List.copyOf(connectFailures);
    return name
        + ": connected="
        + connected
        + " port="
        + port
        + " reconnects="
        + reconnects
        + " connected "
        + (now - connectedNanos) / 1_000_000_000
        + " s ago, last frame "
        + (lastReceivedNanos == 0 ? "never" : (now - lastReceivedNanos) / 1_000_000_000 + " s ago")
        + ", received "
        + received
        + ", last connect failures "
        + failures.subList(Math.max(0, failures.size() - 3), failures.size());
  }

  /** The port of the node this client is connected to now, or was last: 0 before any. */
  int port() {
    return port;
  }

  int reconnects() {
    return reconnects;
  }

  String name() {
    return name;
  }

  private void attempt(Send send) {
    send.lastTriedNanos = System.nanoTime();
    send.erroredNanos = 0;
    send.attempts++;
    if (!connected) {
      send.connection = -1;
      return;
    }
    send.connection = reconnects;
    frame(
        "SEND",
        Map.of(
            "destination", "/app/rooms." + send.roomId + ".messages",
            "content-type", "application/json",
            "receipt", "r-" + send.clientMsgId),
        "{\"clientMsgId\":\""
            + send.clientMsgId
            + "\",\"kind\":\"TEXT\",\"content\":\"soak "
            + send.clientMsgId
            + "\"}");
  }

  private void frame(String command, Map<String, String> headers, String body) {
    var text = new StringBuilder(command).append('\n');
    headers.forEach((k, v) -> text.append(k).append(':').append(v).append('\n'));
    text.append('\n').append(body).append('\0');
    try {
      socket.sendText(text.toString(), true).get(3, TimeUnit.SECONDS);
    } catch (Exception e) {
      lost();
    }
  }

  private void lost() {
    connected = false;
    var ws = socket;
    if (ws != null) {
      ws.abort();
    }
  }

  private void received(Frame frame) {
    lastReceivedNanos = System.nanoTime();
    received
        .computeIfAbsent(frame.command(), c -> new java.util.concurrent.atomic.AtomicInteger())
        .incrementAndGet();
    switch (frame.command()) {
      case "RECEIPT" -> {
        String id = frame.header("receipt-id");
        if (id != null && id.startsWith("r-")) {
          synchronized (this) {
            var send = sends.get(id.substring(2));
            if (send != null && !send.receipted()) {
              send.receiptedNanos = System.nanoTime();
            }
          }
        }
      }
      case "MESSAGE" -> {
        String subscription = frame.header("subscription");
        if ("errors".equals(subscription)) {
          var code = CODE.matcher(frame.body());
          var id = CLIENT_MSG_ID.matcher(frame.body());
          if (id.find()) {
            synchronized (this) {
              var send = sends.get(id.group(1));
              if (send != null) {
                send.errors.add(code.find() ? code.group(1) : frame.body());
                send.erroredNanos = System.nanoTime();
              }
            }
          }
        } else if (subscription != null && subscription.startsWith("room-")) {
          var type = TYPE.matcher(frame.body());
          var seq = SEQ.matcher(frame.body());
          if (type.find() && type.group(1).equals("message") && seq.find()) {
            wire.get(subscription.substring(5)).add(Long.parseLong(seq.group(1)));
          }
        }
      }
      case "ERROR" -> lost();
      default -> {}
    }
  }

  @Override
  public void close() {
    closed = true;
    lost();
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private final class Listener implements WebSocket.Listener {
    private final StringBuilder partial = new StringBuilder();
    private final java.util.concurrent.CountDownLatch connected =
        new java.util.concurrent.CountDownLatch(1);

    boolean connectedWithin(Duration timeout) throws InterruptedException {
      return connected.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
      var frames = new ArrayList<Frame>();
      synchronized (partial) {
        partial.append(data);
        int end;
        while ((end = partial.indexOf("\0")) >= 0) {
          frames.add(Frame.parse(partial.substring(0, end)));
          partial.delete(0, end + 1);
        }
      }
      for (var frame : frames) {
        if (frame.command().equals("CONNECTED")) {
          connected.countDown();
        } else if (webSocket == socket) {
          received(frame);
        }
      }
      webSocket.request(1);
      return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
      if (webSocket == socket) {
        AppClient.this.connected = false;
      }
      return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
      if (webSocket == socket) {
        AppClient.this.connected = false;
      }
    }
  }
}
