package io.dugout.transport.netty;

import static io.dugout.transport.netty.HeadSyntax.isBlank;
import static io.dugout.transport.netty.HeadSyntax.isFieldValue;
import static io.dugout.transport.netty.HeadSyntax.isHost;
import static io.dugout.transport.netty.HeadSyntax.isIgnoringCase;
import static io.dugout.transport.netty.HeadSyntax.isKey;
import static io.dugout.transport.netty.HeadSyntax.isTarget;
import static io.dugout.transport.netty.HeadSyntax.isToken;
import static io.dugout.transport.netty.HeadSyntax.listsUpgrade;

import io.netty.buffer.ByteBuf;
import io.netty.util.ByteProcessor;
import java.nio.charset.StandardCharsets;

/**
 * The head of one HTTP/1.1 request (request line and header fields) as the Netty listener in front
 * of Tomcat reads it to answer a hot read itself ({@link HotReadHandler}) or to take a WebSocket
 * handshake ({@link FirstRequestRouter}): only the fields such an answer needs, and whether the
 * head is <em>usual</em> or a <em>WebSocket handshake</em>. A head is usual when it is a plain
 * {@code HTTP/1.1} request in origin form with one {@code Host} (a host name or IPv4 address, with
 * an optional port), at most one {@code Content-Length}, which is {@code 0}, no upgrade, no {@code
 * Expect}, no {@code Connection} other than {@code keep-alive}, at most one {@code Authorization}
 * and one {@code Accept}, and nothing a strict reading of RFC 9112 would question (every line ended
 * by {@code CRLF}, no folded lines, no control or non-ASCII bytes, no space before a colon, a
 * target of RFC 3986's characters with every {@code %} followed by two hex digits). A WebSocket
 * handshake is the same but for asking to switch to WebSocket in the one form Netty's handshake and
 * Spring's read alike: one {@code Upgrade: websocket}, a {@code Connection} that lists {@code
 * Upgrade}, one {@code Sec-WebSocket-Key} of 16 bytes in base64 and one {@code
 * Sec-WebSocket-Version: 13}. Anything else is Tomcat's to read and answer, which keeps Tomcat's
 * parser the only judge of a doubtful request: whatever the front answers itself, Tomcat would have
 * answered alike.
 *
 * @param length the head's bytes, its blank line included
 * @param method the request method
 * @param path the request target's path, not decoded
 * @param query the raw query after {@code ?}, or null when there is none
 * @param authorization the {@code Authorization} field, or null
 * @param accept the {@code Accept} field, or null
 * @param usual whether the front may answer it; the other fields mean nothing when neither this nor
 *     {@code webSocket} is true
 * @param webSocket whether it is a WebSocket handshake the front may take
 */
record RequestHead(
    int length,
    String method,
    String path,
    String query,
    String authorization,
    String accept,
    boolean usual,
    boolean webSocket) {

  /** At most this many bytes of head, as Tomcat's default {@code max-http-request-header-size}. */
  static final int MAX_BYTES = 8_192;

  /** At most this many header fields, as Tomcat's default {@code maxHeaderCount}. */
  private static final int MAX_FIELDS = 100;

  private static final RequestHead UNUSUAL =
      new RequestHead(0, null, null, null, null, null, false, false);

  /** What {@link #endOfHead} finds at a CR or an LF that is not part of a CRLF. */
  private static final int LONE_LINE_END = -2;

  /**
   * The head that begins at {@code in}'s reader index, reading nothing; null while its blank line
   * has not arrived within {@link #MAX_BYTES} and no line that did arrive makes it unusual. A head
   * that does not end within {@link #MAX_BYTES} is unusual.
   */
  static RequestHead read(ByteBuf in) {
    int start = in.readerIndex();
    int readable = Math.min(in.readableBytes(), MAX_BYTES);
    int end = endOfHead(in, start, readable);
    if (end == LONE_LINE_END) {
      return UNUSUAL;
    }
    if (end >= 0) {
      return parse(in.toString(start, end - start, StandardCharsets.ISO_8859_1), end - start + 4);
    }
    if (in.readableBytes() >= MAX_BYTES) {
      return UNUSUAL;
    }
    // why: Tomcat refuses a bad line as soon as it has it, so the front judges the lines that came
    // too, and hands such a head over at once instead of waiting for an end that may never come
    int lastLineFeed = in.indexOf(start + readable, start, (byte) '\n');
    if (lastLineFeed < 0) {
      return null;
    }
    String lines = in.toString(start, lastLineFeed - 1 - start, StandardCharsets.ISO_8859_1);
    return parse(lines, -1) == UNUSUAL ? UNUSUAL : null;
  }

  /**
   * The index of the {@code CRLF CRLF} that ends the head; -1 while it has not come; {@link
   * #LONE_LINE_END} when a CR or an LF that is not part of a CRLF comes first.
   */
  private static int endOfHead(ByteBuf in, int start, int readable) {
    int end = start + readable;
    int i = in.forEachByte(start, readable, ByteProcessor.FIND_CRLF);
    while (i >= 0) {
      boolean lone =
          in.getByte(i) == '\r'
              ? i + 1 < end && in.getByte(i + 1) != '\n'
              : i == start || in.getByte(i - 1) != '\r';
      if (lone) {
        // why: Tomcat ends a line at a bare LF and refuses a bare CR at once, so the head may be
        // whole or refused for Tomcat while here it would wait for a CRLF CRLF that never comes
        return LONE_LINE_END;
      }
      // an LF two bytes back passed this same check, so it ends a CRLF as well
      if (in.getByte(i) == '\n' && i - 3 >= start && in.getByte(i - 2) == '\n') {
        return i - 3;
      }
      i = i + 1 < end ? in.forEachByte(i + 1, end - i - 1, ByteProcessor.FIND_CRLF) : -1;
    }
    return -1;
  }

  /**
   * The head {@code head} (its blank line left out) of {@code length} bytes, or, when {@code
   * length} is negative, the lines of a head that has not ended: then UNUSUAL or null.
   */
  // why: this runs for every request the front reads, so it walks the head by index instead of
  // splitting it with a regular expression and copying every line, name and value
  private static RequestHead parse(String head, int length) {
    int lineEnd = lineEnd(head, 0);
    int firstSpace = head.indexOf(' ');
    int secondSpace = firstSpace < 0 ? -1 : head.indexOf(' ', firstSpace + 1);
    if (secondSpace < 0
        || secondSpace >= lineEnd
        || !isToken(head, 0, firstSpace)
        || !head.startsWith("HTTP/1.1", secondSpace + 1)
        || secondSpace + 1 + "HTTP/1.1".length() != lineEnd) {
      return UNUSUAL;
    }
    String method = head.substring(0, firstSpace);
    String target = head.substring(firstSpace + 1, secondSpace);
    if (target.isEmpty() || target.charAt(0) != '/' || !isTarget(target)) {
      return UNUSUAL;
    }
    int question = target.indexOf('?');
    String path = question < 0 ? target : target.substring(0, question);
    String query = question < 0 ? null : target.substring(question + 1);
    if (query != null && query.isEmpty()) {
      return UNUSUAL;
    }
    String authorization = null;
    String accept = null;
    int fields = 0;
    int hosts = 0;
    int lengths = 0;
    int authorizations = 0;
    int accepts = 0;
    int upgrades = 0;
    int keys = 0;
    int versions = 0;
    boolean connectionOther = false;
    boolean connectionUpgrade = false;
    boolean toWebSocket = false;
    boolean validKey = false;
    boolean version13 = false;
    for (int start = lineEnd + 2; start <= head.length(); start = lineEnd + 2) {
      lineEnd = lineEnd(head, start);
      if (++fields > MAX_FIELDS) {
        return UNUSUAL;
      }
      int colon = head.indexOf(':', start);
      if (colon < 0 || colon >= lineEnd || !isToken(head, start, colon)) {
        return UNUSUAL;
      }
      int valueStart = colon + 1;
      int valueEnd = lineEnd;
      while (valueStart < valueEnd && isBlank(head.charAt(valueStart))) {
        valueStart++;
      }
      while (valueEnd > valueStart && isBlank(head.charAt(valueEnd - 1))) {
        valueEnd--;
      }
      if (!isFieldValue(head, valueStart, valueEnd)) {
        return UNUSUAL;
      }
      switch (Field.of(head, start, colon)) {
        case HOST -> {
          hosts++;
          if (!isHost(head, valueStart, valueEnd)) {
            return UNUSUAL;
          }
        }
        case AUTHORIZATION -> {
          authorizations++;
          authorization = head.substring(valueStart, valueEnd);
        }
        case ACCEPT -> {
          accepts++;
          accept = head.substring(valueStart, valueEnd);
        }
        case CONTENT_LENGTH -> {
          lengths++;
          if (valueEnd - valueStart != 1 || head.charAt(valueStart) != '0') {
            return UNUSUAL;
          }
        }
        case CONNECTION -> {
          connectionOther |= !isIgnoringCase(head, valueStart, valueEnd, "keep-alive");
          connectionUpgrade |= listsUpgrade(head, valueStart, valueEnd);
        }
        case UPGRADE -> {
          upgrades++;
          toWebSocket = isIgnoringCase(head, valueStart, valueEnd, "websocket");
        }
        case WEB_SOCKET_KEY -> {
          keys++;
          validKey = isKey(head, valueStart, valueEnd);
        }
        case WEB_SOCKET_VERSION -> {
          versions++;
          version13 = isIgnoringCase(head, valueStart, valueEnd, "13");
        }
        case REFUSED -> {
          return UNUSUAL;
        }
        case OTHER -> {
          // why: only the fields above change what the front answers
        }
      }
    }
    if (length < 0) {
      return null;
    }
    if (hosts != 1 || lengths > 1 || authorizations > 1 || accepts > 1) {
      return UNUSUAL;
    }
    boolean usual = upgrades == 0 && !connectionOther;
    boolean webSocket =
        upgrades == 1
            && toWebSocket
            && connectionUpgrade
            && keys == 1
            && validKey
            && versions == 1
            && version13;
    if (!usual && !webSocket) {
      return UNUSUAL;
    }
    return new RequestHead(length, method, path, query, authorization, accept, usual, webSocket);
  }

  /** Where the line that begins at {@code start} ends: at its {@code CRLF}, or the head's end. */
  private static int lineEnd(String head, int start) {
    int end = head.indexOf("\r\n", start);
    return end < 0 ? head.length() : end;
  }

  /** The header fields the front looks at; their names are matched without regard to case. */
  private enum Field {
    HOST("host"),
    AUTHORIZATION("authorization"),
    ACCEPT("accept"),
    CONTENT_LENGTH("content-length"),
    CONNECTION("connection"),
    UPGRADE("upgrade"),
    WEB_SOCKET_KEY("sec-websocket-key"),
    WEB_SOCKET_VERSION("sec-websocket-version"),
    REFUSED("transfer-encoding", "expect", "http2-settings"),
    OTHER;

    private static final Field[] NAMED = {
      HOST,
      AUTHORIZATION,
      ACCEPT,
      CONTENT_LENGTH,
      CONNECTION,
      UPGRADE,
      WEB_SOCKET_KEY,
      WEB_SOCKET_VERSION,
      REFUSED
    };

    private final String[] names;

    Field(String... names) {
      this.names = names;
    }

    static Field of(String head, int start, int end) {
      for (Field field : NAMED) {
        for (String name : field.names) {
          if (name.length() == end - start
              && head.regionMatches(true, start, name, 0, end - start)) {
            return field;
          }
        }
      }
      return OTHER;
    }
  }
}
