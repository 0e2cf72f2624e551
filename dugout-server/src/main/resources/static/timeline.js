// One room's messages as the client knows them: a set keyed by seq (so a message
// seen twice — replay, history page, live — is kept once) plus the outbox of my
// messages that the server has not yet confirmed. No DOM here.

export class Timeline {
  constructor() {
    /** @type {Map<number, object>} seq → message */
    this.bySeq = new Map();
    /** @type {Map<string, object>} clientMsgId → outbox entry, in send order */
    this.outbox = new Map();
    /** False once a history page said there is nothing older. */
    this.hasOlder = true;
  }

  get size() { return this.bySeq.size; }
  get minSeq() { return this.bySeq.size ? Math.min(...this.bySeq.keys()) : null; }
  get maxSeq() { return this.bySeq.size ? Math.max(...this.bySeq.keys()) : 0; }

  /** Messages in seq order (the room's one order). */
  ordered() { return [...this.bySeq.values()].sort((a, b) => a.seq - b.seq); }

  /**
   * Adds messages from any source (enter, history page, replay, live). Returns
   * the ones that were not known, in seq order; a message that confirms one of
   * my outbox entries (same sender and clientMsgId) removes that entry.
   */
  merge(messages, me) {
    const added = [];
    for (const message of messages) {
      if (!Number.isInteger(message?.seq) || message.seq < 1) continue;
      if (message.senderId === me && message.clientMsgId) this.outbox.delete(message.clientMsgId);
      if (this.bySeq.has(message.seq)) continue;
      this.bySeq.set(message.seq, message);
      added.push(message);
    }
    return added.sort((a, b) => a.seq - b.seq);
  }

  /**
   * The seq after which a hole starts inside what we hold (a message missing
   * between the lowest and highest known seq), or null when contiguous. The
   * server never leaves holes; this guards the client against its own races
   * (e.g. a live message that arrived while a room was being entered).
   */
  firstGapAfter() {
    if (this.bySeq.size < 2) return null;
    const min = this.minSeq;
    const max = this.maxSeq;
    if (max - min + 1 === this.bySeq.size) return null;
    for (let seq = min; seq < max; seq++) {
      if (!this.bySeq.has(seq + 1)) return seq;
    }
    return null;
  }

  /** Drops what we hold (after leaving a room); the outbox goes too. */
  clear() {
    this.bySeq.clear();
    this.outbox.clear();
    this.hasOlder = true;
  }

  /** Queues one of my messages; the clientMsgId is fixed for every retry. */
  addOutgoing(entry) {
    this.outbox.set(entry.clientMsgId, entry);
    return entry;
  }

  isConfirmed(clientMsgId, me) {
    for (const m of this.bySeq.values()) {
      if (m.senderId === me && m.clientMsgId === clientMsgId) return true;
    }
    return false;
  }
}

/** A fresh client message id: random, printable, well under the 64-char limit. */
export function newClientMsgId() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return 'w-' + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
