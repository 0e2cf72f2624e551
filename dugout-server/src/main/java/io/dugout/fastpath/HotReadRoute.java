package io.dugout.fastpath;

import io.dugout.auth.Caller;

/**
 * A hot read that {@link HotReadFilter} may answer without Spring Security's filter chain and MVC
 * dispatch: a route of the form {@code prefix{variable}suffix}, one path variable, no request body.
 *
 * <p>What an implementation guarantees:
 *
 * <ul>
 *   <li><b>The same checks.</b> {@link #answer} goes through the same service method as the route's
 *       controller, so membership and every validation are checked exactly as there; the caller's
 *       token was verified by the same {@link TokenVerifier} as every other request.
 *   <li><b>Success only.</b> {@link #answer} returns the body of a 200 response, or throws. On a
 *       throw, the request goes on through the full chain, which answers it, so an error looks the
 *       same whichever way the request came in. An answer must therefore have no side effect before
 *       it throws.
 * </ul>
 */
public interface HotReadRoute {

  /** The HTTP method, such as {@code GET}. */
  String method();

  /** The route template, as the controller maps it and the access log and metrics name it. */
  String template();

  /**
   * The JSON response body for the caller: the same bytes the route's controller would answer with.
   *
   * @param variable the value of the template's one path variable, plain ASCII letters, digits,
   *     {@code -} and {@code _}
   * @param query the request's query parameters
   * @throws RuntimeException whenever the answer would not be a 200
   */
  byte[] answer(Caller caller, String variable, PlainQuery query);
}
