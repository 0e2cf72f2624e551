package io.dugout.auth;

import io.dugout.system.ConnectionPeer;
import io.dugout.system.DugoutException;
import io.dugout.system.Ids;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Clock;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/v1/dev/token}: a token for any user name, so Dugout can be tried without an
 * identity provider. Answers only callers on this machine, and only while no real key is
 * configured; otherwise it is indistinguishable from a path that does not exist.
 *
 * <p>"On this machine" is decided by the TCP connection's own peer address, never by the remote
 * address the container reports: with forwarded-header handling on, an {@code X-Forwarded-For:
 * 127.0.0.1} header from a trusted network would otherwise make any peer look local.
 */
@RestController
class DevTokenController {

  private final TokenVerifier verifier;
  private final Clock clock;

  DevTokenController(TokenVerifier verifier, Clock clock) {
    this.verifier = verifier;
    this.clock = clock;
  }

  @PostMapping("/api/v1/dev/token")
  DevTokens.Issued token(@RequestBody TokenRequest request, HttpServletRequest http) {
    var devTokens =
        verifier.devTokens().filter(t -> ConnectionPeer.isLoopback(ConnectionPeer.addressOf(http)));
    if (devTokens.isEmpty()) {
      throw DugoutException.notFound("no such endpoint");
    }
    String userId = Ids.requireUserId("userId", request.userId());
    String scope = request.scope();
    if (scope != null && !scope.equals(Caller.SERVICE_SCOPE)) {
      throw DugoutException.invalid("scope", "must be absent or " + Caller.SERVICE_SCOPE);
    }
    return devTokens.get().issue(userId, scope, clock.instant());
  }

  record TokenRequest(String userId, String scope) {}
}
