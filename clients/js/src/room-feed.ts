import { SeqGate } from './seq-gate.js';
import type { Entry, HistoryPage } from './types.js';

export interface RoomFeedOptions {
  /** The highest seq the app already has (0: none): where delivery starts. */
  from?: number;
  /** Reads the room's log right after a seq: `Rest.history(roomId, { after, limit })`. */
  history: (after: number, limit: number) => Promise<HistoryPage>;
  /** Receives entries each seq once, in seq order, with nothing skipped. */
  deliver: (entries: Entry[]) => void;
  /** How long a gap may wait for the live stream to close it before history is read (ms, default 300). */
  graceMs?: number;
}

const PAGE = 100;
/** Pages read for one hole or one catch-up at most (10 000 entries); the rest comes with the next. */
const MAX_PAGES = 100;

/**
 * One room's log handed to the app gap-free, whatever its sources: live entries, the replay
 * after a `since-seq` resume, and history read to fill a hole.
 *
 * Every entry goes through one {@link SeqGate}: a seq at or below the highest delivered is
 * dropped, the next is delivered at once, one further ahead waits. When an entry has waited
 * `graceMs`, the hole is read from history (`after` the highest delivered), oldest first, until
 * what waits flows again; a seq that history does not hold was never written and is passed.
 * One read at a time. A read that fails is tried again when the next entry arrives (a resume
 * after a reconnect replays the hole anyway). Not thread-safe; meant for one event loop.
 */
export class RoomFeed {
  private readonly gate: SeqGate;
  private reading: Promise<void> = Promise.resolve();
  private busy = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(private readonly o: RoomFeedOptions) {
    this.gate = new SeqGate(o.from ?? 0);
  }

  /** The highest seq delivered: the `since-seq` to resume from. */
  get highestSeq(): number { return this.gate.highestSeq; }

  /** Offers an entry from any source; it is delivered now, later (behind a hole), or never (a duplicate). */
  offer(entry: Entry): void {
    if (this.closed) return;
    this.hand(this.gate.offer(entry));
    this.watchGap();
  }

  /**
   * Reads what follows the highest seq delivered from history now, and delivers it: for when an
   * entry is known to exist but has not come (my message was receipted, its copy is late).
   */
  catchUp(): Promise<void> { return this.read(true); }

  /** Stops: nothing more is delivered or read. */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private hand(entries: Entry[]): void {
    if (entries.length > 0 && !this.closed) this.o.deliver(entries);
  }

  private watchGap(): void {
    if (this.gate.gapAfter == null || this.busy || this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.read(false);
    }, this.o.graceMs ?? 300);
  }

  /** Reads history after the highest seq delivered: until the hole is closed, or (`all`) to the end. */
  private read(all: boolean): Promise<void> {
    this.reading = this.reading.then(async () => {
      this.busy = true;
      try {
        for (let pages = 0; pages < MAX_PAGES && !this.closed; pages++) {
          if (!all && this.gate.gapAfter == null) return;
          const from = this.gate.highestSeq;
          const page = await this.o.history(from, PAGE);
          const ordered = [...page.messages].sort((a, b) => a.seq - b.seq);
          if (ordered.length === 0) return;
          for (const entry of ordered) this.hand(this.gate.offer(entry));
          if (this.gate.highestSeq === from) {
            // why: history is the log itself; a seq it does not hold either was never written
            this.hand(this.gate.skipTo(ordered[0].seq - 1));
            this.hand(this.gate.offer(ordered[0]));
          }
          if (all && !page.hasMore && this.gate.gapAfter == null) return;
        }
      } catch {
        // tried again with the next entry that arrives, or the replay after a reconnect
      } finally {
        this.busy = false;
      }
    });
    return this.reading;
  }
}
