// Dugout web client: sign-in, then the room list, the open room and the STOMP
// connection wired together. Protocol: docs/protocol.md; how this client uses
// it (recovery, dedupe, ordering): docs/web-client.md.
import { restAs, restWith } from './api.js';
import { sendFiles } from './attach.js';
import { deleteMessage, editMessage, react } from './changes.js';
import { setupCreateRoomForm } from './create-room.js';
import { onRoomEvent, onServerError, onUserRoomsEvent } from './events.js';
import { NotificationsPanel } from './notifications.js';
import {
  discard, outboxOf, resumeUploads, retry, send, startOutbox, stopOutbox, typing,
} from './outbox.js';
import { Realtime } from './realtime.js';
import { RoomListView } from './room-list.js';
import { RoomView } from './room-view.js';
import {
  addMember, closeRoom, leave, loadOlder, markRead, openRoom, refreshRooms, renderRooms, upsertRoom,
} from './rooms.js';
import { DugoutError, TokenSource } from '/lib/dugout-client.js';
import { clearSession, loadSession, readJwt, saveSession } from './session.js';
import { state, views } from './state.js';

const $ = (id) => document.getElementById(id);

views.roomList = new RoomListView($('room-list'), $('rooms-empty'), (id) => openRoom(id));
views.roomView = new RoomView({
  onSend: (text, extras) => send(state.openRoomId, text, extras),
  onEdit: (seq, text) => editMessage(state.openRoomId, seq, text),
  onDelete: (seq) => deleteMessage(state.openRoomId, seq),
  onReact: (seq, emoji, add) => react(state.openRoomId, seq, emoji, add),
  outbox: (roomId) => outboxOf(roomId),
  onRetry: (clientMsgId) => retry(state.openRoomId, clientMsgId),
  onDiscard: (clientMsgId) => discard(state.openRoomId, clientMsgId),
  onLoadOlder: () => loadOlder(state.openRoomId),
  onTyping: () => typing(state.openRoomId),
  onAddMember: (userId) => addMember(state.openRoomId, userId),
  onLeave: () => leave(state.openRoomId),
  onBack: () => closeRoom(),
  onSeen: () => markRead(state.openRoomId),
  onFiles: (files) => sendFiles(state.openRoomId, files),
  download: (path) => state.api.download(path),
});

const notifications = new NotificationsPanel({
  api: () => state.api,
  openRoom: (roomId) => {
    if (state.rooms.has(roomId)) openRoom(roomId);
  },
  readSeq: (roomId) => state.rooms.get(roomId)?.myReadSeq ?? 0,
});
views.notifications = notifications;

setupCreateRoomForm({
  me: () => state.session?.userId,
  create: (spec) => state.api.createRoom(spec),
  created: (room) => {
    upsertRoom(room);
    renderRooms();
    openRoom(room.id);
  },
});

$('signin-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const userId = $('signin-user').value.trim();
  if (!userId) return;
  await signIn(async () => {
    const t = await restWith(null).devToken(userId);
    return { token: t.token, userId: t.userId, expiresAt: t.expiresAt, renewable: true };
  });
});

$('jwt-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  await signIn(async () => readJwt($('jwt-input').value));
});

// why discard: on a shared device the next person must not find, nor later send, my unsent messages
$('signout').addEventListener('click', () => signOut('', { discardUnsent: true }));

async function signIn(obtain) {
  const error = $('signin-error');
  error.textContent = '';
  try {
    const session = await obtain();
    await restWith(session.token).listRooms({ limit: 1 }); // proves the token before we keep it
    saveSession(session);
    start(session);
  } catch (e) {
    error.textContent = signInProblem(e);
  }
}

function signInProblem(e) {
  if (e instanceof DugoutError) {
    if (e.status === 404) {
      return 'Try-it-out sign-in is not available here: the server has a JWT key configured, or this is not the server’s machine. Paste a JWT instead.';
    }
    if (e.status === 401) return 'The server did not accept this token.';
    return e.message;
  }
  return e.message || String(e);
}

// A try-it-out token is renewed by the client library before it expires (a
// tenth of its life early, at most five minutes), and the open STOMP session
// moves onto it, so the server never has to end the session for an expired
// token. A pasted JWT cannot be renewed here: when it expires the server ends
// the session and the page signs out.
function tokenSource(session) {
  if (!session.renewable) return new TokenSource(session.token);
  let kept = session.token; // why: the first CONNECT uses the token signed in with, not a second one
  return new TokenSource(async () => {
    if (kept) {
      const token = kept;
      kept = null;
      return token;
    }
    let t;
    try {
      t = await restWith(null).devToken(state.session.userId);
    } catch (e) {
      // offline or the server is restarting: the library asks again while the old token holds
      throw new DugoutError(e.status ? 'unavailable' : 'network', e.message || String(e), e.status ?? 0);
    }
    state.session = { ...state.session, token: t.token, expiresAt: t.expiresAt };
    saveSession(state.session);
    return t.token;
  });
}

/** Back to the sign-in form; `discardUnsent` for a sign-out the user chose (see stopOutbox). */
function signOut(message, { discardUnsent = false } = {}) {
  state.realtime?.stop();
  state.realtime = null;
  stopOutbox({ discardUnsent });
  clearSession();
  state.session = null;
  state.api = null;
  for (const rs of state.rooms.values()) rs.feed.close();
  state.rooms.clear();
  state.openRoomId = null;
  notifications.clear();
  views.roomView.hide();
  history.replaceState(null, '', location.pathname);
  $('shell').hidden = true;
  $('signin').hidden = false;
  $('signin-error').textContent = message || '';
  $('signin-user').focus();
}

function start(session) {
  state.session = session;
  const token = tokenSource(session);
  const api = restAs(token, () => {
    if (state.api === api) signOut('Your session has expired. Sign in again.'); // not a call of an earlier sign-in
  });
  state.api = api;
  $('signin').hidden = true;
  $('shell').hidden = false;
  $('me').textContent = session.userId;
  state.realtime = new Realtime({
    token,
    sinceSeq: (roomId) => state.rooms.get(roomId)?.feed.highestSeq ?? 0,
    onRoomEvent,
    onUserRoomsEvent,
    onNotification: (n) => notifications.arrived(n),
    onState: showConnection,
    // rooms joined while we were away, fresh unread counts, notifications sent meanwhile
    onConnected: () => {
      refreshRooms();
      notifications.load();
      state.outbox?.wake();
      resumeUploads();
    },
    onAuthFailed: (message) => signOut(`Signed out: ${message}`),
    onError: onServerError,
  });
  // pending sends from an earlier page go out once connected, with their own clientMsgIds
  startOutbox(session.userId, state.realtime).then(() => state.realtime?.start());
  refreshRooms().then(() => {
    const wanted = new URLSearchParams(location.hash.slice(1)).get('room');
    if (wanted && state.rooms.has(wanted)) openRoom(wanted);
  });
}

function showConnection(connection) {
  const node = $('connection');
  node.dataset.state = connection;
  node.textContent = { online: 'Online', connecting: 'Connecting…', offline: 'Offline, reconnecting…' }[connection] || connection;
  if (state.openRoomId) views.roomView.renderOutbox(); // offline, what waits shows as not sent
}

const saved = loadSession();
if (saved) {
  start(saved);
} else {
  $('signin').hidden = false;
  $('signin-user').focus();
}
