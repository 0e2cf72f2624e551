package io.dugout.auth;

import io.dugout.system.DugoutException;
import io.dugout.system.Ids;

/**
 * Who is calling: a user, or the product's backend with a service token ({@code service = true}),
 * which may act for any user in any room.
 */
public record Caller(String userId, boolean service) {

  public static final String SERVICE_SCOPE = "dugout:service";

  public static Caller user(String userId) {
    return new Caller(userId, false);
  }

  /**
   * The user this caller acts for when a request names {@code requested} in {@code field}: the
   * caller itself when the name is absent or its own, anyone else only for a service caller. The
   * one place that decides "act as another user".
   *
   * @param action what acting for someone else would do, for the error ("post", "list the rooms")
   * @throws DugoutException.Forbidden when a user names someone else
   * @throws DugoutException.Invalid when a service caller names an invalid user id
   */
  public String actingFor(String requested, String field, String action) {
    if (requested == null || requested.equals(userId)) {
      return userId;
    }
    if (!service) {
      throw DugoutException.forbidden("only a service token may " + action + " for another user");
    }
    return Ids.requireUserId(field, requested);
  }
}
