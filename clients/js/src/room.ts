import type { Connection } from './connection.js';
import type { Rest } from './http.js';
import type { Draft, Outbox, OutgoingMessage } from './outbox.js';
import { RoomFeed } from './room-feed.js';
import { isLogEntry, Timeline, type Folded } from './timeline.js';
import type { Entered, Entry, Member, Message, ReadMarker, Reaction, Room, StoredUpload } from './types.js';
import { newClientMsgId } from './outbox.js';

/** Events of a room that are not entries of its log. */
export type RoomEvent =
  | { type: 'read'; roomId: string; userId: string; seq: number }
  | { type: 'typing'; roomId: string; userId: string }
  | { type: 'member.joined'; roomId: string; userId: string }
  | { type: 'member.left'; roomId: string; userId: string };

export interface RoomListeners {
  /** Every entry of the room's log after the entered page, once each, in seq order, with nothing skipped. */
  entry?: (entry: Entry) => void;
  /** Rows that appeared and rows that changed (edits, deletes, reactions) after folding. */
  timeline?: (folded: Folded) => void;
  /** Ephemeral events: read markers, typing, joins and leaves. */
  event?: (event: RoomEvent) => void;
  /** My messages waiting in the outbox for this room, whenever one changes. */
  outbox?: (pending: OutgoingMessage[]) => void;
}

/**
 * A room I have entered: its timeline, kept gap-free and current, and what I do in it.
 *
 * The subscription resumes with `since-seq` = the highest seq delivered after every reconnect,
 * so the server replays what was missed before live entries. Everything goes through one
 * {@link RoomFeed}: a seq is delivered once, in order; should one ever be missing, the entries
 * behind it wait while the hole is read from history (`after`), then flow on.
 */
export class RoomSession {
  readonly timeline = new Timeline();
  readonly room: Room;
  hasOlder: boolean;
  private readonly feed: RoomFeed;
  private readonly stops: Array<() => void> = [];
  private left = false;

  constructor(
    entered: Entered,
    private readonly rest: Rest,
    private readonly connection: Connection,
    private readonly outbox: Outbox,
    private readonly listeners: RoomListeners = {},
  ) {
    this.room = entered.room;
    this.hasOlder = entered.hasMore;
    this.timeline.fold(entered.messages);
    const high = entered.messages.reduce((max, e) => Math.max(max, e.seq), 0);
    this.feed = new RoomFeed({
      from: high,
      history: (after, limit) => rest.history(this.room.id, { after, limit }),
      deliver: (entries) => this.accept(entries),
    });
    for (const m of entered.messages) if (!m.change) this.outbox.confirm(m as Message);
    this.stops.push(connection.subscribe(
      `/topic/rooms.${this.room.id}`,
      (body) => this.onTopic(body),
      () => ({ 'since-seq': String(this.feed.highestSeq) }),
    ));
    this.stops.push(outbox.onChange((m) => {
      if (m.roomId === this.room.id) listeners.outbox?.(this.pending());
    }));
  }

  get id(): string { return this.room.id; }
  /** The highest seq delivered: what a resume starts after. */
  get highestSeq(): number { return this.feed.highestSeq; }
  messages(): Message[] { return this.timeline.messages(); }
  /** My messages not yet receipted, or failed, in the order I wrote them. */
  pending(): OutgoingMessage[] { return this.outbox.pending(this.room.id); }

  /** Sends a message through the outbox: pending at once, stored exactly once, in order. */
  send(draft: Draft | string): OutgoingMessage {
    return this.outbox.send(this.room.id, typeof draft === 'string' ? { content: draft } : draft);
  }

  /** Uploads a file (slot, then the bytes), then sends it as an IMAGE or FILE message through the outbox. */
  async sendFile(file: { name: string; type: string; size: number; body: BodyInit }, draft: Partial<Draft> = {}):
    Promise<OutgoingMessage> {
    const stored = await this.upload(file);
    const kind = draft.kind ?? (stored.type.startsWith('image/') ? 'IMAGE' : 'FILE');
    return this.send({ ...draft, kind, content: draft.content ?? '', attachments: [{ uploadId: stored.uploadId }] });
  }

  async upload(file: { name: string; type: string; size: number; body: BodyInit }): Promise<StoredUpload> {
    const slot = await this.rest.openUpload(this.room.id, { name: file.name, size: file.size, type: file.type });
    return this.rest.putUpload(slot, file.body);
  }

  /** Edits my message; the answer is folded in (and the change's entry, when it comes, changes nothing more). */
  async edit(seq: number, content: string): Promise<Message> {
    const message = await this.rest.edit(this.room.id, seq, newClientMsgId(), content);
    this.foldAnswer(message);
    return message;
  }

  async delete(seq: number): Promise<Message> {
    const message = await this.rest.remove(this.room.id, seq, newClientMsgId());
    this.foldAnswer(message);
    return message;
  }

  /** Adds my reaction; the room's entry for it brings the message in its new state. */
  react(seq: number, emoji: string): Promise<{ reactions: Reaction[] }> {
    return this.rest.react(this.room.id, seq, emoji, true, newClientMsgId());
  }

  unreact(seq: number, emoji: string): Promise<{ reactions: Reaction[] }> {
    return this.rest.react(this.room.id, seq, emoji, false, newClientMsgId());
  }

  /** Reads the next older page into the timeline; false when there is nothing older. */
  async loadOlder(limit = 50): Promise<boolean> {
    const before = this.timeline.lowestSeq;
    if (!this.hasOlder || before == null || before <= 1) return (this.hasOlder = false);
    const page = await this.rest.history(this.room.id, { before, limit });
    this.hasOlder = page.hasMore;
    this.publish(this.timeline.fold(page.messages));
    return this.hasOlder;
  }

  /** Moves my read marker to `seq` (the highest delivered by default). */
  markRead(seq = this.feed.highestSeq): Promise<ReadMarker> {
    return this.rest.read(this.room.id, seq);
  }

  mute(muted = true): Promise<Member> { return this.rest.mute(this.room.id, muted); }

  /** Tells the room I am typing (ephemeral; the server rate-limits it). */
  typing(): boolean { return this.connection.tell(`/app/rooms.${this.room.id}.typing`); }

  /** Stops following the room; the outbox still sends what is queued for it. */
  leave(): void {
    this.left = true;
    this.feed.close();
    for (const stop of this.stops) stop();
  }

  private onTopic(body: any): void {
    if (this.left) return;
    if (isLogEntry(body)) {
      this.feed.offer(body as Entry);
    } else if (typeof body?.type === 'string') {
      this.listeners.event?.(body as RoomEvent);
    }
  }

  private accept(entries: Entry[]): void {
    if (entries.length === 0) return;
    for (const entry of entries) {
      if (!entry.change) this.outbox.confirm(entry as Message);
      this.listeners.entry?.(entry);
    }
    this.publish(this.timeline.fold(entries));
  }

  private publish(folded: Folded): void {
    if (folded.added.length || folded.changed.length) this.listeners.timeline?.(folded);
  }

  private foldAnswer(message: Message): void {
    this.publish(this.timeline.fold([{ ...message, seq: message.seq }]));
  }
}
