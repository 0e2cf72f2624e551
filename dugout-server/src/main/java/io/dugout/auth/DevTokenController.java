package io.dugout.auth;

import io.dugout.system.DugoutException;
import io.dugout.system.Ids;
import jakarta.servlet.http.HttpServletRequest;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/v1/dev/token}: a token for any user name, so Dugout can be tried without an
 * identity provider. Answers only on loopback, and only while no real key is configured; otherwise
 * it is indistinguishable from a path that does not exist.
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
    var devTokens = verifier.devTokens().filter(t -> isLoopback(http.getRemoteAddr()));
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

  private static boolean isLoopback(String address) {
    try {
      return InetAddress.getByName(address).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }

  record TokenRequest(String userId, String scope) {}
}
