package io.dugout.auth;

/**
 * Who is calling: a user, or the product's backend with a service token ({@code service = true}),
 * which may act for any user in any room.
 */
public record Caller(String userId, boolean service) {

  public static final String SERVICE_SCOPE = "dugout:service";

  public static Caller user(String userId) {
    return new Caller(userId, false);
  }
}
