import type { Entry, Message } from './types.js';

/** What folding some entries did: rows that appeared and rows replaced by a newer copy, each in seq order. */
export interface Folded {
  added: Message[];
  changed: Message[];
}

/**
 * One room's messages as this client knows them, each in the newest state seen.
 *
 * Entries come from anywhere (enter, history pages in either direction, a since-seq replay,
 * live delivery, the answer to an edit) and in any order; folding them gives the same result.
 * An entry without `change` is a row at its seq. A change entry is never a row: its `target`
 * replaces the copy at `targetSeq` when it is newer (a higher `changedSeq`). A change whose
 * target is not held yet is remembered, so that an older copy arriving later does not win.
 * Pure: no I/O, no timers.
 */
export class Timeline {
  private readonly rows = new Map<number, Message>();
  private readonly seen = new Set<number>();
  private readonly unheld = new Map<number, Message>();
  private low: number | null = null;
  private high = 0;

  /** The lowest seq held, message or change: the `before` cursor for the next older page. */
  get lowestSeq(): number | null { return this.low; }
  /** The highest seq held, message or change. */
  get highestSeq(): number { return this.high; }
  /** How many messages are held (changes are not rows). */
  get size(): number { return this.rows.size; }

  /** Messages in seq order, the room's one order. */
  messages(): Message[] {
    return [...this.rows.values()].sort((a, b) => a.seq - b.seq);
  }

  /** The message at `seq` in the newest state seen, or undefined. */
  message(seq: number): Message | undefined { return this.rows.get(seq); }

  fold(entries: Iterable<Entry>): Folded {
    const added = new Map<number, Message>();
    const changed = new Map<number, Message>();
    for (const entry of entries) {
      if (!Number.isInteger(entry?.seq) || entry.seq < 1) continue;
      this.note(entry.seq);
      if (entry.change) {
        if (entry.target && Number.isInteger(entry.target.seq)) this.offer(entry.target, added, changed);
      } else {
        this.offer(stripType(entry), added, changed);
      }
    }
    for (const seq of added.keys()) changed.delete(seq);
    return { added: inOrder(added), changed: inOrder(changed) };
  }

  private note(seq: number): void {
    this.seen.add(seq);
    if (this.low == null || seq < this.low) this.low = seq;
    if (seq > this.high) this.high = seq;
  }

  private offer(message: Message, added: Map<number, Message>, changed: Map<number, Message>): void {
    const held = this.rows.get(message.seq);
    if (held) {
      if (version(message) > version(held)) {
        this.rows.set(message.seq, message);
        changed.set(message.seq, message);
      }
      return;
    }
    const waiting = this.unheld.get(message.seq);
    const newest = waiting && version(waiting) > version(message) ? waiting : message;
    if (!this.seen.has(message.seq)) {
      // why: a change may arrive before its row (a page in flight); keep its state for then
      this.unheld.set(message.seq, newest);
      return;
    }
    this.unheld.delete(message.seq);
    this.rows.set(message.seq, newest);
    added.set(message.seq, newest);
  }
}

/** Which copy of a message is newer: the seq of the last change applied to it (0: never changed). */
export function version(message: Pick<Message, 'changedSeq'>): number {
  return Number.isInteger(message.changedSeq) ? (message.changedSeq as number) : 0;
}

/** Whether an entry of a room topic belongs to the room's log (a message or a change), not an ephemeral event. */
export function isLogEntry(body: { type?: unknown; change?: unknown; seq?: unknown }): boolean {
  return Number.isInteger(body.seq) && (body.type === 'message' || body.type === undefined || typeof body.change === 'string');
}

function stripType(entry: Entry): Message {
  const { type: _type, ...message } = entry as Entry & { type?: string };
  return message as Message;
}

function inOrder(map: Map<number, Message>): Message[] {
  return [...map.values()].sort((a, b) => a.seq - b.seq);
}
