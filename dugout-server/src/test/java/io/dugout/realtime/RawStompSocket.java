package io.dugout.realtime;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.function.Predicate;

/**
 * A STOMP client on a plain TCP socket with its own WebSocket framing, for the client that stops
 * reading: while nobody calls {@link #readToEnd}, nothing reads the socket, and the server's writes
 * back up in the kernel's buffers exactly as they do for a hung device. No client library sits in
 * between with its own buffers, demand or threads.
 */
public final class RawStompSocket implements AutoCloseable {

  /** The close code reported when the stream ended without a close frame. */
  public static final int NO_CLOSE_FRAME = -1;

  private final Socket socket;
  private final DataInputStream in;
  private final OutputStream out;
  private final ByteArrayOutputStream partial = new ByteArrayOutputStream();
  private final List<StompTestClient.Frame> frames = new ArrayList<>();
  private long payloadBytesRead;
  private long lastReadNanos = System.nanoTime();

  private RawStompSocket(int port) throws IOException {
    socket = new Socket("localhost", port);
    in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 64 * 1024));
    out = socket.getOutputStream();
    handshake();
  }

  /** Opens, sends CONNECT with the token and reads until CONNECTED. */
  public static RawStompSocket connect(int port, String token) throws IOException {
    var client = new RawStompSocket(port);
    client.sendText(
        "CONNECT\naccept-version:1.2\nhost:localhost\nheart-beat:0,0\nAuthorization:Bearer "
            + token
            + "\n\n\0");
    client.readUntil(f -> f.command().equals("CONNECTED"), Duration.ofSeconds(10));
    return client;
  }

  /** Subscribes with a receipt and reads until the subscription is live. */
  public void subscribeAndWait(String id, String destination) throws IOException {
    sendText(
        "SUBSCRIBE\nid:" + id + "\ndestination:" + destination + "\nreceipt:sub-" + id + "\n\n\0");
    readUntil(
        f -> f.command().equals("RECEIPT") && ("sub-" + id).equals(f.header("receipt-id")),
        Duration.ofSeconds(10));
  }

  /**
   * Reads until the server closes the connection: returns the close frame's code, or {@link
   * #NO_CLOSE_FRAME} when the stream just ended. The frames read on the way are in {@link
   * #frames()}. Fails when the connection is still open after {@code timeout}.
   */
  public int readToEnd(Duration timeout) throws IOException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      Integer closed = readFrame(deadline);
      if (closed != null) {
        return closed;
      }
    }
  }

  /** Every STOMP frame read so far, in order. */
  List<StompTestClient.Frame> frames() {
    return frames;
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }

  private void readUntil(Predicate<StompTestClient.Frame> wanted, Duration timeout)
      throws IOException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (frames.stream().noneMatch(wanted)) {
      Integer closed = readFrame(deadline);
      if (closed != null) {
        throw new AssertionError("closed with " + closed + " after " + frames);
      }
    }
  }

  private void handshake() throws IOException {
    byte[] nonce = new byte[16];
    new SecureRandom().nextBytes(nonce);
    String request =
        "GET /ws HTTP/1.1\r\nHost: localhost:"
            + socket.getPort()
            + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: "
            + Base64.getEncoder().encodeToString(nonce)
            + "\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: v12.stomp\r\n\r\n";
    out.write(request.getBytes(StandardCharsets.US_ASCII));
    out.flush();
    var head = new ByteArrayOutputStream();
    while (!head.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
      head.write(in.readUnsignedByte());
    }
    String status = head.toString(StandardCharsets.US_ASCII).lines().findFirst().orElse("");
    if (!status.contains(" 101 ")) {
      throw new AssertionError("handshake refused: " + head);
    }
  }

  /** Sends one masked text frame, as RFC 6455 requires of a client. */
  private void sendText(String text) throws IOException {
    byte[] payload = text.getBytes(StandardCharsets.UTF_8);
    var frame = new ByteArrayOutputStream();
    frame.write(0x81);
    if (payload.length >= 1 << 16) {
      throw new IllegalArgumentException("this client sends frames under 64 KiB only");
    }
    if (payload.length < 126) {
      frame.write(0x80 | payload.length);
    } else {
      frame.write(0x80 | 126);
      frame.write(payload.length >>> 8);
      frame.write(payload.length & 0xff);
    }
    byte[] mask = new byte[4];
    new SecureRandom().nextBytes(mask);
    frame.write(mask);
    for (int i = 0; i < payload.length; i++) {
      frame.write(payload[i] ^ mask[i % 4]);
    }
    out.write(frame.toByteArray());
    out.flush();
  }

  /**
   * Reads one WebSocket frame and parses the STOMP frames it completes; returns the close code when
   * the connection ended, null otherwise.
   */
  private Integer readFrame(long deadline) throws IOException {
    long left = (deadline - System.nanoTime()) / 1_000_000;
    if (left <= 0) {
      throw stillOpen();
    }
    socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, left));
    try {
      int first = in.readUnsignedByte();
      int opcode = first & 0x0f;
      long length = in.readUnsignedByte() & 0x7f;
      if (length == 126) {
        length = in.readUnsignedShort();
      } else if (length == 127) {
        length = in.readLong();
      }
      byte[] payload = new byte[Math.toIntExact(length)];
      in.readFully(payload);
      payloadBytesRead += length;
      lastReadNanos = System.nanoTime();
      if (opcode == 0x8) {
        return payload.length >= 2 ? ((payload[0] & 0xff) << 8) | (payload[1] & 0xff) : 1005;
      }
      if (opcode == 0x1 || opcode == 0x0) {
        parseFrames(payload);
      }
      return null;
    } catch (EOFException e) {
      return NO_CLOSE_FRAME;
    } catch (SocketException e) {
      if (e.getMessage() != null && e.getMessage().contains("reset")) {
        return NO_CLOSE_FRAME;
      }
      throw e;
    } catch (SocketTimeoutException e) {
      throw stillOpen();
    }
  }

  /**
   * Adds a WebSocket frame's bytes and parses every STOMP frame they complete. The bytes are kept
   * until a frame's NUL: a WebSocket fragment may end inside a multi-byte character, but a NUL byte
   * is never part of one.
   */
  private void parseFrames(byte[] payload) {
    int start = 0;
    for (int i = 0; i < payload.length; i++) {
      if (payload[i] == 0) {
        partial.write(payload, start, i - start);
        frames.add(StompTestClient.Frame.parse(partial.toString(StandardCharsets.UTF_8)));
        partial.reset();
        start = i + 1;
      }
    }
    partial.write(payload, start, payload.length - start);
  }

  private AssertionError stillOpen() {
    return new AssertionError(
        "connection still open: "
            + payloadBytesRead
            + " payload bytes read, the last "
            + (System.nanoTime() - lastReadNanos) / 1_000_000
            + " ms ago; the server's TCP connections:\n"
            + StompTestClient.connections(socket.getPort()));
  }
}
