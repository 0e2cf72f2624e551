package io.dugout.cluster.redis;

import io.dugout.system.RecordCreators;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Tells what this node published on a channel from other nodes' publishes before reading it: this
 * node's JSON carries {@code "node": nodeId} as its first field, and a message that arrives
 * starting with those bytes is its own echo, dropped unread.
 *
 * <p>why: Redis sends a publish to every subscriber of its channel, the publisher too, and the
 * owner of a room has delivered its messages here before publishing them; reading each one back was
 * about 3 % of a cluster node's CPU at 200 sends/s. A node that does not look for the field reads
 * it as an unknown property and ignores it, so nodes with and without this run side by side during
 * a rolling upgrade. Thread-safe (immutable).
 */
final class OwnEcho {

  private final byte[] stamp;

  OwnEcho(String nodeId) {
    this.stamp =
        ("{\"node\":" + RecordCreators.lenientMapper().writeValueAsString(nodeId))
            .getBytes(StandardCharsets.UTF_8);
  }

  /** The JSON object {@code json} with this node's id as its first field. */
  byte[] stamped(byte[] json) {
    if (json.length < 2 || json[0] != '{') {
      throw new IllegalArgumentException("only a JSON object can carry the node's id");
    }
    var out = Arrays.copyOf(stamp, stamp.length + json.length - (json.length == 2 ? 1 : 0));
    if (json.length == 2) {
      out[stamp.length] = '}';
    } else {
      out[stamp.length] = ',';
      System.arraycopy(json, 1, out, stamp.length + 1, json.length - 1);
    }
    return out;
  }

  /** Whether {@code body} is a message this node stamped. */
  boolean isOwn(byte[] body) {
    return body.length > stamp.length
        && Arrays.equals(body, 0, stamp.length, stamp, 0, stamp.length)
        && (body[stamp.length] == ',' || body[stamp.length] == '}');
  }
}
