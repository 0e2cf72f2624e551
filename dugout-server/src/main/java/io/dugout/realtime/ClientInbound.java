package io.dugout.realtime;

import io.dugout.message.NoWait;
import io.dugout.realtime.stomp.StompFrame;
import io.dugout.realtime.stomp.StompFrames;
import org.springframework.messaging.simp.stomp.StompCommand;
import org.springframework.stereotype.Component;
import org.springframework.web.socket.CloseStatus;

/**
 * Client inbound: hands one decoded frame of one session to the handler of its kind. Called for a
 * session's frames one at a time, in arrival order, so a SUBSCRIBE is in effect before the next
 * frame is looked at. Only CONNECT is taken before the session is connected, and nothing once its
 * token has expired or its user was banned.
 */
@Component
class ClientInbound {

  private final ConnectHandler connect;
  private final SubscribeHandler subscribe;
  private final SendHandler send;
  private final TypingThrottle typing;
  private final ClientReplies replies;

  ClientInbound(
      ConnectHandler connect,
      SubscribeHandler subscribe,
      SendHandler send,
      TypingThrottle typing,
      ClientReplies replies) {
    this.connect = connect;
    this.subscribe = subscribe;
    this.send = send;
    this.typing = typing;
    this.replies = replies;
  }

  void handle(ClientSession session, StompFrame frame) {
    handle(session, frame, false);
  }

  /**
   * Handles a message SEND whose {@link NoWait#attempt} was refused: the attempt already took it
   * from the sender's rate allowance (which is the first thing a message SEND does, and cannot
   * wait), so this does not again.
   */
  void handleRefused(ClientSession session, StompFrame frame) {
    handle(session, frame, true);
  }

  /**
   * Whether the frame may be handled in a {@link NoWait#attempt}: a SEND of a message to a room, of
   * a session that is connected and whose token is valid. Everything it does then refuses before it
   * would wait, or cannot wait: the checks, the rate allowance, the membership read, the append,
   * the receipt and the deliveries (queued, never written by the sender). Errors it reports go to
   * the sender's error queue, without closing.
   */
  static boolean mayAttempt(ClientSession session, StompFrame frame, long now) {
    if (frame.command() != StompCommand.SEND
        || !session.connected()
        || session.tokenExpired(now)
        || session.revoked()) {
      return false;
    }
    var app = Destinations.app(frame.destination());
    return app != null && app.action() == Destinations.Action.MESSAGES;
  }

  /**
   * Whether message SENDs may be attempted at all: see {@link StompEndpoint#triesWithoutWaiting}.
   */
  boolean triesWithoutWaiting() {
    return send.triesWithoutWaiting();
  }

  /** Forgets typing times older than the typing interval. */
  void forgetOldTyping(long now) {
    typing.forgetOld(now);
  }

  private void handle(ClientSession session, StompFrame frame, boolean charged) {
    StompCommand command = frame.command();
    if (command != StompCommand.CONNECT && command != StompCommand.STOMP && !session.connected()) {
      replies.fail(session, command + " before CONNECT", frame);
      return;
    }
    if (session.tokenExpired(System.currentTimeMillis())) {
      ClientReplies.endExpired(session);
      return;
    }
    if (session.revoked()) {
      ClientReplies.endBanned(session);
      return;
    }
    switch (command) {
      case CONNECT, STOMP -> connect.connect(session, frame);
      case SUBSCRIBE -> subscribe.subscribe(session, frame);
      case UNSUBSCRIBE -> subscribe.unsubscribe(session, frame);
      case SEND -> send.send(session, frame, charged);
      case DISCONNECT -> disconnect(session, frame);
      case ACK, NACK -> replies.receipt(session, frame);
      default -> replies.fail(session, command + " is not supported (no transactions)", frame);
    }
  }

  private static void disconnect(ClientSession session, StompFrame frame) {
    String receipt = frame.receipt();
    if (receipt != null) {
      session.sendAndClose(StompFrames.receipt(receipt), CloseStatus.NORMAL);
    } else {
      session.flushAndClose(CloseStatus.NORMAL);
    }
  }
}
