/**
 * An error the server reported, with its code from Dugout's one error vocabulary
 * (docs/protocol.md, "Errors"): the same codes over REST and over STOMP.
 */
export class DugoutError extends Error {
  /** `validation`, `forbidden`, `not_found`, `rate_limited`, … ; `network` when the server was not reached. */
  readonly code: string;
  /** The HTTP status of a REST answer; 0 for STOMP errors and unreachable servers. */
  readonly status: number;
  /** The field at fault, when the server named one. */
  readonly field: string | null;

  constructor(code: string, message: string, status = 0, field: string | null = null) {
    super(message);
    this.name = 'DugoutError';
    this.code = code;
    this.status = status;
    this.field = field;
  }

  /** Whether sending the same request again (same clientMsgId) may succeed. */
  get retryable(): boolean {
    return RETRYABLE.has(this.code);
  }

  /** From an RFC 9457 problem document (REST) or an error body of /user/queue/errors (STOMP). */
  static fromProblem(status: number, body: unknown): DugoutError {
    const p = (body ?? {}) as Record<string, unknown>;
    const code = typeof p.code === 'string' ? p.code : status >= 500 ? 'unavailable' : 'request';
    const text = [p.detail, p.message, p.title].find((v) => typeof v === 'string') as string | undefined;
    return new DugoutError(code, text ?? `HTTP ${status}`, status, typeof p.field === 'string' ? p.field : null);
  }
}

/** Codes after which the same send may still succeed: the server was busy, or not reached. */
const RETRYABLE = new Set(['rate_limited', 'unavailable', 'network', 'timeout']);
