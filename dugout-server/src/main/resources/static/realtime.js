// The STOMP connection, from the client library (/lib/dugout-client.js, built
// from clients/js): it reconnects with backoff and jitter, takes a fresh token
// for every CONNECT, moves the open session onto a renewed token before the old
// one expires, and re-makes every subscription after each reconnect. A room's
// subscription resumes with `since-seq` = the highest seq this page has seen
// there, so the server replays exactly what was missed, in order, before live
// messages (docs/protocol.md, "Real time").
import { Connection } from '/lib/dugout-client.js';

export class Realtime {
  /**
   * @param {object} o
   * @param {import('/lib/dugout-client.js').TokenSource} o.token
   * @param {(roomId: string) => number} o.sinceSeq      highest seq seen in a room
   * @param {(roomId: string, event: object) => void} o.onRoomEvent
   * @param {(event: object) => void} o.onUserRoomsEvent  /user/queue/rooms
   * @param {(notification: object) => void} o.onNotification  /user/queue/notifications
   * @param {(state: string) => void} o.onState
   * @param {() => void} o.onConnected                  after every (re)connect, rooms resubscribed
   * @param {(message: string) => void} o.onAuthFailed  the server refused the token
   * @param {(error: object) => void} o.onError         any other error that answers no send
   */
  constructor(o) {
    this.rooms = new Map(); // roomId → function that ends its subscription
    this.connection = new Connection({
      wsUrl: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`,
      token: o.token,
      backoff: { initialMs: 500, maxMs: 8000 },
      // localStorage['dugout.debug'] = '1' logs every STOMP frame to the console
      debug: localStorage.getItem('dugout.debug') ? (line) => console.debug(line) : undefined,
    });
    this.sinceSeq = o.sinceSeq;
    this.onRoomEvent = o.onRoomEvent;
    this.connection.subscribe('/user/queue/rooms', o.onUserRoomsEvent);
    this.connection.subscribe('/user/queue/notifications', o.onNotification);
    this.connection.onState(o.onState);
    this.connection.onConnect(o.onConnected);
    this.connection.onError((error) => {
      const ended = error.code === 'token_expired' && !o.token.renewable; // a pasted JWT: no fresh one to come
      if (error.code === 'unauthenticated' || error.code === 'banned' || ended) o.onAuthFailed(error.message);
      // why: a renewal that could not reach the server is tried again by the library while the token holds
      else if (error.code !== 'network' && error.code !== 'timeout') o.onError(error);
    });
  }

  start() { this.connection.start(); }
  stop() { return this.connection.close(); }
  get isConnected() { return this.connection.online; }

  /** Watches a room's topic now and after every reconnect, resuming from the highest seq seen. */
  watchRoom(roomId) {
    if (this.rooms.has(roomId)) return;
    this.rooms.set(roomId, this.connection.subscribe(
      `/topic/rooms.${roomId}`,
      (event) => this.onRoomEvent(roomId, event),
      () => ({ 'since-seq': String(this.sinceSeq(roomId)) }),
    ));
  }

  unwatchRoom(roomId) {
    this.rooms.get(roomId)?.();
    this.rooms.delete(roomId);
  }

  /**
   * Sends a message with a `receipt` header: resolves when the server says it is
   * durable, rejects with a DugoutError (the server's refusal, `network`, `timeout`).
   */
  sendMessage(roomId, body, timeoutMs) {
    return this.connection.request(`/app/rooms.${roomId}.messages`, body, timeoutMs);
  }

  /** Fire-and-forget events; false while offline. */
  sendRead(roomId, seq) { return this.connection.tell(`/app/rooms.${roomId}.read`, { seq }); }
  sendTyping(roomId) { return this.connection.tell(`/app/rooms.${roomId}.typing`); }
}
