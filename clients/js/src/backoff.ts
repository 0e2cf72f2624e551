/** Reconnect and retry delays: exponential, capped, each drawn from the upper half of its step ("equal jitter"). */
export interface Backoff {
  /** First delay in ms (default 500). */
  initialMs?: number;
  /** Longest delay in ms (default 15 000). */
  maxMs?: number;
}

/** The delay before attempt `attempt` (0 for the first retry). */
export function backoffDelay(attempt: number, backoff: Backoff = {}, random = Math.random): number {
  const initial = backoff.initialMs ?? 500;
  const max = backoff.maxMs ?? 15_000;
  const step = Math.min(max, initial * 2 ** Math.min(attempt, 30));
  return step / 2 + random() * (step / 2);
}
