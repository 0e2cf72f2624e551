import { expiryOf, renewalDelayMs } from './jwt.js';

/** A token, or a function that fetches a fresh one (called for every CONNECT and before expiry). */
export type TokenInput = string | (() => string | Promise<string>);

/** The token in use, and where fresh ones come from. */
export class TokenSource {
  private current: string | null = null;

  constructor(private readonly input: TokenInput) {}

  /** Whether fresh tokens can be had: a provider, not a fixed value. */
  get renewable(): boolean { return typeof this.input === 'function'; }

  /** The token in use, fetching a fresh one first when there is none or it has expired. */
  async get(): Promise<string> {
    const expiry = this.current ? expiryOf(this.current) : null;
    if (this.current == null || (expiry != null && expiry <= Date.now() + 1000)) return this.fresh();
    return this.current;
  }

  /** A fresh token from the provider (the fixed value when there is none); it becomes the one in use. */
  async fresh(): Promise<string> {
    this.current = typeof this.input === 'function' ? await this.input() : this.input;
    return this.current;
  }

  /** Milliseconds until the token in use should be renewed, or null when it never expires or cannot be. */
  renewIn(): number | null {
    return this.renewable && this.current ? renewalDelayMs(expiryOf(this.current)) : null;
  }

  /** The user the token names (`sub`), read without verifying. */
  get userId(): string | null {
    const part = this.current?.split('.')[1];
    if (!part) return null;
    try {
      const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
      const sub = JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0)))).sub;
      return typeof sub === 'string' ? sub : null;
    } catch {
      return null;
    }
  }
}
