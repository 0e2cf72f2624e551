package io.dugout.api;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Sends HTTP/1.1 requests byte for byte over a plain socket: request targets with broken
 * percent-encoding, header values and bodies that no HTTP client library would send. One connection
 * per request ({@code Connection: close}), so the whole answer is what the server wrote before it
 * closed. Answers are {@link ApiResponse}s, so {@link ApiAssertions} apply to them.
 */
public final class RawHttp {

  private final int port;

  public RawHttp(int port) {
    this.port = port;
  }

  /**
   * Sends {@code method target}; {@code headers} are written as given (no validation) and {@code
   * body}, when not null, with its Content-Length.
   */
  public ApiResponse send(String method, String target, Map<String, String> headers, byte[] body) {
    var request = new ByteArrayOutputStream();
    request.writeBytes(latin1(method + " " + target + " HTTP/1.1\r\n"));
    request.writeBytes(latin1("Host: localhost\r\nConnection: close\r\n"));
    headers.forEach((name, value) -> request.writeBytes(latin1(name + ": " + value + "\r\n")));
    if (body != null) {
      request.writeBytes(latin1("Content-Length: " + body.length + "\r\n"));
    }
    request.writeBytes(latin1("\r\n"));
    if (body != null) {
      request.writeBytes(body);
    }
    try (var socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(10_000);
      socket.getOutputStream().write(request.toByteArray());
      byte[] answer = socket.getInputStream().readAllBytes();
      String shownBody = body == null ? null : new String(body, StandardCharsets.UTF_8);
      return parse(method, target, shownBody, answer);
    } catch (IOException e) {
      throw new UncheckedIOException(method + " " + target + " failed: " + e.getMessage(), e);
    }
  }

  /** Header values and request targets are bytes; Latin-1 maps each char below 256 to one. */
  private static byte[] latin1(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  private static ApiResponse parse(String method, String target, String requestBody, byte[] raw) {
    String text = new String(raw, StandardCharsets.ISO_8859_1);
    int end = text.indexOf("\r\n\r\n");
    if (!text.startsWith("HTTP/1.1 ") || end < 0) {
      throw new IllegalStateException("not an HTTP response: " + text);
    }
    String[] lines = text.substring(0, end).split("\r\n");
    int status = Integer.parseInt(lines[0].substring(9, 12));
    var headers = new LinkedHashMap<String, List<String>>();
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      headers
          .computeIfAbsent(lines[i].substring(0, colon).strip(), name -> new ArrayList<>())
          .add(lines[i].substring(colon + 1).strip());
    }
    var httpHeaders = HttpHeaders.of(headers, (name, value) -> true);
    byte[] body = Arrays.copyOfRange(raw, end + 4, raw.length);
    if (httpHeaders.firstValue("Transfer-Encoding").orElse("").equalsIgnoreCase("chunked")) {
      body = dechunk(body);
    }
    return new ApiResponse(
        method, target, requestBody, status, httpHeaders, new String(body, StandardCharsets.UTF_8));
  }

  private static byte[] dechunk(byte[] chunked) {
    var out = new ByteArrayOutputStream();
    int at = 0;
    while (at < chunked.length) {
      int lineEnd = indexOfCrLf(chunked, at);
      String sizeLine = new String(chunked, at, lineEnd - at, StandardCharsets.ISO_8859_1);
      int size = Integer.parseInt(sizeLine.split(";")[0].strip(), 16);
      if (size == 0) {
        break;
      }
      out.write(chunked, lineEnd + 2, size);
      at = lineEnd + 2 + size + 2;
    }
    return out.toByteArray();
  }

  private static int indexOfCrLf(byte[] bytes, int from) {
    for (int i = from; i < bytes.length - 1; i++) {
      if (bytes[i] == '\r' && bytes[i + 1] == '\n') {
        return i;
      }
    }
    throw new IllegalStateException("truncated chunked body");
  }
}
