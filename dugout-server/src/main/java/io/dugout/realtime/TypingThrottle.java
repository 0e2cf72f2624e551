package io.dugout.realtime;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * At most one typing event per user and room per {@code dugout.realtime.typing-interval}: typing is
 * a hint, so the extra events are dropped, not reported.
 */
@Component
class TypingThrottle {

  private final long intervalMs;
  private final Map<String, Long> lastTyping = new ConcurrentHashMap<>();

  TypingThrottle(RealtimeProperties properties) {
    this.intervalMs = properties.typingInterval().toMillis();
  }

  /** Whether {@code userId} may show typing in {@code roomId} now; if so, counts it. */
  boolean allow(String userId, String roomId, long now) {
    String key = userId + '\u0000' + roomId;
    Long previous = lastTyping.get(key);
    if (previous != null && now - previous < intervalMs) {
      return false;
    }
    lastTyping.put(key, now);
    return true;
  }

  /** Forgets typing times older than the interval, so the map holds only recent typists. */
  void forgetOld(long now) {
    lastTyping.values().removeIf(at -> now - at >= intervalMs);
  }
}
