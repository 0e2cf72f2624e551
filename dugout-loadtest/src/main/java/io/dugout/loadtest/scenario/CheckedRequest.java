package io.dugout.loadtest.scenario;

import io.dugout.loadtest.api.DugoutApi;
import io.dugout.loadtest.api.HttpConnection;
import io.dugout.loadtest.report.Metrics;
import java.nio.charset.StandardCharsets;

/**
 * One measured request of {@code history} and its check: an answer counts as received only when it
 * is {@code 200} and its first seq is the one asked for (the newest entry of a page, or the room's
 * newest message for {@code enter}); anything else is an error.
 */
final class CheckedRequest {

  private static final byte[] SEQ = "\"seq\":".getBytes(StandardCharsets.US_ASCII);

  private CheckedRequest() {}

  /** A valid answer: its latency and its size. */
  record Answered(long micros, int bytes) {}

  /**
   * Sends one request and returns its latency and size when the answer is valid, else null (counted
   * as an error).
   */
  static Answered timed(
      Metrics metrics,
      HttpConnection connection,
      String token,
      String method,
      String path,
      long newestSeq) {
    long started = System.nanoTime();
    DugoutApi.Response response;
    try {
      // why: neither history nor enter takes a body; the API documents none
      response = connection.request(method, path, token, null);
    } catch (RuntimeException ex) {
      metrics.error(ex.getMessage());
      return null;
    }
    long micros = (System.nanoTime() - started) / 1000;
    return check(metrics, response, newestSeq)
        ? new Answered(micros, response.body().length)
        : null;
  }

  /** A valid answer is 200 and its first seq is the one we asked for. */
  private static boolean check(Metrics metrics, DugoutApi.Response response, long newestSeq) {
    if (response.status() != 200) {
      metrics.error("HTTP " + response.status());
      return false;
    }
    long seq = firstSeq(response.body());
    if (seq != newestSeq) {
      metrics.error("wrong page: newest seq " + seq + ", expected " + newestSeq);
      return false;
    }
    metrics.received.increment();
    return true;
  }

  /** The first {@code "seq":} value of a JSON body: the newest message of a page, or -1. */
  static long firstSeq(byte[] body) {
    outer:
    for (int i = 0; i + SEQ.length < body.length; i++) {
      for (int j = 0; j < SEQ.length; j++) {
        if (body[i + j] != SEQ[j]) {
          continue outer;
        }
      }
      long value = 0;
      int k = i + SEQ.length;
      while (k < body.length && body[k] >= '0' && body[k] <= '9') {
        value = value * 10 + (body[k++] - '0');
      }
      return value;
    }
    return -1;
  }
}
