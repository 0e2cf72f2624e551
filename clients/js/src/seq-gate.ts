import type { Entry } from './types.js';

/**
 * Hands a room's log to the app gap-free, whatever order the entries arrive in.
 *
 * Tracks the highest seq delivered; an entry at or below it is a duplicate and is dropped, the
 * next one is delivered at once, and one further ahead waits until the entries before it have
 * come (a gap the owner fills from history). So each seq is delivered once, in order, with
 * nothing skipped. Pure: no I/O, no timers.
 */
export class SeqGate {
  private waiting = new Map<number, Entry>();

  /** @param delivered the highest seq the app already has (0: none) */
  constructor(private delivered = 0) {}

  /** The highest seq delivered: the `since-seq` to resume from. */
  get highestSeq(): number { return this.delivered; }

  /** The seq after which a hole keeps later entries waiting, or null when nothing waits. */
  get gapAfter(): number | null { return this.waiting.size > 0 ? this.delivered : null; }

  /** The lowest seq waiting behind the hole, or null. */
  get waitingFrom(): number | null { return this.waiting.size > 0 ? Math.min(...this.waiting.keys()) : null; }

  /** Offers an entry; returns the entries now deliverable, in seq order (possibly none). */
  offer(entry: Entry): Entry[] {
    if (!Number.isInteger(entry.seq) || entry.seq <= this.delivered) return [];
    if (entry.seq !== this.delivered + 1) {
      if (!this.waiting.has(entry.seq)) this.waiting.set(entry.seq, entry);
      return [];
    }
    const out = [entry];
    this.delivered = entry.seq;
    for (let next = this.waiting.get(this.delivered + 1); next; next = this.waiting.get(this.delivered + 1)) {
      this.waiting.delete(next.seq);
      out.push(next);
      this.delivered = next.seq;
    }
    return out;
  }

  /** Moves the cursor forward without delivering (entries the app has from elsewhere, such as `enter`). */
  skipTo(seq: number): Entry[] {
    if (seq <= this.delivered) return [];
    this.delivered = seq;
    for (const s of [...this.waiting.keys()]) if (s <= seq) this.waiting.delete(s);
    const next = this.waiting.get(seq + 1);
    if (!next) return [];
    this.waiting.delete(next.seq);
    this.delivered = next.seq - 1;
    return this.offer(next);
  }
}
