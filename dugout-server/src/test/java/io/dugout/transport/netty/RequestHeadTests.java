package io.dugout.transport.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The front reads a request's head only as far as a hot read or a WebSocket handshake needs, calls
 * the rest unusual, and does so as soon as a line that came shows it.
 */
class RequestHeadTests {

  private static final String HANDSHAKE =
      "GET /ws?x=1 HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
          + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";

  private static final String USUAL =
      "GET /api/v1/rooms/r-1/messages?before=10&limit=5 HTTP/1.1\r\n"
          + "Host: localhost:8080\r\n"
          + "authorization: Bearer a.b.c\r\n"
          + "Accept:  application/json \r\n"
          + "Connection: Keep-Alive\r\n"
          + "Content-Length: 0\r\n"
          + "User-Agent: test\r\n\r\n";

  @Test
  void readsTheFieldsOfAUsualHeadWithoutConsumingIt() {
    var in = Unpooled.copiedBuffer(USUAL + "GET /next", StandardCharsets.US_ASCII);

    RequestHead head = RequestHead.read(in);

    assertThat(head.usual()).isTrue();
    assertThat(head.length()).isEqualTo(USUAL.length());
    assertThat(head.method()).isEqualTo("GET");
    assertThat(head.path()).isEqualTo("/api/v1/rooms/r-1/messages");
    assertThat(head.query()).isEqualTo("before=10&limit=5");
    assertThat(head.authorization()).isEqualTo("Bearer a.b.c");
    assertThat(head.accept()).isEqualTo("application/json");
    assertThat(in.readerIndex()).isZero();
  }

  @Test
  void waitsForTheBlankLineThatEndsTheHead() {
    for (int cut = 0; cut < USUAL.length(); cut++) {
      var in = Unpooled.copiedBuffer(USUAL.substring(0, cut), StandardCharsets.US_ASCII);
      assertThat(RequestHead.read(in)).as("cut at %d", cut).isNull();
    }
  }

  @Test
  void aHeadWithoutQueryOrOptionalFieldsIsUsual() {
    RequestHead head = read("GET /api/v1/rooms/r/enter HTTP/1.1\r\nHost: x\r\n\r\n");

    assertThat(head.usual()).isTrue();
    assertThat(head.query()).isNull();
    assertThat(head.authorization()).isNull();
    assertThat(head.accept()).isNull();
  }

  @Test
  void fieldNamesMatchInAnyCaseAndValuesLoseTheirBlanks() {
    RequestHead head =
        read(
            "GET /x HTTP/1.1\r\nhOsT:\tx:80 \r\nAUTHORIZATION:  Bearer t \t\r\n"
                + "accept:\t*/*\r\nCONNECTION: KEEP-ALIVE\r\nx-empty:\r\n\r\n");

    assertThat(head.usual()).isTrue();
    assertThat(head.authorization()).isEqualTo("Bearer t");
    assertThat(head.accept()).isEqualTo("*/*");
  }

  @Test
  void aHeadThatDoesNotEndWithinTheLimitIsUnusual() {
    String longField = "X-Long: " + "a".repeat(RequestHead.MAX_BYTES) + "\r\n";
    var in =
        Unpooled.copiedBuffer(
            "GET /x HTTP/1.1\r\nHost: x\r\n" + longField, StandardCharsets.US_ASCII);

    assertThat(RequestHead.read(in).usual()).isFalse();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "GET /x HTTP/1.0\r\nHost: x\r\n\r\n",
        "GET /x HTTP/1.1\r\n\r\n",
        "GET /x HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n",
        "GET /x HTTP/1.1\r\nHost: x/y\r\n\r\n",
        "GET http://x/x HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET * HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /x? HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /x#f HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET  /x HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /x HTTP/1.1 \r\nHost: x\r\n\r\n",
        "G(T /x HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /x HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc",
        "GET /x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n",
        "GET /x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        "GET /x HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n",
        "GET /x HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n\r\n",
        "GET /x HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer a\r\nAuthorization: Bearer b\r\n\r\n",
        "GET /x HTTP/1.1\r\nHost: x\r\nAccept: a/b\r\nAccept: */*\r\n\r\n",
        "GET /x HTTP/1.1\r\nHost: x\r\nX-Folded: a\r\n b\r\n\r\n",
        "GET /x HTTP/1.1\r\nHost: x\r\nX-Space : a\r\n\r\n",
        "GET /x HTTP/1.1\r\nHost: x\r\nX-Control: a\u0001b\r\n\r\n",
        "GET /x HTTP/1.1\r\nHost: x\r\nX-Bare: a\nb\r\n\r\n",
        "GET /x HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n",
        "GET /\u00e9 HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /x HTTP/1.1\r\nHost: x\r\nX-Latin: caf\u00e9\r\n\r\n",
        "GET /x HTTP/1.11\r\nHost: x\r\n\r\n",
        "GET\r\nHost: x\r\n\r\n",
        "GET /x HTTP/1.1\r\nHost:\r\n\r\n",
        "GET /x HTTP/1.1\r\nHost: x\r\nConnection: keep-alives\r\n\r\n",
        "GET /x HTTP/1.1\r\nHost: x\r\nContent-Length: 00\r\n\r\n",
        "GET /x HTTP/1.1\r\nHost: x\r\n: empty name\r\n\r\n",
        "GET /x HTTP/1.1\r\nHost: x\r\nUPGRADE: h2c\r\n\r\n",
        "GET /x HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nContent-Length: 0\r\n\r\n",
        "GET /x HTTP/1.1\nHost: x\n\n",
        "GET /x HTTP/1.1\r\nHost: x\n\r\n",
        "GET /x?a=| HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /{x} HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /x?a=[ HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /x?a=1% HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /x%zz HTTP/1.1\r\nHost: x\r\n\r\n"
      })
  void anythingElseIsUnusual(String request) {
    assertThat(read(request).usual()).as(request).isFalse();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "a:b:c",
        "-a",
        "a-",
        "a..b",
        ".a",
        "a.-b",
        "a-.b",
        "a:",
        ":80",
        "a:123456",
        "a:8o",
        "[::1]",
        "[x]",
        "a]",
        "a_b",
        "a b",
        "a@b",
        "caf\u00e9"
      })
  void aHostTomcatMightRefuseIsUnusual(String host) {
    RequestHead head = read("GET /x HTTP/1.1\r\nHost: " + host + "\r\n\r\n");

    assertThat(head.usual()).as(host).isFalse();
    assertThat(head.webSocket()).as(host).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"/x", "/a-b/c.d_e~f/%7E/!$&'()*+,;=:@", "/x?a=b&c=%2F?d/e"})
  void targetsOfRfc3986sCharactersAreUsual(String target) {
    assertThat(read("GET " + target + " HTTP/1.1\r\nHost: x\r\n\r\n").usual()).as(target).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"x", "localhost:8080", "a.b-c.d", "a.", "a.:80", "1.2.3.4:65535", "A9-z"})
  void hostNamesAndAddressesWithAPortAreUsual(String host) {
    assertThat(read("GET /x HTTP/1.1\r\nHost: " + host + "\r\n\r\n").usual()).as(host).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "GET /x HTTP/1.1\nHost: x\n",
        "GET /x HTTP/1.1\r\nHost: x\rX-A: b",
        "GET /x HTTP/1.1\r\nHost: x\r\r\n",
        "\nGET /x HTTP/1.1\r\n"
      })
  void aLoneCarriageReturnOrLineFeedMakesAHeadUnusualBeforeItEnds(String start) {
    var in = Unpooled.copiedBuffer(start, StandardCharsets.US_ASCII);

    assertThat(RequestHead.read(in)).as(start).isNotNull();
    assertThat(RequestHead.read(in).usual()).as(start).isFalse();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "GET /x HTTP/1.1 \r\n",
        "GET /x HTTP/1.0\r\nHost: x\r\n",
        "GET /x HTTP/1.1\r\nHost : x\r\nX-",
        "GET /x HTTP/1.1\r\nHost: a:b:c\r\n",
        "GET /x HTTP/1.1\r\nX-Folded: a\r\n b\r\n"
      })
  void aLineThatCameMakesAHeadUnusualBeforeItEnds(String start) {
    var in = Unpooled.copiedBuffer(start, StandardCharsets.US_ASCII);

    assertThat(RequestHead.read(in)).as(start).isNotNull();
    assertThat(RequestHead.read(in).usual()).as(start).isFalse();
  }

  @Test
  void aCarriageReturnAtTheEndOfWhatCameMayStillBeginACrlf() {
    var in = Unpooled.copiedBuffer("GET /x HTTP/1.1\r\nHost: x\r", StandardCharsets.US_ASCII);

    assertThat(RequestHead.read(in)).isNull();
  }

  @Test
  void aWebSocketHandshakeIsNotAUsualHead() {
    RequestHead head =
        read(
            HANDSHAKE
                .replace("Upgrade: websocket", "Upgrade: WebSocket")
                .replace("Connection: Upgrade", "Connection: keep-alive, Upgrade"));

    assertThat(head.webSocket()).isTrue();
    assertThat(head.usual()).isFalse();
    assertThat(head.path()).isEqualTo("/ws");
    assertThat(head.query()).isEqualTo("x=1");
  }

  static Stream<String> handshakesInAnotherForm() {
    String key = "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n";
    return Stream.of(
        HANDSHAKE.replace("Upgrade: websocket", "Upgrade: websocket\r\nUpgrade: websocket"),
        HANDSHAKE.replace("Upgrade: websocket", "Upgrade: websocket, h2c"),
        HANDSHAKE.replace("Connection: Upgrade", "Connection: UPGRADE"),
        HANDSHAKE.replace("Connection: Upgrade", "Connection: keep-alive"),
        HANDSHAKE.replace("Version: 13", "Version: 8"),
        HANDSHAKE.replace("Version: 13", "Version: 13\r\nSec-WebSocket-Version: 8"),
        HANDSHAKE.replace(key, key.replace("==", "")),
        HANDSHAKE.replace(key, key + key),
        HANDSHAKE.replace("Host: x", "Host: a:b:c"),
        HANDSHAKE.replace("\r\n\r\n", "\r\nExpect: 100-continue\r\n\r\n"),
        HANDSHAKE.replace("\r\n\r\n", "\r\nContent-Length: 0\r\nContent-Length: 0\r\n\r\n"),
        HANDSHAKE.replace("HTTP/1.1", "HTTP/1.0"));
  }

  @ParameterizedTest
  @MethodSource("handshakesInAnotherForm")
  void aHandshakeInAnyOtherFormIsUnusual(String request) {
    RequestHead head = read(request);

    assertThat(head.webSocket()).as(request).isFalse();
    assertThat(head.usual()).as(request).isFalse();
  }

  @Test
  void moreFieldsThanTomcatTakesIsUnusual() {
    var head = new StringBuilder("GET /x HTTP/1.1\r\nHost: x\r\n");
    for (int i = 0; i < 100; i++) {
      head.append("X-").append(i).append(": v\r\n");
    }

    assertThat(read(head + "\r\n").usual()).isFalse();
  }

  private static RequestHead read(String request) {
    return RequestHead.read(Unpooled.copiedBuffer(request, StandardCharsets.ISO_8859_1));
  }
}
