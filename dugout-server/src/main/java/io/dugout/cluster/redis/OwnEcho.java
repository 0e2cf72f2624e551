package io.dugout.cluster.redis;

import io.dugout.system.RecordCreators;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Supplier;
import org.springframework.data.redis.connection.MessageListener;

/**
 * Tells what this node published on a channel from other nodes' publishes before reading it: this
 * node's JSON carries its id as its first field ({@code "node"} in a room's messages; {@code
 * "nodeId"}, their first component, in the notification fanout's records), and a message that
 * arrives starting with those bytes is its own echo, dropped unread.
 *
 * <p>why: Redis sends a publish to every subscriber of its channel, the publisher too. A room's
 * owner delivered its messages here before publishing them, and a node hands its notifications and
 * room counts to its own sessions itself; decoding each echo only to drop it cost a cluster node
 * CPU on every send, and for room counts on every send times its room's members. A node that does
 * not look for the field reads it as an unknown property and ignores it, so nodes with and without
 * this run side by side during a rolling upgrade. Thread-safe (immutable).
 */
final class OwnEcho {

  private final byte[] stamp;

  OwnEcho(String field, String nodeId) {
    var json = RecordCreators.lenientMapper();
    this.stamp =
        ("{" + json.writeValueAsString(field) + ":" + json.writeValueAsString(nodeId))
            .getBytes(StandardCharsets.UTF_8);
  }

  /**
   * The listener, which never hears this node's own messages once {@code own} gives an echo (null
   * until the node knows its id: everything is heard).
   */
  static MessageListener othersOnly(Supplier<OwnEcho> own, MessageListener listener) {
    return (message, pattern) -> {
      var echo = own.get();
      if (echo == null || !echo.isOwn(message.getBody())) {
        listener.onMessage(message, pattern);
      }
    };
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
