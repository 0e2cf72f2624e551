// Who is signed in: a token and its user id, kept in sessionStorage so a reload
// stays signed in while two tabs of one browser can be two different users.

const KEY = 'dugout.session';

export function loadSession() {
  try {
    const session = JSON.parse(sessionStorage.getItem(KEY));
    if (!session?.token || !session?.userId) return null;
    if (session.expiresAt && Date.parse(session.expiresAt) <= Date.now()) return null;
    return session;
  } catch {
    return null;
  }
}

export function saveSession(session) {
  sessionStorage.setItem(KEY, JSON.stringify(session));
}

export function clearSession() {
  sessionStorage.removeItem(KEY);
}

/**
 * Reads `sub` and `exp` from a pasted JWT (without verifying it: the server
 * does that on the first call). Throws on anything that is not a JWT.
 */
export function readJwt(token) {
  const parts = token.trim().split('.');
  if (parts.length !== 3) throw new Error('A JWT has three dot-separated parts');
  const json = atob(parts[1].replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(parts[1].length / 4) * 4, '='));
  const claims = JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0))));
  if (typeof claims.sub !== 'string' || !claims.sub) throw new Error('The token has no subject (sub)');
  return {
    token: token.trim(),
    userId: claims.sub,
    expiresAt: Number.isFinite(claims.exp) ? new Date(claims.exp * 1000).toISOString() : null,
  };
}
