// REST client for /api/v1 (see docs/protocol.md). Errors are RFC 9457 problem
// documents; they surface as ApiError with the problem's status, code and detail.

export class ApiError extends Error {
  constructor(status, problem) {
    super(problem?.detail || problem?.title || `HTTP ${status}`);
    this.status = status;
    this.code = problem?.code || null;
    this.field = problem?.field || null;
  }
}

/**
 * For catch blocks that handle failed requests: anything else is a bug and is
 * thrown on, so it surfaces as an error instead of hiding in a warning.
 */
export function onlyApiErrors(e) {
  if (!(e instanceof ApiError)) throw e;
  return e;
}

/** Asks a loopback Dugout in try-it-out mode for a token (no secret configured). */
export async function requestDevToken(userId) {
  return call('POST', '/api/v1/dev/token', null, { userId });
}

export class Api {
  /** @param {() => string} token  @param {(e: ApiError) => void} onUnauthorized */
  constructor(token, onUnauthorized) {
    this.token = token;
    this.onUnauthorized = onUnauthorized;
  }

  async request(method, path, body) {
    try {
      return await call(method, path, this.token(), body);
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) this.onUnauthorized(e);
      throw e;
    }
  }

  listRooms(cursor) {
    const query = new URLSearchParams({ limit: '50' });
    if (cursor) query.set('cursor', cursor);
    return this.request('GET', `/api/v1/rooms?${query}`);
  }
  getRoom(roomId) { return this.request('GET', `/api/v1/rooms/${enc(roomId)}`); }
  createRoom(spec) { return this.request('POST', '/api/v1/rooms', spec); }
  /** Latest 20 messages, newest first, with the room and its members. */
  enterRoom(roomId) { return this.request('POST', `/api/v1/rooms/${enc(roomId)}/enter`); }
  addMember(roomId, userId) { return this.request('POST', `/api/v1/rooms/${enc(roomId)}/members`, { userId }); }
  removeMember(roomId, userId) { return this.request('DELETE', `/api/v1/rooms/${enc(roomId)}/members/${enc(userId)}`); }
  /** A page of history, newest first: `before` or `after` a seq. */
  messages(roomId, { before, after, limit = 30 } = {}) {
    const query = new URLSearchParams({ limit: String(limit) });
    if (before != null) query.set('before', String(before));
    if (after != null) query.set('after', String(after));
    return this.request('GET', `/api/v1/rooms/${enc(roomId)}/messages?${query}`);
  }
  /** The message as it is after the edit. */
  editMessage(roomId, seq, clientMsgId, content) {
    return this.request('PATCH', `/api/v1/rooms/${enc(roomId)}/messages/${seq}`, { clientMsgId, content });
  }
  /** The message's tombstone. */
  deleteMessage(roomId, seq, clientMsgId) {
    return this.request('DELETE', `/api/v1/rooms/${enc(roomId)}/messages/${seq}?clientMsgId=${enc(clientMsgId)}`);
  }
  /** Adds (`add`) or removes my reaction; answers the message's reactions. */
  react(roomId, seq, emoji, add, clientMsgId) {
    return this.request(add ? 'PUT' : 'DELETE',
      `/api/v1/rooms/${enc(roomId)}/messages/${seq}/reactions/${enc(emoji)}?clientMsgId=${enc(clientMsgId)}`);
  }
  /** An upload slot: {uploadId, url, method, headers, expiresAt}; the bytes go to `url` (uploads.js). */
  openUpload(roomId, { name, size, type }) {
    return this.request('POST', `/api/v1/rooms/${enc(roomId)}/uploads`, { name, size, type });
  }

  /**
   * A file of a room (an attachment's `url`, or its thumbnail) as a Blob. The
   * download needs my token, so an <img src> cannot load it. A cluster may
   * answer with a redirect to its bucket: fetch follows it, and the browser
   * drops Authorization on the way to another origin.
   */
  async download(path) {
    let response;
    try {
      response = await fetch(path, {
        headers: { Authorization: `Bearer ${this.token()}` }, redirect: 'follow', cache: 'no-store',
      });
    } catch {
      throw new ApiError(0, { title: 'Network error', detail: 'Cannot reach the server' });
    }
    if (response.ok) return response.blob();
    const error = new ApiError(response.status, await problemOf(response));
    if (error.status === 401) this.onUnauthorized(error);
    throw error;
  }
}

/** The problem document of a failed response, or null when its body is not JSON. */
export async function problemOf(response) {
  try {
    return JSON.parse(await response.text());
  } catch {
    return null;
  }
}

const enc = encodeURIComponent;

async function call(method, path, token, body) {
  const headers = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined && body !== null) headers['Content-Type'] = 'application/json';
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body == null ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch (e) {
    throw new ApiError(0, { title: 'Network error', detail: 'Cannot reach the server' });
  }
  if (response.status === 204) return null;
  const text = await response.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch { /* not JSON: keep null */ }
  if (!response.ok) throw new ApiError(response.status, json);
  return json;
}
