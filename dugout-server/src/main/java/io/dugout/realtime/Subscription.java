package io.dugout.realtime;

import io.dugout.realtime.stomp.StompFrames;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One SUBSCRIBE of one session. While its {@code since-seq} replay runs, live frames wait in {@code
 * pending} and follow the replay in order; after that they go straight to the session.
 */
final class Subscription {

  /** How many live frames may wait behind a replay before the client is closed as slow. */
  static final int MAX_PENDING = 100_000;

  private final ClientSession session;
  private final String id;
  private final byte[] idUtf8;
  private final String destination;
  private final String roomId;
  private List<Outgoing> pending;

  private Subscription(
      ClientSession session, String id, String destination, String roomId, boolean replaying) {
    this.session = session;
    this.id = id;
    this.idUtf8 = id.getBytes(StandardCharsets.UTF_8);
    this.destination = destination;
    this.roomId = roomId;
    this.pending = replaying ? new ArrayList<>() : null;
  }

  static Subscription live(ClientSession session, String id, String destination, String roomId) {
    return new Subscription(session, id, destination, roomId, false);
  }

  static Subscription replaying(
      ClientSession session, String id, String destination, String roomId) {
    return new Subscription(session, id, destination, roomId, true);
  }

  ClientSession session() {
    return session;
  }

  String id() {
    return id;
  }

  String destination() {
    return destination;
  }

  /** The room of a room topic subscription, null for user queues. */
  String roomId() {
    return roomId;
  }

  /** This subscription's copy of a frame shared by every subscriber of the destination. */
  Outgoing.Shared frameOf(StompFrames.MessageParts parts) {
    return new Outgoing.Shared(parts, id, idUtf8);
  }

  /** Delivers a frame shared by every subscriber of the destination. */
  void deliver(StompFrames.MessageParts parts) {
    var frame = frameOf(parts);
    synchronized (this) {
      if (pending != null) {
        if (pending.size() >= MAX_PENDING) {
          session.closeSlow(MAX_PENDING + " live frames held back behind its replay");
          return;
        }
        pending.add(frame);
        return;
      }
    }
    session.send(frame);
  }

  /** Ends the replay: what arrived meanwhile is queued after it, then delivery goes live. */
  synchronized void goLive() {
    if (pending != null) {
      pending.forEach(session::send);
      pending = null;
    }
  }
}
