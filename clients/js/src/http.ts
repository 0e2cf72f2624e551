import { backoffDelay, type Backoff } from './backoff.js';
import { DugoutError } from './errors.js';
import type {
  Entered, Entry, HistoryPage, Member, Message, NewRoom, Notification, ReadMarker, Reaction, Room, RoomPage,
  StoredUpload, UploadSlot,
} from './types.js';

const enc = encodeURIComponent;

export interface RestOptions {
  fetch?: typeof fetch;
  /** A fresh token when the server refused the one in use (401); without it a 401 is final. */
  freshToken?: () => Promise<string>;
  /** Called with every 401 that stays one after a fresh token (the user must sign in again). */
  onUnauthorized?: (error: DugoutError) => void;
  /** How often a call that may be repeated is tried in all (default 3), and the waits between tries. */
  attempts?: number;
  backoff?: Backoff;
}

/**
 * Dugout's REST API under /api/v1; every failure is a {@link DugoutError} with the server's code.
 *
 * A call that is safe to repeat (GET, PUT, PATCH and DELETE: those that change something carry a
 * clientMsgId the server dedupes by) is tried again with backoff after a retryable error
 * (`network`, `unavailable`, `rate_limited`), three tries in all by default; a POST is tried
 * once. A 401 is answered once with a fresh token, when `freshToken` can give one.
 */
export class Rest {
  private readonly fetchImpl: typeof fetch;
  private readonly o: RestOptions;

  /** @param token the token to send; null for calls made before sign-in ({@link devToken}) */
  constructor(
    private readonly baseUrl: string,
    private readonly token: (() => Promise<string>) | null,
    options: RestOptions = {},
  ) {
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.o = options;
  }

  /** A try-it-out token from a loopback server with no JWT key configured (404 elsewhere). */
  devToken(userId: string): Promise<{ token: string; userId: string; expiresAt: string }> {
    return this.call('POST', '/dev/token', { userId });
  }

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

  /**
   * A file of a room (an attachment's `url` or its thumbnail, under /api/v1) with my token, following
   * a redirect to the store's bucket (where the browser drops the token). Any other URL is refused:
   * the token never leaves for another place.
   */
  async download(path: string): Promise<Blob> {
    if (!path.startsWith('/api/v1/')) throw new DugoutError('validation', `not a file of Dugout: ${path}`);
    const response = await this.authorized('GET', path.slice('/api/v1'.length), undefined, { redirect: 'follow' });
    return response.blob();
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    return answer(await this.authorized(method, path, body));
  }

  /** The answer of a call that succeeded, after a fresh token and retries as the class says. */
  private async authorized(method: string, path: string, body?: unknown, init: RequestInit = {}): Promise<Response> {
    const attempts = method === 'POST' ? 1 : Math.max(1, this.o.attempts ?? 3);
    let renewed = false;
    for (let attempt = 1; ; attempt++) {
      const token = !this.token ? null : renewed && this.o.freshToken ? await this.o.freshToken() : await this.token();
      const response = await this.attempt(method, path, body, token, init).catch((e: DugoutError) => e);
      if (response instanceof Response && response.ok) return response;
      const error = response instanceof Response ? await problemOf(response) : response;
      if (error.status === 401 && this.o.freshToken && !renewed) {
        renewed = true;
        attempt--;
        continue;
      }
      if (error.status === 401) this.o.onUnauthorized?.(error);
      if (!error.retryable || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, backoffDelay(attempt - 1, this.o.backoff ?? { initialMs: 250, maxMs: 2000 })));
    }
  }

  private attempt(method: string, path: string, body: unknown, token: string | null, init: RequestInit): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return this.send(new URL(`/api/v1${path}`, this.baseUrl).toString(), {
      ...init, method, headers, body: body === undefined ? undefined : JSON.stringify(body),
    });
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
  if (!response.ok) throw await problemOf(response);
  if (response.status === 204) return undefined as T;
  return (await json(response)) as T;
}

async function problemOf(response: Response): Promise<DugoutError> {
  return DugoutError.fromProblem(response.status, await json(response));
}

async function json(response: Response): Promise<unknown> {
  const text = await response.text();
  try { return text ? JSON.parse(text) : null; } catch { return null; /* not JSON */ }
}

export type { Entry };
