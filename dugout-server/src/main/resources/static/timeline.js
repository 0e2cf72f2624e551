// One room's log as the page knows it (docs/protocol.md, "Changing messages").
// The messages, each in the newest state seen, are the client library's
// Timeline: an entry seen twice (replay, history page, live) counts once, and a
// change entry is never a row but replaces its target when newer. This adds
// what the page counts: every entry's ordinal (how many messages the room holds
// up to it, for unread counts). Holes are the client library's RoomFeed's to
// fill (rooms.js). No DOM here.
import { Timeline as Folding } from '/lib/dugout-client.js';

export class Timeline {
  constructor() {
    this.clear();
  }

  /** How many messages are shown (change entries are not counted). */
  get size() { return this.folding.size; }
  /** The lowest seq held, message or change: the `before` cursor for older pages. */
  get minSeq() { return this.folding.lowestSeq; }
  /** The highest seq held, message or change. */
  get maxSeq() { return this.folding.highestSeq; }

  /** Messages in seq order (the room's one order). */
  ordered() { return this.folding.messages(); }

  /** The message at `seq` in the newest state seen, or null. */
  message(seq) { return this.folding.message(seq) ?? null; }

  /** Messages held that reply to `seq`. */
  repliesTo(seq) { return this.ordered().filter((m) => m.replyTo === seq); }

  /**
   * Folds entries from any source (enter, history page, replay, live) into the
   * timeline (see the library's Timeline.fold).
   *
   * @returns {{added: object[], changed: object[]}} new rows and replaced ones, each in seq order
   */
  merge(entries) {
    for (const entry of entries) {
      if (!Number.isInteger(entry?.seq) || entry.seq < 1 || this.entries.has(entry.seq)) continue;
      this.entries.set(entry.seq, ordinalOf(entry));
    }
    return this.folding.fold(entries);
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

  /** Drops what we hold (after leaving a room). */
  clear() {
    this.folding = new Folding();
    /** @type {Map<number, number>} seq → ordinal of every entry held, messages and changes */
    this.entries = new Map();
    /** False once a history page said there is nothing older. */
    this.hasOlder = true;
  }
}

/** How many messages the room holds up to this entry; entries from before changes existed count as their seq. */
export function ordinalOf(entry) {
  return Number.isInteger(entry?.ordinal) && entry.ordinal > 0 ? entry.ordinal : (entry?.seq ?? 0);
}
