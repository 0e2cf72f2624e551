import { backoffDelay, type Backoff } from './backoff.js';
import { DugoutError } from './errors.js';
import { MemoryOutboxStore, type OutboxStore } from './outbox-store.js';
import type { Attachment, Message, MessageKind } from './types.js';

/**
 * `pending`: queued or on its way; `sent`: receipted, so durable on the server; `failed`: the
 * server refused it for good (`error` says why) or every attempt was used up.
 */
export type OutgoingState = 'pending' | 'sent' | 'failed';

/** A message of mine as the outbox holds it: shown at once, confirmed later. */
export interface OutgoingMessage {
  clientMsgId: string;
  roomId: string;
  kind: MessageKind;
  content: string;
  attachments?: Attachment[];
  replyTo?: number;
  mentions?: string[];
  state: OutgoingState;
  attempts: number;
  /** Milliseconds since the epoch when it was queued: the order of sends in a room. */
  queuedAt: number;
  error?: { code: string; message: string };
  /** The message as stored, once its copy came back on the room topic. */
  message?: Message;
}

export interface Draft {
  kind?: MessageKind;
  content: string;
  attachments?: Attachment[];
  replyTo?: number;
  mentions?: string[];
}

/** How the outbox reaches the server: one SEND, resolved on its RECEIPT, rejected with a DugoutError. */
export interface OutboxTransport {
  readonly online: boolean;
  send(roomId: string, body: Record<string, unknown>, timeoutMs: number): Promise<void>;
}

export interface OutboxOptions {
  store?: OutboxStore;
  /** How long a SEND waits for its RECEIPT before it is sent again (default 10 s). */
  receiptTimeoutMs?: number;
  /** Attempts before a message that never got an answer is failed (default 20). */
  maxAttempts?: number;
  backoff?: Backoff;
  newClientMsgId?: () => string;
  now?: () => number;
}

type Listener = (message: OutgoingMessage) => void;

/**
 * Sends my messages so that each is stored exactly once and in the order I wrote them.
 *
 * `send` returns at once with a pending message and a clientMsgId that stays the same for every
 * attempt, so a retry after a timeout or a reconnect never stores a second copy. Each room has
 * one message on the wire at a time: the next goes only when the one before is receipted or
 * failed for good, so a retried message cannot overtake. Answers the server may give differently
 * next time (`rate_limited`, `unavailable`, no answer, a lost connection) are retried with
 * backoff, waiting for the connection when offline; any other error fails the message at once.
 */
export class Outbox {
  private readonly queues = new Map<string, OutgoingMessage[]>();
  private readonly inFlight = new Map<string, OutgoingMessage>();
  private readonly byId = new Map<string, OutgoingMessage>();
  private readonly listeners = new Set<Listener>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  readonly store: OutboxStore;
  private readonly o: Required<Omit<OutboxOptions, 'store' | 'backoff'>> & { backoff: Backoff };
  private closed = false;
  private discarded = false;

  constructor(private readonly transport: OutboxTransport, options: OutboxOptions = {}) {
    this.store = options.store ?? new MemoryOutboxStore();
    this.o = {
      receiptTimeoutMs: options.receiptTimeoutMs ?? 10_000,
      maxAttempts: options.maxAttempts ?? 20,
      backoff: options.backoff ?? { initialMs: 250, maxMs: 10_000 },
      newClientMsgId: options.newClientMsgId ?? newClientMsgId,
      now: options.now ?? Date.now,
    };
  }

  /** Queues a message; it is pending at once and goes out as soon as the room's turn and the connection allow. */
  send(roomId: string, draft: Draft): OutgoingMessage {
    const message: OutgoingMessage = {
      clientMsgId: this.o.newClientMsgId(), roomId, kind: draft.kind ?? 'TEXT', content: draft.content,
      state: 'pending', attempts: 0, queuedAt: this.o.now(),
    };
    if (draft.attachments?.length) message.attachments = draft.attachments;
    if (draft.replyTo != null) message.replyTo = draft.replyTo;
    if (draft.mentions?.length) message.mentions = draft.mentions;
    this.enqueue(message);
    return message;
  }

  /** Takes back what the store kept from an earlier run; pending messages are sent again, in their order. */
  async restore(): Promise<void> {
    const kept = (await this.store.load()).sort((a, b) => a.queuedAt - b.queuedAt);
    if (this.discarded) return;
    for (const message of kept) {
      if (this.byId.has(message.clientMsgId)) continue;
      if (message.state === 'failed') {
        this.byId.set(message.clientMsgId, message);
        this.emit(message);
      } else {
        this.enqueue({ ...message, state: 'pending' });
      }
    }
  }

  /** Messages not yet receipted or failed, in send order (all rooms, or one). */
  pending(roomId?: string): OutgoingMessage[] {
    return [...this.byId.values()]
      .filter((m) => m.state !== 'sent' && (roomId == null || m.roomId === roomId))
      .sort((a, b) => a.queuedAt - b.queuedAt);
  }

  get(clientMsgId: string): OutgoingMessage | undefined { return this.byId.get(clientMsgId); }

  /** Calls `listener` whenever a message is queued or changes state; returns a function that stops it. */
  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Sends a failed message again, same clientMsgId, after whatever the room has queued; a pending
   * one waiting out its backoff goes now (when it is the room's turn and the connection is up).
   */
  retry(clientMsgId: string): void {
    const message = this.byId.get(clientMsgId);
    if (message?.state === 'pending') void this.pump(message.roomId);
    if (!message || message.state !== 'failed') return;
    this.enqueue({ ...message, state: 'pending', attempts: 0, error: undefined, queuedAt: this.o.now() });
  }

  /**
   * Forgets a message that is not on its way: failed, or pending but not on the wire (offline,
   * waiting out a backoff, or queued behind another). Returns whether it was forgotten. (If an
   * earlier attempt did reach the server, the message still shows up.)
   */
  discard(clientMsgId: string): boolean {
    const message = this.byId.get(clientMsgId);
    if (!message || message.state === 'sent' || this.inFlight.get(message.roomId) === message) return false;
    this.byId.delete(clientMsgId);
    const queue = this.queues.get(message.roomId);
    const i = queue?.indexOf(message) ?? -1;
    if (queue && i >= 0) queue.splice(i, 1);
    if (queue?.length === 0) this.queues.delete(message.roomId);
    void this.forget(clientMsgId);
    return true;
  }

  /**
   * The stored copy of one of my messages came back (room topic or history): it is durable,
   * whatever became of the RECEIPT, and the room's next message may go.
   */
  confirm(message: Message): void {
    const mine = message.clientMsgId ? this.byId.get(message.clientMsgId) : undefined;
    if (!mine || mine.roomId !== message.roomId) return;
    mine.message = message;
    if (mine.state !== 'sent') {
      this.settle(mine, 'sent');
    } else {
      this.emit(mine);
      this.byId.delete(mine.clientMsgId);
    }
  }

  /** The connection is (back) up: every room with a waiting message sends it. */
  wake(): void {
    for (const roomId of this.queues.keys()) void this.pump(roomId);
  }

  /** Stops sending; what is not receipted stays in the store, for the next run to send. */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /**
   * Closes the outbox and forgets every message not yet confirmed, in memory and in the store:
   * for a user who signs out of a shared device, whose unsent messages must neither stay there
   * nor go out at their next sign-in. One already on the wire may still be stored by the server
   * (its answer is ignored); nothing is written to the store after this.
   */
  async discardAll(): Promise<void> {
    this.close();
    this.discarded = true;
    this.queues.clear();
    this.inFlight.clear();
    this.byId.clear();
    await this.store.clear();
  }

  private enqueue(message: OutgoingMessage): void {
    this.byId.set(message.clientMsgId, message);
    const queue = this.queues.get(message.roomId) ?? [];
    queue.push(message);
    this.queues.set(message.roomId, queue);
    void this.save(message);
    this.emit(message);
    void this.pump(message.roomId);
  }

  private async pump(roomId: string): Promise<void> {
    // why: a message confirmed by its copy while its SEND is still out frees the room at once
    if (this.closed || this.inFlight.get(roomId)?.state === 'pending' || !this.transport.online) return;
    const queue = this.queues.get(roomId);
    const head = queue?.find((m) => m.state === 'pending');
    if (!head) return;
    this.inFlight.set(roomId, head);
    head.attempts += 1;
    let retryIn: number | null = null;
    try {
      await this.transport.send(roomId, bodyOf(head), this.o.receiptTimeoutMs);
      if (head.state === 'pending') this.settle(head, 'sent');
    } catch (e) {
      const error = e instanceof DugoutError ? e : new DugoutError('network', String(e));
      if (head.state !== 'pending') {
        // confirmed meanwhile by its copy on the topic: this answer is stale
      } else if (!error.retryable) {
        head.error = { code: error.code, message: error.message };
        this.settle(head, 'failed');
      } else if (head.attempts >= this.o.maxAttempts) {
        head.error = { code: error.code, message: `no answer after ${head.attempts} attempts: ${error.message}` };
        this.settle(head, 'failed');
      } else {
        head.error = { code: error.code, message: error.message };
        void this.save(head);
        this.emit(head);
        retryIn = backoffDelay(head.attempts - 1, this.o.backoff);
      }
    } finally {
      if (this.inFlight.get(roomId) === head) this.inFlight.delete(roomId);
    }
    if (retryIn == null) {
      if (head.state === 'pending' || !this.inFlight.has(roomId)) void this.pump(roomId);
    } else {
      const timer = setTimeout(() => { this.timers.delete(timer); void this.pump(roomId); }, retryIn);
      this.timers.add(timer);
    }
  }

  private settle(message: OutgoingMessage, state: 'sent' | 'failed'): void {
    message.state = state;
    if (state === 'sent') {
      message.error = undefined;
      void this.forget(message.clientMsgId);
    } else {
      void this.save(message);
    }
    const queue = this.queues.get(message.roomId);
    if (queue) {
      const i = queue.indexOf(message);
      if (i >= 0) queue.splice(i, 1);
      if (queue.length === 0) this.queues.delete(message.roomId);
    }
    this.emit(message);
    // a sent message stays known until its stored copy arrives (confirm) to hand over its seq
    if (state === 'sent' && message.message != null) this.byId.delete(message.clientMsgId);
    void this.pump(message.roomId);
  }

  // why: after discardAll nothing may bring a message back into the store, not even a late answer
  private save(message: OutgoingMessage): Promise<void> {
    return this.discarded ? Promise.resolve() : this.store.save(message);
  }

  private forget(clientMsgId: string): Promise<void> {
    return this.discarded ? Promise.resolve() : this.store.remove(clientMsgId);
  }

  private emit(message: OutgoingMessage): void {
    if (this.discarded) return;
    for (const listener of this.listeners) listener(message);
  }
}

function bodyOf(m: OutgoingMessage): Record<string, unknown> {
  const body: Record<string, unknown> = { clientMsgId: m.clientMsgId, kind: m.kind, content: m.content };
  if (m.attachments?.length) body.attachments = m.attachments;
  if (m.replyTo != null) body.replyTo = m.replyTo;
  if (m.mentions?.length) body.mentions = m.mentions;
  return body;
}

/** A fresh client message id: random, printable, well under the 64-character limit. */
export function newClientMsgId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return 'c-' + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
