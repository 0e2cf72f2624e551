import type { Backoff } from './backoff.js';
import { Connection, type ConnectionState } from './connection.js';
import type { DugoutError } from './errors.js';
import { Rest } from './http.js';
import { Outbox, type OutboxOptions } from './outbox.js';
import { RoomSession, type RoomListeners } from './room.js';
import { TokenSource, type TokenInput } from './token.js';
import type { HistoryPage, NewRoom, Notification, Room, RoomListEvent, RoomPage } from './types.js';

export interface ConnectOptions {
  /** The server's base URL, e.g. `https://chat.example` (REST under /api/v1, STOMP at /ws). */
  url: string;
  /** A token, or an async function that returns a fresh one (then renewed before expiry). */
  token: TokenInput;
  /** The STOMP endpoint, when not `<url>/ws` with ws(s). */
  wsUrl?: string;
  /** A WebSocket class for runtimes without a global one (Node 20 without --experimental-websocket). */
  WebSocket?: typeof WebSocket;
  fetch?: typeof fetch;
  /** Reconnect delays (default from 500 ms doubling to 15 s, with jitter). */
  reconnect?: Backoff;
  outbox?: OutboxOptions;
  debug?: (line: string) => void;
}

/**
 * A signed-in user's connection to Dugout: REST calls, one STOMP connection that stays up, an
 * outbox, and the rooms I have entered. Made by {@link connect}.
 */
export class DugoutClient {
  readonly rest: Rest;
  readonly outbox: Outbox;
  private readonly connection: Connection;
  private readonly rooms = new Map<string, RoomSession>();

  constructor(o: ConnectOptions, private readonly token: TokenSource) {
    this.rest = new Rest(o.url, () => token.get(), {
      fetch: o.fetch, freshToken: token.renewable ? () => token.fresh() : undefined,
    });
    this.connection = new Connection({
      wsUrl: o.wsUrl ?? o.url.replace(/^http/, 'ws').replace(/\/$/, '') + '/ws',
      token, WebSocket: o.WebSocket, backoff: o.reconnect, debug: o.debug,
    });
    const connection = this.connection;
    this.outbox = new Outbox({
      get online() { return connection.online; },
      send: (roomId, body, timeoutMs) => connection.request(`/app/rooms.${roomId}.messages`, body, timeoutMs),
    }, o.outbox);
    this.connection.onConnect(() => this.outbox.wake());
  }

  /** The signed-in user, from the token's `sub`. */
  get userId(): string | null { return this.token.userId; }
  get state(): ConnectionState { return this.connection.state; }

  /** Calls `listener` on every change of connection state; returns a function that stops it. */
  onState(listener: (state: ConnectionState) => void): () => void { return this.connection.onState(listener); }
  /** Errors that belong to no call: a refused token, a protocol ERROR, a failed token refresh. */
  onError(listener: (error: DugoutError) => void): () => void { return this.connection.onError(listener); }

  /** My rooms, most recent activity first, with unread and mention counts; pass `nextCursor` for the next page. */
  listRooms(o: { limit?: number; cursor?: string | null } = {}): Promise<RoomPage> { return this.rest.listRooms(o); }
  createRoom(spec: NewRoom): Promise<Room> { return this.rest.createRoom(spec); }
  getRoom(roomId: string): Promise<Room> { return this.rest.getRoom(roomId); }

  /**
   * Live changes to my room list (`room.joined`, `room.left`, `room.counts`). They are not
   * replayed: after a reconnect, read {@link listRooms} again (the `reconnected` callback says when).
   */
  onRoomList(listener: (event: RoomListEvent) => void, reconnected?: () => void): () => void {
    const stops = [this.connection.subscribe('/user/queue/rooms', listener)];
    if (reconnected) {
      let first = true;
      stops.push(this.connection.onConnect(() => { if (!first) reconnected(); first = false; }));
      if (this.connection.online) first = false;
    }
    return () => stops.forEach((stop) => stop());
  }

  /** My notifications as they are stored (not replayed: list them after a reconnect). */
  onNotification(listener: (notification: Notification) => void): () => void {
    return this.connection.subscribe('/user/queue/notifications', listener);
  }

  /** A page of a room's log, newest first (`before` a seq, `after` one, or the newest). */
  history(roomId: string, o: { before?: number; after?: number; limit?: number } = {}): Promise<HistoryPage> {
    return this.rest.history(roomId, o);
  }

  /** Opens a room: its latest page, then every later entry gap-free, live. */
  async enter(roomId: string, listeners: RoomListeners = {}): Promise<RoomSession> {
    this.rooms.get(roomId)?.leave();
    const entered = await this.rest.enter(roomId);
    const session = new RoomSession(entered, this.rest, this.connection, this.outbox, listeners);
    const leave = session.leave.bind(session);
    session.leave = () => { this.rooms.delete(roomId); leave(); };
    this.rooms.set(roomId, session);
    return session;
  }

  /** Closes the socket under the session as a network failure would (for tests of recovery). */
  dropConnection(): void { this.connection.dropSocket(); }

  /** Leaves every room and closes the connection; pending sends stay in the outbox's store. */
  async close(): Promise<void> {
    for (const room of [...this.rooms.values()]) room.leave();
    this.outbox.close();
    await this.connection.close();
  }

  /** @internal */
  async start(): Promise<void> {
    await this.token.get();
    await this.outbox.restore();
    this.connection.start();
  }
}

/**
 * Connects to Dugout. Resolves once the token is read and the outbox restored; the connection
 * comes up in the background (watch {@link DugoutClient.onState}); sends made meanwhile queue.
 */
export async function connect(options: ConnectOptions): Promise<DugoutClient> {
  const client = new DugoutClient(options, new TokenSource(options.token));
  await client.start();
  return client;
}
