package io.dugout.realtime.stomp;

import java.util.Map;
import org.springframework.messaging.simp.stomp.StompCommand;

/**
 * One client frame as {@link StompFrameDecoder} read it: its command, the value of each header (the
 * first of repeated headers, as STOMP 1.2 says), and its body.
 */
public record StompFrame(StompCommand command, Map<String, String> headers, byte[] body) {

  /** The header's value, or null when the frame has none of that name. */
  public String header(String name) {
    return headers.get(name);
  }

  public String destination() {
    return headers.get("destination");
  }

  public String receipt() {
    return headers.get("receipt");
  }

  /** The {@code id} header of SUBSCRIBE and UNSUBSCRIBE. */
  public String subscriptionId() {
    return headers.get("id");
  }
}
