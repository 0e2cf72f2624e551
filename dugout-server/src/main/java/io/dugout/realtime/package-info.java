/**
 * Real time: STOMP 1.2 over a plain WebSocket at {@code /ws}. Client inbound frames of one session
 * are handled one at a time on the connection's own (virtual) thread, so a SUBSCRIBE takes effect
 * before the session's next frame; client outbound frames go through a bounded per-session queue
 * drained by one writer, so a slow client only ever fills its own queue.
 */
package io.dugout.realtime;
