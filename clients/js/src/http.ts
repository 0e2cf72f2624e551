import { DugoutError } from './errors.js';
import type {
  Entered, Entry, HistoryPage, Member, Message, NewRoom, Notification, ReadMarker, Reaction, Room, RoomPage,
  StoredUpload, UploadSlot,
} from './types.js';

const enc = encodeURIComponent;

/** Dugout's REST API under /api/v1; every failure is a {@link DugoutError} with the server's code. */
export class Rest {
  constructor(
    private readonly baseUrl: string,
    private readonly token: () => Promise<string>,
    private readonly fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
  ) {}

  listRooms(o: { limit?: number; cursor?: string | null } = {}): Promise<RoomPage> {
    const q = new URLSearchParams({ limit: String(o.limit ?? 20) });
    if (o.cursor) q.set('cursor', o.cursor);
    return this.call('GET', `/rooms?${q}`);
  }
  getRoom(roomId: string): Promise<Room> { return this.call('GET', `/rooms/${enc(roomId)}`); }
  createRoom(spec: NewRoom): Promise<Room> { return this.call('POST', '/rooms', spec); }
  enter(roomId: string): Promise<Entered> { return this.call('POST', `/rooms/${enc(roomId)}/enter`); }
  addMember(roomId: string, userId: string): Promise<Member> {
    return this.call('POST', `/rooms/${enc(roomId)}/members`, { userId });
  }
  removeMember(roomId: string, userId: string): Promise<void> {
    return this.call('DELETE', `/rooms/${enc(roomId)}/members/${enc(userId)}`);
  }
  /** A page of the room's log, newest first: the newest, `before` a seq, or `after` one. */
  history(roomId: string, o: { before?: number; after?: number; limit?: number } = {}): Promise<HistoryPage> {
    const q = new URLSearchParams({ limit: String(o.limit ?? 50) });
    if (o.before != null) q.set('before', String(o.before));
    if (o.after != null) q.set('after', String(o.after));
    return this.call('GET', `/rooms/${enc(roomId)}/messages?${q}`);
  }
  read(roomId: string, seq: number): Promise<ReadMarker> { return this.call('POST', `/rooms/${enc(roomId)}/read`, { seq }); }
  mute(roomId: string, muted: boolean): Promise<Member> { return this.call(muted ? 'PUT' : 'DELETE', `/rooms/${enc(roomId)}/mute`); }
  edit(roomId: string, seq: number, clientMsgId: string, content: string): Promise<Message> {
    return this.call('PATCH', `/rooms/${enc(roomId)}/messages/${seq}`, { clientMsgId, content });
  }
  remove(roomId: string, seq: number, clientMsgId: string): Promise<Message> {
    return this.call('DELETE', `/rooms/${enc(roomId)}/messages/${seq}?clientMsgId=${enc(clientMsgId)}`);
  }
  react(roomId: string, seq: number, emoji: string, add: boolean, clientMsgId: string):
    Promise<{ roomId: string; seq: number; reactions: Reaction[] }> {
    return this.call(add ? 'PUT' : 'DELETE',
      `/rooms/${enc(roomId)}/messages/${seq}/reactions/${enc(emoji)}?clientMsgId=${enc(clientMsgId)}`);
  }
  openUpload(roomId: string, file: { name: string; size: number; type: string }): Promise<UploadSlot> {
    return this.call('POST', `/rooms/${enc(roomId)}/uploads`, file);
  }
  /** Sends the bytes to the slot's URL, with its headers and no token (the URL's signature is the permission). */
  async putUpload(slot: UploadSlot, bytes: BodyInit): Promise<StoredUpload> {
    const url = new URL(slot.url, this.baseUrl).toString();
    const response = await this.send(url, { method: slot.method || 'PUT', headers: { ...slot.headers, Accept: 'application/json' }, body: bytes });
    return answer(response);
  }
  notifications(o: { limit?: number; before?: string; unreadOnly?: boolean } = {}):
    Promise<{ notifications: Notification[]; hasMore: boolean; unreadCount: number; nextBefore: string | null }> {
    const q = new URLSearchParams({ limit: String(o.limit ?? 20) });
    if (o.before) q.set('before', o.before);
    if (o.unreadOnly) q.set('unreadOnly', 'true');
    return this.call('GET', `/notifications?${q}`);
  }
  markNotificationsRead(which: { ids: string[] } | { all: true; upTo?: string }): Promise<{ marked: number; unreadCount: number }> {
    return this.call('POST', '/notifications/read', which);
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${await this.token()}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await this.send(new URL(`/api/v1${path}`, this.baseUrl).toString(), {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
    });
    return answer(response);
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetchImpl(url, { ...init, cache: 'no-store' });
    } catch (e) {
      throw new DugoutError('network', `cannot reach the server: ${(e as Error).message}`);
    }
  }
}

async function answer<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let json: unknown = null;
  try { json = text ? JSON.parse(text) : null; } catch { /* not JSON */ }
  if (!response.ok) throw DugoutError.fromProblem(response.status, json);
  return json as T;
}

export type { Entry };
