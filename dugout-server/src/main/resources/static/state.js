// The client's shared state, read and changed by the feature modules.

export const state = {
  /** {token, userId, expiresAt} once signed in */
  session: null,
  /** the client library's Rest, as the signed-in user (api.js) */
  api: null,
  /** Realtime: the STOMP connection */
  realtime: null,
  /** Outbox: my messages until the server has them (the client library's, see outbox.js) */
  outbox: null,
  /** roomId → room state (see rooms.js, newRoomState) */
  rooms: new Map(),
  openRoomId: null,
};

/** The views, set once at start-up. */
export const views = { roomList: null, roomView: null, notifications: null };
