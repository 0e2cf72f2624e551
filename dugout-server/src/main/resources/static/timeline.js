// One room's log as the client knows it (docs/protocol.md, "Changing messages"):
// every entry seen, message or change, keyed by seq (so an entry seen twice —
// replay, history page, live — counts once), and the messages, each in the
// newest state seen. A change entry is never a row: it replaces its target. No DOM here.

export class Timeline {
  constructor() {
    /** @type {Map<number, object>} seq → message (rows only; changes are folded in) */
    this.bySeq = new Map();
    /** @type {Map<number, number>} seq → ordinal of every entry held, messages and changes */
    this.entries = new Map();
    /**
     * @type {Map<number, object>} seq → newest state seen of a message not held yet.
     * why: a change can arrive before its target (a history page in flight, a hole
     * being filled); the older copy that arrives later must not win.
     */
    this.unheld = new Map();
    /** False once a history page said there is nothing older. */
    this.hasOlder = true;
    this.low = null;
    this.high = 0;
  }

  /** How many messages are shown (change entries are not counted). */
  get size() { return this.bySeq.size; }
  /** The lowest seq held, message or change: the `before` cursor for older pages. */
  get minSeq() { return this.low; }
  /** The highest seq held, message or change. */
  get maxSeq() { return this.high; }

  /** Messages in seq order (the room's one order). */
  ordered() { return [...this.bySeq.values()].sort((a, b) => a.seq - b.seq); }

  /** The message at `seq` in the newest state seen, or null. */
  message(seq) { return this.bySeq.get(seq) ?? null; }

  /** Messages held that reply to `seq`. */
  repliesTo(seq) { return [...this.bySeq.values()].filter((m) => m.replyTo === seq); }

  /**
   * Folds entries from any source (enter, history page, replay, live) into the
   * timeline. A message not held yet becomes a row; a change entry replaces the
   * message at its `targetSeq` with its `target` when that is newer (higher
   * `changedSeq`), and so does a newer copy of a message already held.
   *
   * @returns {{added: object[], changed: object[], fresh: number}} new rows and
   *   replaced ones, each in seq order, and how many entries were not held before
   */
  merge(entries) {
    const added = new Map();
    const changed = new Map();
    let fresh = 0;
    for (const entry of entries) {
      if (!Number.isInteger(entry?.seq) || entry.seq < 1) continue;
      if (!this.entries.has(entry.seq)) {
        this.hold(entry);
        fresh++;
      }
      if (entry.change) {
        if (Number.isInteger(entry.target?.seq)) this.offer(entry.target, added, changed);
        continue;
      }
      this.offer(entry, added, changed);
    }
    for (const seq of added.keys()) changed.delete(seq);
    const inOrder = (map) => [...map.values()].sort((a, b) => a.seq - b.seq);
    return { added: inOrder(added), changed: inOrder(changed), fresh };
  }

  hold(entry) {
    this.entries.set(entry.seq, ordinalOf(entry));
    if (this.low == null || entry.seq < this.low) this.low = entry.seq;
    if (entry.seq > this.high) this.high = entry.seq;
  }

  /** A message in some state: kept if it is a row we show (or will) and newer than our copy. */
  offer(message, added, changed) {
    const held = this.bySeq.get(message.seq);
    if (held) {
      if (version(message) > version(held)) {
        this.bySeq.set(message.seq, message);
        changed.set(message.seq, message);
      }
      return;
    }
    const waiting = this.unheld.get(message.seq);
    const newest = waiting && version(waiting) > version(message) ? waiting : message;
    if (!this.entries.has(message.seq)) {
      // a target we do not hold: remember its state for when its row arrives
      this.unheld.set(message.seq, newest);
      return;
    }
    this.unheld.delete(message.seq);
    this.bySeq.set(message.seq, newest);
    added.set(message.seq, newest);
  }

  /**
   * The ordinal (messages up to and including it) of the entry at `seq`; for a
   * seq not held, the highest ordinal held at or below it (a lower bound), or
   * null when nothing is held there.
   */
  ordinalAt(seq) {
    if (this.entries.has(seq)) return this.entries.get(seq);
    let best = null;
    for (const [s, ordinal] of this.entries) if (s <= seq && (best == null || ordinal > best)) best = ordinal;
    return best;
  }

  /**
   * The seq after which a hole starts inside what we hold (an entry missing
   * between the lowest and highest known seq), or null when contiguous. The
   * server never leaves holes; this guards the client against its own races
   * (e.g. a live message that arrived while a room was being entered).
   */
  firstGapAfter() {
    if (this.entries.size < 2) return null;
    if (this.high - this.low + 1 === this.entries.size) return null;
    for (let seq = this.low; seq < this.high; seq++) {
      if (!this.entries.has(seq + 1)) return seq;
    }
    return null;
  }

  /** Drops what we hold (after leaving a room). */
  clear() {
    this.bySeq.clear();
    this.entries.clear();
    this.unheld.clear();
    this.hasOlder = true;
    this.low = null;
    this.high = 0;
  }
}

/** How many messages the room holds up to this entry; entries from before changes existed count as their seq. */
export function ordinalOf(entry) {
  return Number.isInteger(entry?.ordinal) && entry.ordinal > 0 ? entry.ordinal : (entry?.seq ?? 0);
}

/** Which copy of a message is newer: the seq of the last change applied to it (0: never changed). */
export function version(message) {
  return Number.isInteger(message?.changedSeq) ? message.changedSeq : 0;
}
