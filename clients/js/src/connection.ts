import { Client, type IFrame, type StompSubscription } from '@stomp/stompjs';
import { backoffDelay, type Backoff } from './backoff.js';
import { DugoutError } from './errors.js';
import type { TokenSource } from './token.js';

/** `connecting` (first try or after a drop), `online`, `offline` (waiting to retry), `closed` (by `close()`). */
export type ConnectionState = 'connecting' | 'online' | 'offline' | 'closed';

export interface ConnectionOptions {
  wsUrl: string;
  token: TokenSource;
  /** A WebSocket class, for runtimes without a global one. */
  WebSocket?: typeof WebSocket;
  backoff?: Backoff;
  debug?: (line: string) => void;
}

type Handler = (body: any) => void;

interface Standing {
  destination: string;
  headers: () => Record<string, string>;
  handler: Handler;
  live: StompSubscription | null;
}

interface Waiting {
  resolve: () => void;
  reject: (e: DugoutError) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * One STOMP connection that stays up: it reconnects with exponential backoff and jitter, takes
 * a token for every CONNECT, moves the open session onto a fresh token before the old one
 * expires (`/app/token`), and re-makes every standing subscription after each reconnect, with
 * headers computed then (a room's `since-seq`). A session ended because a fixed token (not a
 * provider) expired is not reconnected: the error says `token_expired` and the state is `closed`.
 */
export class Connection {
  private readonly client: Client;
  private readonly standing = new Set<Standing>();
  private readonly waiting = new Map<string, Waiting>();
  private readonly stateListeners = new Set<(state: ConnectionState, detail?: string) => void>();
  private readonly errorListeners = new Set<(error: DugoutError) => void>();
  private readonly connectedListeners = new Set<() => void>();
  private attempt = 0;
  private receipts = 0;
  private renewal: ReturnType<typeof setTimeout> | null = null;
  private current: ConnectionState = 'connecting';
  private closed = false;

  constructor(private readonly o: ConnectionOptions) {
    const WS = o.WebSocket ?? globalThis.WebSocket;
    if (!WS) throw new DugoutError('request', 'no WebSocket here: pass one as the WebSocket option');
    this.client = new Client({
      webSocketFactory: () => new WS(o.wsUrl, ['v12.stomp', 'v11.stomp']),
      heartbeatIncoming: 10_000,
      heartbeatOutgoing: 10_000,
      connectionTimeout: 8_000,
      // why: a socket that never opened (a network that drops packets) may never report its
      // close; without this the timeout's close waits for that report, and no retry ever comes
      discardWebsocketOnCommFailure: true,
      reconnectDelay: 1, // the wait is ours, in beforeConnect
      debug: o.debug ?? (() => {}),
      beforeConnect: async () => {
        if (this.attempt++ > 0) {
          this.setState('offline');
          await sleep(backoffDelay(this.attempt - 2, o.backoff));
          // why: close() during the wait ends the client, which then will not connect; this
          // attempt must not say `connecting` after `closed`, nor ask for a token
          if (this.closed) return;
        }
        this.setState('connecting');
        let token: string;
        try {
          token = await o.token.get();
        } catch (e) {
          this.emitError(new DugoutError('unauthenticated', `no token: ${(e as Error).message}`));
          throw e;
        }
        this.client.connectHeaders = { Authorization: `Bearer ${token}` };
      },
      onConnect: () => this.connected(),
      onStompError: (frame) => this.onStompError(frame),
      onWebSocketClose: () => this.onClosed(),
    });
  }

  get state(): ConnectionState { return this.current; }
  get online(): boolean { return this.client.connected; }

  start(): void {
    this.closed = false;
    this.setState('connecting');
    this.client.activate();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.clearRenewal();
    await this.client.deactivate();
    this.failWaiting('network', 'connection closed');
    this.setState('closed');
  }

  onState(listener: (state: ConnectionState, detail?: string) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }
  /** Errors that belong to no request: a refused token, a protocol ERROR, a refused token refresh. */
  onError(listener: (error: DugoutError) => void): () => void {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  }
  /** Runs after every (re)connect, once the standing subscriptions are made. */
  onConnect(listener: () => void): () => void {
    this.connectedListeners.add(listener);
    return () => this.connectedListeners.delete(listener);
  }

  /** Subscribes now (when online) and again after every reconnect; returns a function that ends it. */
  subscribe(destination: string, handler: Handler, headers: () => Record<string, string> = () => ({})): () => void {
    const s: Standing = { destination, headers, handler, live: null };
    this.standing.add(s);
    if (this.client.connected) this.make(s);
    return () => {
      this.standing.delete(s);
      if (s.live && this.client.connected) s.live.unsubscribe();
    };
  }

  /**
   * SENDs with a `receipt` header; resolves on the RECEIPT (the server made it durable), rejects
   * with the server's error, `network` when the connection is down or drops first, `timeout`.
   */
  request(destination: string, body: unknown, timeoutMs = 10_000): Promise<void> {
    if (!this.client.connected) return Promise.reject(new DugoutError('network', 'not connected'));
    const receipt = `r-${++this.receipts}`;
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(receipt);
        reject(new DugoutError('timeout', `no receipt within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting.set(receipt, { resolve, reject, timer });
      this.client.watchForReceipt(receipt, () => this.settle(receipt));
      this.client.publish({
        destination, body: JSON.stringify(body), headers: { receipt, 'content-type': 'application/json' },
      });
    });
  }

  /** SENDs without waiting for anything; false when offline (typing, read markers). */
  tell(destination: string, body?: unknown): boolean {
    if (!this.client.connected) return false;
    this.client.publish(body === undefined
      ? { destination }
      : { destination, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    return true;
  }

  /** Closes the socket under the session as a network failure would, for tests of recovery. */
  dropSocket(): void {
    this.client.forceDisconnect();
  }

  private connected(): void {
    this.attempt = 0;
    this.client.subscribe('/user/queue/errors', (frame) => this.onSendError(parse(frame)));
    for (const s of this.standing) this.make(s);
    this.setState('online');
    this.scheduleRenewal();
    for (const listener of this.connectedListeners) listener();
  }

  private make(s: Standing): void {
    s.live = this.client.subscribe(s.destination, (frame) => s.handler(parse(frame)), s.headers());
  }

  private onClosed(): void {
    this.clearRenewal();
    for (const s of this.standing) s.live = null;
    this.failWaiting('network', 'connection lost');
    if (this.current !== 'closed') this.setState(this.client.active ? 'offline' : 'closed');
  }

  private onStompError(frame: IFrame): void {
    const message = frame.headers.message ?? 'server error';
    const code = frame.headers.code ?? (/^invalid token/.test(message) ? 'unauthenticated' : 'protocol');
    this.emitError(new DugoutError(code, message));
    // why: a fixed token that expired would connect and be ended again at once, in a tight loop
    if (code === 'token_expired' && !this.o.token.renewable) void this.close();
  }

  private onSendError(body: any): void {
    const error = DugoutError.fromProblem(0, body);
    const waiting = typeof body?.receipt === 'string' ? this.waiting.get(body.receipt) : undefined;
    if (waiting) {
      this.waiting.delete(body.receipt);
      clearTimeout(waiting.timer);
      waiting.reject(error);
    } else {
      this.emitError(error);
    }
  }

  private settle(receipt: string): void {
    const waiting = this.waiting.get(receipt);
    if (!waiting) return;
    this.waiting.delete(receipt);
    clearTimeout(waiting.timer);
    waiting.resolve();
  }

  private failWaiting(code: string, message: string): void {
    for (const [receipt, waiting] of this.waiting) {
      this.waiting.delete(receipt);
      clearTimeout(waiting.timer);
      waiting.reject(new DugoutError(code, message));
    }
  }

  private scheduleRenewal(): void {
    this.clearRenewal();
    const delay = this.o.token.renewIn();
    if (delay == null) return;
    this.renewal = setTimeout(() => void this.renew(), delay);
  }

  private async renew(): Promise<void> {
    try {
      const fresh = await this.o.token.fresh();
      await this.request('/app/token', { token: fresh });
      this.scheduleRenewal();
    } catch (e) {
      // the session ends at the old token's expiry; the reconnect then takes a fresh token
      this.emitError(e instanceof DugoutError ? e : new DugoutError('unauthenticated', String(e)));
      if (this.client.connected) this.renewal = setTimeout(() => void this.renew(), 1000);
    }
  }

  private clearRenewal(): void {
    if (this.renewal) clearTimeout(this.renewal);
    this.renewal = null;
  }

  private setState(state: ConnectionState, detail?: string): void {
    if (state === this.current || (this.closed && state !== 'closed')) return;
    this.current = state;
    for (const listener of this.stateListeners) listener(state, detail);
  }

  private emitError(error: DugoutError): void {
    for (const listener of this.errorListeners) listener(error);
  }
}

function parse(frame: IFrame): any {
  try {
    return JSON.parse(frame.body);
  } catch {
    return { type: 'unparseable', body: frame.body };
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
