package io.dugout.realtime;

import io.dugout.auth.TokenVerifier;
import io.dugout.realtime.stomp.StompFrame;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * A SEND to {@code /app/token}: moves the session onto a fresh token for the same caller, so it
 * outlives the token it connected with. A token that does not verify is reported on the error queue
 * and changes nothing; a token for someone else ends the session.
 */
@Component
class TokenRefresh {

  private final TokenVerifier tokens;
  private final JsonMapper json;
  private final ClientReplies replies;

  TokenRefresh(TokenVerifier tokens, JsonMapper json, ClientReplies replies) {
    this.tokens = tokens;
    this.json = json;
    this.replies = replies;
  }

  void refresh(ClientSession session, StompFrame frame) {
    TokenVerifier.Verified verified;
    try {
      verified = tokens.verify(json.readValue(frame.body(), TokenBody.class).token());
    } catch (TokenVerifier.InvalidTokenException e) {
      replies.userError(
          session, frame, "unauthenticated", "invalid token: " + e.getMessage(), "token");
      return;
    } catch (JacksonException e) {
      replies.userError(
          session, frame, "validation", "the body must be {\"token\": \"…\"}", "token");
      return;
    }
    if (!verified.caller().equals(session.caller())) {
      replies.fail(session, "a refreshed token must be for the same user and scope", frame);
      return;
    }
    session.tokenRefreshed(verified.expiresAt());
    replies.receipt(session, frame);
  }

  record TokenBody(String token) {}
}
