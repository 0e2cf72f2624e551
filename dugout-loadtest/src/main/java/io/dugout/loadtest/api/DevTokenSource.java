package io.dugout.loadtest.api;

/**
 * Asks the server's try-it-out endpoint ({@code POST /api/v1/dev/token}) for tokens. It only exists
 * on servers without a configured secret and only answers loopback callers.
 */
public final class DevTokenSource implements TokenSource {

  private final DugoutApi api;

  public DevTokenSource(DugoutApi api) {
    this.api = api;
  }

  @Override
  public String userToken(String userId) {
    return api.devToken(userId, null);
  }

  @Override
  public String serviceToken() {
    return api.devToken("loadtest-admin", SERVICE_SCOPE);
  }
}
