package io.dugout.transport.netty;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.UnaryOperator;

/**
 * HTTP/1.1 requests bent the ways parsers disagree on (the raw material of request smuggling and
 * desync): {@code Content-Length} and {@code Transfer-Encoding} shapes, duplicate fields, odd
 * whitespace, bare LF and CR line ends, folded lines, bad hosts, odd methods, targets and versions,
 * heads at the size limit, pipelined pairs and writes split anywhere. Each starts from a request
 * the server answers normally (a hot read, {@code enter}, a relayed read, a WebSocket handshake),
 * so that what changes an answer is the bend. Deterministic for a given {@link Random}.
 */
final class HeadMutator {

  /** A request (or two, pipelined) as the chunks to write, and what was bent. */
  record Bent(List<byte[]> chunks, int requests, String mutations) {

    /** Whether it is written in more than one piece. */
    boolean split() {
      return chunks.size() > 1;
    }

    /** The bytes with line ends and control bytes shown, for a failure message. */
    String shown() {
      var all = new StringBuilder();
      for (byte[] chunk : chunks) {
        if (!all.isEmpty()) {
          all.append("‖");
        }
        for (byte b : chunk) {
          int c = b & 0xff;
          all.append(
              switch (c) {
                case '\r' -> "\\r";
                case '\n' -> "\\n\n";
                case '\t' -> "\\t";
                default -> c < 0x20 || c >= 0x7f ? String.format("\\x%02x", c) : (char) c;
              });
        }
      }
      return all.toString();
    }
  }

  /** A field to add, and the body it needs for the request to be whole. */
  private record Field(String lines, String body) {}

  private static final List<Field> FIELDS =
      List.of(
          new Field("Content-Length: 0", ""),
          new Field("Content-Length: 0\r\nContent-Length: 0", ""),
          new Field("Content-Length: 0\r\nContent-Length: 1", "x"),
          new Field("Content-Length: 00", ""),
          new Field("Content-Length: +0", ""),
          new Field("Content-Length: 0, 0", ""),
          new Field("Content-Length: 1", "x"),
          new Field("Content-Length:", ""),
          new Field("Content-Length : 0", ""),
          new Field("Transfer-Encoding: chunked", "0\r\n\r\n"),
          new Field("Transfer-Encoding: chunked\r\nContent-Length: 5", "0\r\n\r\n"),
          new Field("Content-Length: 5\r\nTransfer-Encoding: chunked", "0\r\n\r\n"),
          new Field("Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked", "0\r\n\r\n"),
          new Field("Transfer-Encoding: gzip, chunked", "0\r\n\r\n"),
          new Field("Transfer-Encoding: xchunked", "0\r\n\r\n"),
          new Field("Transfer-Encoding:\tchunked", "1\r\nx\r\n0\r\n\r\n"),
          new Field("Transfer-Encoding: identity", ""),
          new Field("Expect: 100-continue", ""),
          new Field("Connection: close", ""),
          new Field("Connection: keep-alive", ""),
          new Field("Connection: keep-alive, Upgrade", ""),
          new Field("Upgrade: websocket", ""),
          new Field("Upgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQAAP__", ""),
          new Field("Host: localhost", ""),
          new Field("Accept: text/html", ""),
          new Field("Accept: application/json\r\nAccept: application/json", ""),
          new Field("Authorization: Bearer a.b.c", ""),
          new Field("Sec-WebSocket-Version: 8", ""),
          new Field("X-Control: a\u0001b", ""),
          new Field("X-Delete: a\u007fb", ""),
          new Field("X-Latin: caf\u00e9", ""),
          new Field("X-Empty:", ""),
          new Field(": no name", ""),
          new Field("No-Colon", ""),
          new Field("X Space: a", ""),
          new Field("X-Tabs:\ta\t", ""));

  private static final List<String> HOSTS =
      List.of(
          "a:b:c",
          "-a",
          "a-",
          "a..b",
          ".a",
          "a.",
          "a:",
          ":80",
          "a:99999",
          "a:123456",
          "[::1]",
          "[::1]:8080",
          "[x]",
          "a]",
          "a_b",
          "a b",
          "1.2.3.4",
          "999.1.1.1",
          "localhost:8080",
          "",
          "a@b",
          "a,b",
          "caf\u00e9",
          "LOCALHOST",
          "a.-b",
          "xn--a-b.c");

  private static final List<String> METHODS =
      List.of("get", "HEAD", "PUT", "OPTIONS", "TRACE", "FOO", "G(T", "POST", "DELETE", "");

  private static final List<UnaryOperator<String>> TARGETS =
      List.of(
          t -> t + "&a=|",
          t -> t + "#f",
          t -> "/" + t,
          t -> t.replace("/messages", "/./messages"),
          t -> t.replace("/messages", "/messages;x=1"),
          t -> "http://localhost" + t,
          t -> "*",
          t -> t + "%",
          t -> t.replace("limit=", "limit=%32"),
          t -> t.replace("/api", "/API"),
          t -> t + "\u00e9",
          t -> t + "?",
          t -> "/ws?x=1",
          t -> "/ws/",
          t -> "/wsx",
          t -> "/ws?x{y",
          t -> "/ws?x=%zz",
          t -> "/ws?x=[",
          t -> "/ws");

  private static final List<String> VERSIONS =
      List.of("HTTP/1.0", "HTTP/1.2", "HTTP/2.0", "http/1.1", "HTTP/11", "HTTP/1.1x", "");

  private final List<String> requests;
  private final List<Integer> weights;

  /** Requests on {@code room}, which {@code token}'s user may read. */
  HeadMutator(String room, String token) {
    String auth = "Authorization: Bearer " + token + "\r\n";
    String host = "Host: localhost\r\n";
    this.requests =
        List.of(
            "GET /api/v1/rooms/" + room + "/messages?limit=2 HTTP/1.1\r\n" + host + auth + "\r\n",
            "GET /api/v1/rooms/" + room + "/messages?limit=1 HTTP/1.1\r\n" + auth + host + "\r\n",
            "POST /api/v1/rooms/" + room + "/enter HTTP/1.1\r\n" + host + auth + "\r\n",
            "GET /api/v1/rooms HTTP/1.1\r\n" + host + auth + "\r\n",
            "GET /actuator/health HTTP/1.1\r\n" + host + "\r\n",
            "GET /ws HTTP/1.1\r\n"
                + host
                + "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
                + "Sec-WebSocket-Protocol: v12.stomp\r\n\r\n");
    this.weights = List.of(3, 2, 2, 1, 1, 3);
  }

  /** The next bent request. */
  Bent next(Random random) {
    var mutations = new ArrayList<String>();
    String request = base(random);
    boolean handshake = request.startsWith("GET /ws ");
    int bends = random.nextInt(10) < 7 ? 1 : 2;
    for (int i = 0; i < bends; i++) {
      request = bend(request, random, mutations);
    }
    int count = 1;
    // why: after a handshake the bytes are WebSocket frames, not a second request
    if (!handshake && random.nextInt(10) < 3) {
      String second = base(random);
      if (random.nextBoolean()) {
        second = bend(second, random, mutations);
      }
      mutations.add("pipelined");
      request += second;
      count = 2;
    }
    byte[] bytes = request.getBytes(StandardCharsets.ISO_8859_1);
    var chunks = new ArrayList<byte[]>();
    if (random.nextInt(10) < 3 && bytes.length > 3) {
      mutations.add("split");
      int from = 0;
      int pieces = 2 + random.nextInt(3);
      for (int i = 1; i < pieces && from < bytes.length - 1; i++) {
        int cut = from + 1 + random.nextInt(bytes.length - from - 1);
        chunks.add(Arrays.copyOfRange(bytes, from, cut));
        from = cut;
      }
      chunks.add(Arrays.copyOfRange(bytes, from, bytes.length));
    } else {
      chunks.add(bytes);
    }
    return new Bent(chunks, count, String.join(", ", mutations));
  }

  private String base(Random random) {
    int total = weights.stream().mapToInt(Integer::intValue).sum();
    int pick = random.nextInt(total);
    for (int i = 0; i < requests.size(); i++) {
      pick -= weights.get(i);
      if (pick < 0) {
        return requests.get(i);
      }
    }
    throw new AssertionError();
  }

  /** {@code request} with one more bend, named in {@code mutations}. */
  private static String bend(String request, Random random, List<String> mutations) {
    int headEnd = request.indexOf("\r\n\r\n");
    if (headEnd < 0) {
      // why: an earlier bend changed the line ends; bend the request line instead
      return requestLine(request, random, mutations);
    }
    String head = request.substring(0, headEnd + 2);
    String rest = request.substring(headEnd + 2);
    List<String> lines = new ArrayList<>(List.of(head.split("\r\n", -1)));
    lines.removeLast();
    int field = 1 + random.nextInt(Math.max(1, lines.size() - 1));
    int at = Math.min(field, lines.size() - 1);
    switch (random.nextInt(12)) {
      case 0 -> {
        mutations.add("bare LF");
        return random.nextBoolean()
            ? request.replace("\r\n", "\n")
            : replaceNth(request, "\r\n", "\n", random.nextInt(lines.size() + 1));
      }
      case 1 -> {
        mutations.add("bare CR");
        return replaceNth(request, "\r\n", "\r", random.nextInt(lines.size() + 1));
      }
      case 2 -> {
        mutations.add("duplicate line " + at);
        lines.add(field, lines.get(at));
      }
      case 3, 10 -> {
        Field added = FIELDS.get(random.nextInt(FIELDS.size()));
        mutations.add("field " + added.lines().replace("\r\n", " + "));
        lines.add(field, added.lines());
        rest = "\r\n" + added.body() + rest.substring(2);
      }
      case 4 -> {
        int host = hostLine(lines);
        if (random.nextInt(5) == 0 || host < 0) {
          mutations.add("no host");
          if (host >= 0) {
            lines.remove(host);
          }
        } else {
          String value = HOSTS.get(random.nextInt(HOSTS.size()));
          mutations.add("host " + value);
          lines.set(host, "Host: " + value);
        }
      }
      case 5 -> {
        mutations.add("folded line " + at);
        lines.set(at, lines.get(at) + "\r\n\tfolded");
      }
      case 6 -> {
        String line = lines.get(at);
        int colon = Math.max(0, line.indexOf(':'));
        String bent =
            switch (random.nextInt(3)) {
              case 0 -> line.substring(0, colon) + " " + line.substring(colon);
              case 1 -> " " + line;
              default -> line + " \t ";
            };
        mutations.add("whitespace in line " + at);
        lines.set(at, bent);
      }
      case 7 -> {
        int fields = 95 + random.nextInt(10);
        mutations.add(fields + " more fields");
        for (int i = 0; i < fields; i++) {
          lines.add(field, "X-F" + i + ": v");
        }
      }
      case 8 -> {
        int size = 8_180 + random.nextInt(24);
        String joined = String.join("\r\n", lines) + "\r\n" + rest;
        int pad = Math.max(1, size - joined.length() - "X-Pad: \r\n".length());
        mutations.add("head of about " + size + " bytes");
        lines.add(field, "X-Pad: " + "p".repeat(pad));
      }
      default -> {
        return requestLine(request, random, mutations);
      }
    }
    return String.join("\r\n", lines) + "\r\n" + rest;
  }

  /** {@code request} with its method, target, version or separators bent. */
  private static String requestLine(String request, Random random, List<String> mutations) {
    int lineEnd = request.indexOf('\n');
    int cr = lineEnd > 0 && request.charAt(lineEnd - 1) == '\r' ? 1 : 0;
    String line = request.substring(0, lineEnd - cr);
    String rest = request.substring(lineEnd - cr);
    String[] parts = line.split(" ", 3);
    if (parts.length < 3) {
      return request;
    }
    switch (random.nextInt(5)) {
      case 0 -> {
        parts[0] = METHODS.get(random.nextInt(METHODS.size()));
        mutations.add("method " + parts[0]);
      }
      case 1 -> {
        parts[1] = TARGETS.get(random.nextInt(TARGETS.size())).apply(parts[1]);
        mutations.add("target " + parts[1]);
      }
      case 2 -> {
        parts[2] = VERSIONS.get(random.nextInt(VERSIONS.size()));
        mutations.add("version " + parts[2]);
      }
      case 3 -> {
        mutations.add("request line separators");
        return parts[0] + (random.nextBoolean() ? "  " : "\t") + parts[1] + " " + parts[2] + rest;
      }
      default -> {
        mutations.add("request line trailing space");
        return line + " " + rest;
      }
    }
    String joined = String.join(" ", parts);
    return (parts[2].isEmpty() ? joined.stripTrailing() : joined) + rest;
  }

  private static int hostLine(List<String> lines) {
    for (int i = 1; i < lines.size(); i++) {
      if (lines.get(i).regionMatches(true, 0, "Host:", 0, 5)) {
        return i;
      }
    }
    return -1;
  }

  private static String replaceNth(String text, String target, String replacement, int n) {
    int at = -1;
    for (int i = 0; i <= n; i++) {
      at = text.indexOf(target, at + 1);
      if (at < 0) {
        return text;
      }
    }
    return text.substring(0, at) + replacement + text.substring(at + target.length());
  }
}
