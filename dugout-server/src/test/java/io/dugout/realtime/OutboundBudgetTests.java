package io.dugout.realtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dugout.message.NoWait;
import io.dugout.realtime.stomp.StompFrames;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.adapter.standard.StandardWebSocketSession;

/**
 * A session's outbound budget counts what goes on the wire: UTF-8 bytes, so a Korean message (three
 * bytes a character) costs three times its length in characters. A client that does not take its
 * frames is a slow consumer however that shows.
 */
class OutboundBudgetTests {

  @Test
  void measuresFramesInUtf8Bytes() {
    assertThat(new Outgoing.Text("hello").bytes()).isEqualTo(5);
    assertThat(new Outgoing.Text("안녕하세요").bytes()).isEqualTo(15);
    assertThat(new Outgoing.Text("é").bytes()).isEqualTo(2);
    assertThat(new Outgoing.Text("😀").bytes()).isEqualTo(4);
    var parts = StompFrames.message("/topic/rooms.r", "m-1", "{\"c\":\"가나\"}".getBytes());
    assertThat(new Outgoing.Shared(parts, "sub-1", utf8Bytes("sub-1")).bytes())
        .isEqualTo(utf8(parts.head() + "sub-1" + parts.tail()));
  }

  @Test
  void closesASessionWhoseQueuedBytesPassTheBudgetThoughItsCharactersDoNot() {
    var slowConsumers = new AtomicLong();
    var session =
        queueOnly(new ClientSession.Limits(1_000, 1_000, slowConsumers, Duration.ofSeconds(1)));
    String korean = "가".repeat(300); // 300 characters, 900 bytes
    assertThat(session.send(new Outgoing.Text(korean))).isTrue();
    assertThat(session.send(new Outgoing.Text(korean))).isFalse();
    assertThat(session.isOpen()).isFalse();
    assertThat(slowConsumers.get()).isEqualTo(1);
  }

  @Test
  void keepsASessionWhoseQueuedBytesStayWithinTheBudget() {
    var session =
        queueOnly(new ClientSession.Limits(1_000, 1_000, new AtomicLong(), Duration.ofSeconds(1)));
    for (int i = 0; i < 3; i++) {
      assertThat(session.send(new Outgoing.Text("x".repeat(300)))).isTrue();
    }
    assertThat(session.isOpen()).isTrue();
  }

  @Test
  void countsAWriteThatFailsAfterBlockingForTheSendTimeLimitAsASlowConsumer() {
    var slowConsumers = new AtomicLong();
    var socket = new FailingSocket(new IOException("Write timeout"), 250);
    var session = writingTo(socket, slowConsumers);
    session.send(new Outgoing.Text("hello"));
    assertThat(session.isOpen()).isFalse();
    assertThat(session.closedWith()).isEqualTo(ClientSession.SLOW);
    assertThat(socket.closedWith).isEqualTo(ClientSession.SLOW);
    assertThat(slowConsumers.get()).isEqualTo(1);
    // why: the container's report of the same close comes too; it is one slow consumer
    assertThat(session.containerClosed(new CloseStatus(1006))).isEqualTo(ClientSession.SLOW);
    assertThat(slowConsumers.get()).isEqualTo(1);
  }

  @Test
  void closesWithoutCountingASlowConsumerWhenAWriteFailsOtherwise() {
    var slowConsumers = new AtomicLong();
    var socket = new FailingSocket(new IOException("Broken pipe"), 0);
    var session = writingTo(socket, slowConsumers);
    session.send(new Outgoing.Text("hello"));
    assertThat(session.closedWith()).isEqualTo(CloseStatus.SESSION_NOT_RELIABLE);
    assertThat(socket.closedWith).isEqualTo(CloseStatus.SESSION_NOT_RELIABLE);
    assertThat(slowConsumers.get()).isZero();
  }

  @Test
  void closesTheClientWhenAWriteFailsWithAnErrorWithoutThrowingAtTheSender() {
    FailingSocket socket =
        new FailingSocket(null, 0) {
          @Override
          void blocked() {
            throw new OutOfMemoryError("Cannot reserve 65536 bytes of direct buffer memory");
          }
        };
    var session = writingTo(socket, new AtomicLong());
    // why: the sender may be a room's delivery loop, whose other subscribers must still get it
    assertThat(session.send(new Outgoing.Text("hello"))).isTrue();
    assertThat(session.closedWith()).isEqualTo(CloseStatus.SESSION_NOT_RELIABLE);
    assertThat(socket.closedWith).isEqualTo(CloseStatus.SESSION_NOT_RELIABLE);
  }

  @Test
  void countsTheContainersCloseDuringAWriteBlockedForTheSendTimeLimitAsASlowConsumer() {
    var slowConsumers = new AtomicLong();
    var reported = new CloseStatus(1006, "Write timeout");
    var closedInWrite = new AtomicReference<CloseStatus>();
    var session = new AtomicReference<ClientSession>();
    // why: Tomcat reports its send timeout as a close, on the writing thread, before the write
    // fails
    var socket =
        new FailingSocket(new IOException("Write timeout"), 250) {
          @Override
          void blocked() {
            closedInWrite.set(session.get().containerClosed(reported));
          }
        };
    session.set(writingTo(socket, slowConsumers));
    session.get().send(new Outgoing.Text("hello"));
    assertThat(closedInWrite.get()).isEqualTo(ClientSession.SLOW);
    assertThat(DisconnectReason.of(closedInWrite.get())).isEqualTo(DisconnectReason.SLOW_CONSUMER);
    assertThat(slowConsumers.get()).isEqualTo(1);

    var idle = writingTo(new FailingSocket(null, 0), slowConsumers);
    assertThat(idle.containerClosed(CloseStatus.NORMAL)).isNull();
    assertThat(slowConsumers.get()).isEqualTo(1);
  }

  @Test
  void countsABatchUntilANonBlockingWriterHasWrittenIt() {
    var slowConsumers = new AtomicLong();
    var writerTasks = new AtomicInteger();
    var writer = new HeldWriter();
    var limits = new ClientSession.Limits(3, 100_000, slowConsumers, Duration.ofSeconds(1));
    var session = new ClientSession(writer.socket(), task -> writerTasks.incrementAndGet(), limits);

    assertThat(session.send(new Outgoing.Text("one"))).isTrue();
    // why: a non-blocking write is handed over by the sending thread, not a writer thread
    assertThat(writerTasks.get()).isZero();
    assertThat(writer.batches).containsExactly("one");
    assertThat(session.queuedFrames()).isEqualTo(1);
    writer.finish(0);
    assertThat(session.queuedFrames()).isZero();

    for (String frame : List.of("two", "three", "four")) {
      assertThat(session.send(new Outgoing.Text(frame))).isTrue();
    }
    assertThat(writer.batches).containsExactly("one", "two", "three", "four");
    assertThat(session.queuedFrames()).isEqualTo(3);
    // why: three batches the writer still holds fill the budget of three frames
    assertThat(session.send(new Outgoing.Text("five"))).isFalse();
    assertThat(session.closedWith()).isEqualTo(ClientSession.SLOW);
    assertThat(slowConsumers.get()).isEqualTo(1);
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void aCloseThatWouldWaitForTheWriterIsRefusedInAnAttemptWithNothingQueued() {
    var session =
        queueOnly(new ClientSession.Limits(10, 100_000, new AtomicLong(), Duration.ofSeconds(1)));
    assertThatThrownBy(
            () -> NoWait.attempt(() -> session.sendAndClose("ERROR", CloseStatus.POLICY_VIOLATION)))
        .isInstanceOf(NoWait.WouldWait.class);
    assertThat(session.queuedFrames()).isZero();
    assertThat(session.isOpen()).isTrue();
  }

  /** A session whose writer runs at once on the sending thread, writing to {@code socket}. */
  private static ClientSession writingTo(FailingSocket socket, AtomicLong slowConsumers) {
    var limits = new ClientSession.Limits(1_000, 100_000, slowConsumers, Duration.ofMillis(200));
    return new ClientSession(proxyOf(socket), Runnable::run, limits);
  }

  private static WebSocketSession proxyOf(FailingSocket socket) {
    return (WebSocketSession)
        Proxy.newProxyInstance(
            OutboundBudgetTests.class.getClassLoader(),
            new Class<?>[] {WebSocketSession.class},
            (self, method, args) -> socket.invoke(method.getName(), args));
  }

  /**
   * A socket whose every write blocks for a while, then fails with one exception; it remembers how
   * it was closed.
   */
  private static class FailingSocket {
    private final IOException failure;
    private final long blockMillis;
    private volatile CloseStatus closedWith;

    FailingSocket(IOException failure, long blockMillis) {
      this.failure = failure;
      this.blockMillis = blockMillis;
    }

    /** Called when a write has blocked, just before it fails. */
    void blocked() {}

    Object invoke(String method, Object[] args) throws IOException {
      return switch (method) {
        case "sendMessage" -> {
          sleep(blockMillis);
          blocked();
          throw failure;
        }
        case "close" -> {
          closedWith = (CloseStatus) args[0];
          yield null;
        }
        case "getId" -> "failing";
        case "isOpen" -> closedWith == null;
        default -> throw new UnsupportedOperationException(method);
      };
    }
  }

  /**
   * A connection with a non-blocking writer that holds every batch until the test finishes it, as
   * Netty holds what a client does not read.
   */
  private static final class HeldWriter {
    final List<String> batches = new ArrayList<>();
    private final List<Runnable> written = new ArrayList<>();

    void finish(int batch) {
      written.get(batch).run();
    }

    WebSocketSession socket() {
      return (WebSocketSession)
          Proxy.newProxyInstance(
              OutboundBudgetTests.class.getClassLoader(),
              new Class<?>[] {WebSocketSession.class, BatchWriter.class},
              (self, method, args) ->
                  switch (method.getName()) {
                    case "blocks" -> false;
                    case "newBatch" -> new CharBatch((int) args[0]);
                    case "write" -> {
                      batches.add(args[0].toString());
                      written.add((Runnable) args[1]);
                      yield null;
                    }
                    case "getId" -> "held";
                    default -> null;
                  });
    }
  }

  /** A session whose writer never runs, so everything sent stays queued. */
  private static ClientSession queueOnly(ClientSession.Limits limits) {
    var socket = new StandardWebSocketSession(null, null, null, null);
    return new ClientSession(socket, task -> {}, limits);
  }

  private static int utf8(String s) {
    return utf8Bytes(s).length;
  }

  private static byte[] utf8Bytes(String s) {
    return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }
}
