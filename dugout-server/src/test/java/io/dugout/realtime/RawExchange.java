package io.dugout.realtime;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Bytes sent as they are to a port on loopback, and the HTTP/1.1 answers read back by their own
 * framing ({@code Content-Length}, chunked, or until the close), so a test sees how many answers a
 * server wrote for a run of pipelined requests and how the exchange ended.
 *
 * @param answers the answers in the order they came, interim ({@code 1xx}) ones included
 * @param end how the exchange ended once no more answers were expected or came
 */
public record RawExchange(List<Answer> answers, End end) {

  /** How an exchange ended. */
  public enum End {
    /** As many final answers came as requests were sent (or a {@code 101}); nothing more read. */
    ANSWERED,
    /** The server closed the connection. */
    CLOSED,
    /** The server neither answered more nor closed within the wait. */
    OPEN
  }

  /** One answer: its status, its header fields (names in lower case) and its body. */
  public record Answer(int status, Map<String, String> headers, byte[] body) {

    public String text() {
      return new String(body, StandardCharsets.UTF_8);
    }

    /** How its body is framed: {@code length}, {@code chunked} or {@code close}. */
    public String framing() {
      if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
        return "chunked";
      }
      return headers.containsKey("content-length") ? "length" : "close";
    }

    @Override
    public String toString() {
      return status + " (" + framing() + ", " + body.length + " bytes)";
    }
  }

  /** The statuses of the answers, in order. */
  public List<Integer> statuses() {
    return answers.stream().map(Answer::status).toList();
  }

  /**
   * Sends {@code chunks} to {@code port} one write each, {@code pause} apart, and reads answers
   * until {@code requests} final answers came, a {@code 101} came, the server closed, or nothing
   * came for {@code wait}.
   */
  public static RawExchange send(
      int port, List<byte[]> chunks, Duration pause, int requests, Duration wait)
      throws IOException, InterruptedException {
    try (var socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
      socket.setSoTimeout((int) wait.toMillis());
      try {
        for (int i = 0; i < chunks.size(); i++) {
          if (i > 0) {
            Thread.sleep(pause);
          }
          socket.getOutputStream().write(chunks.get(i));
        }
      } catch (SocketException closedEarly) {
        // why: a server may answer and close before the last chunk; its answer is still there
      }
      return read(socket.getInputStream(), requests);
    }
  }

  /**
   * Sends {@code request} in one write to {@code port} and reads up to {@code requests} answers.
   */
  public static RawExchange send(int port, String request, int requests)
      throws IOException, InterruptedException {
    return send(
        port,
        List.of(request.getBytes(StandardCharsets.ISO_8859_1)),
        Duration.ZERO,
        requests,
        Duration.ofSeconds(10));
  }

  /** Reads answers from {@code in} as {@link #send} does. */
  public static RawExchange read(InputStream in, int requests) throws IOException {
    var answers = new ArrayList<Answer>();
    int finals = 0;
    try {
      while (finals < requests) {
        Answer answer = readAnswer(in);
        if (answer == null) {
          return new RawExchange(answers, End.CLOSED);
        }
        answers.add(answer);
        if (answer.status() == 101) {
          break;
        }
        if (answer.status() >= 200) {
          finals++;
        }
      }
      return new RawExchange(answers, End.ANSWERED);
    } catch (SocketTimeoutException silent) {
      return new RawExchange(answers, End.OPEN);
    } catch (EOFException | SocketException cut) {
      return new RawExchange(answers, End.CLOSED);
    }
  }

  /**
   * The next answer on {@code in}, or null when the connection closed before its first byte; bytes
   * that do not begin with {@code HTTP/} (Tomcat answers an HTTP/0.9 request with its body alone)
   * are an answer of status 0 whose body is everything up to the close.
   */
  private static Answer readAnswer(InputStream in) throws IOException {
    byte[] start = in.readNBytes(5);
    if (start.length == 0) {
      return null;
    }
    if (!new String(start, StandardCharsets.ISO_8859_1).equals("HTTP/")) {
      var raw = new ByteArrayOutputStream();
      raw.writeBytes(start);
      raw.writeBytes(in.readAllBytes());
      return new Answer(0, Map.of(), raw.toByteArray());
    }
    String head = "HTTP/" + head(in);
    String[] lines = head.split("\r\n");
    String[] statusLine = lines[0].split(" ", 3);
    int status = Integer.parseInt(statusLine[1]);
    var headers = new LinkedHashMap<String, String>();
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      headers.put(
          lines[i].substring(0, colon).toLowerCase(Locale.ROOT),
          lines[i].substring(colon + 1).strip());
    }
    byte[] body;
    if (status < 200 || status == 204 || status == 304) {
      body = new byte[0];
    } else if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
      body = chunked(in);
    } else if (headers.containsKey("content-length")) {
      int length = Integer.parseInt(headers.get("content-length"));
      body = in.readNBytes(length);
      if (body.length < length) {
        throw new EOFException("closed in a body");
      }
    } else {
      body = in.readAllBytes();
    }
    return new Answer(status, headers, body);
  }

  /** The rest of a head up to its blank line. */
  private static String head(InputStream in) throws IOException {
    var head = new StringBuilder();
    while (head.length() < 4 || !head.substring(head.length() - 4).equals("\r\n\r\n")) {
      int b = in.read();
      if (b < 0) {
        throw new EOFException("closed in a head: " + head);
      }
      head.append((char) b);
    }
    return head.substring(0, head.length() - 4);
  }

  private static byte[] chunked(InputStream in) throws IOException {
    var body = new ByteArrayOutputStream();
    while (true) {
      String sizeLine = line(in);
      int semicolon = sizeLine.indexOf(';');
      int size = Integer.parseInt(semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon), 16);
      if (size == 0) {
        while (!line(in).isEmpty()) {
          // why: trailer fields, none expected
        }
        return body.toByteArray();
      }
      byte[] chunk = in.readNBytes(size);
      if (chunk.length < size) {
        throw new EOFException("closed in a chunk");
      }
      body.writeBytes(chunk);
      line(in);
    }
  }

  private static String line(InputStream in) throws IOException {
    var line = new StringBuilder();
    for (int b = in.read(); b != '\n'; b = in.read()) {
      if (b < 0) {
        throw new EOFException("closed in a chunked body");
      }
      line.append((char) b);
    }
    return line.toString().strip();
  }
}
