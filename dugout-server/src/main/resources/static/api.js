// REST (/api/v1, docs/protocol.md) through the client library's Rest: its
// answers, its DugoutError with the server's code, status and detail, its
// retries of calls that are safe to repeat, and a fresh token when the server
// refuses the one in use.
import { DugoutError, Rest } from '/lib/dugout-client.js';

/**
 * REST as the signed-in user.
 *
 * @param {import('/lib/dugout-client.js').TokenSource} token  the one the STOMP connection uses
 * @param {(e: DugoutError) => void} onUnauthorized  a 401 that a fresh token did not cure
 */
export function restAs(token, onUnauthorized) {
  return new Rest(location.origin, () => token.get(), {
    freshToken: token.renewable ? () => token.fresh() : undefined,
    onUnauthorized,
  });
}

/** REST before sign-in: the try-it-out token, or proving a pasted one. */
export function restWith(token) {
  return new Rest(location.origin, token == null ? null : async () => token);
}

/**
 * For catch blocks that handle failed requests: anything else is a bug and is
 * thrown on, so it surfaces as an error instead of hiding in a warning.
 */
export function onlyApiErrors(e) {
  if (!(e instanceof DugoutError)) throw e;
  return e;
}
