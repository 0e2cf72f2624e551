/** When a JWT expires (its `exp`, in ms since the epoch), read without verifying; null without one. */
export function expiryOf(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as { exp?: unknown };
    return typeof claims.exp === 'number' && Number.isFinite(claims.exp) ? claims.exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * How long to wait before renewing a token that expires at `expiresAt`: a tenth of
 * its remaining life early, at most five minutes early; null when it never expires.
 */
export function renewalDelayMs(expiresAt: number | null, now = Date.now()): number | null {
  if (expiresAt == null) return null;
  const left = expiresAt - now;
  return Math.max(0, left - Math.min(5 * 60_000, left / 10));
}
