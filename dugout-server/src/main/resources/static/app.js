// Dugout web client: wires sign-in, the room list, the open room and the STOMP
// connection together. Protocol: docs/protocol.md; how this client uses it
// (recovery, dedupe, ordering): docs/web-client.md.
import { Api, ApiError, requestDevToken } from './api.js';
import { Realtime } from './realtime.js';
import { RoomListView } from './room-list.js';
import { RoomView } from './room-view.js';
import { clearSession, loadSession, readJwt, saveSession } from './session.js';
import { newClientMsgId, Timeline } from './timeline.js';
import { setupCreateRoomForm } from './create-room.js';

const $ = (id) => document.getElementById(id);
// how long a SEND may wait for its RECEIPT before it shows as failed (tunable for tests)
const RECEIPT_TIMEOUT_MS = Number(localStorage.getItem('dugout.receiptTimeoutMs')) || 10000;
const TYPING_SHOWN_MS = 5000;
const TYPING_SEND_EVERY_MS = 2500;

let session = null;
let api = null;
let realtime = null;
/** roomId → room state (see newRoomState) */
const rooms = new Map();
let openRoomId = null;
let lastTypingSent = 0;

const roomList = new RoomListView($('room-list'), $('rooms-empty'), (id) => openRoom(id));
const roomView = new RoomView({
  onSend: (text) => send(openRoomId, text),
  onRetry: (clientMsgId) => retry(openRoomId, clientMsgId),
  onLoadOlder: () => loadOlder(openRoomId),
  onTyping: () => typing(openRoomId),
  onAddMember: (userId) => addMember(openRoomId, userId),
  onLeave: () => leave(openRoomId),
  onBack: () => closeRoom(),
  onSeen: () => markRead(openRoomId),
});

// ---- sign in / out ----

$('signin-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const userId = $('signin-user').value.trim();
  if (!userId) return;
  await signIn(async () => {
    const t = await requestDevToken(userId);
    return { token: t.token, userId: t.userId, expiresAt: t.expiresAt };
  });
});

$('jwt-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  await signIn(async () => readJwt($('jwt-input').value));
});

$('signout').addEventListener('click', () => signOut());

async function signIn(obtain) {
  const error = $('signin-error');
  error.textContent = '';
  try {
    const s = await obtain();
    const probe = new Api(() => s.token, () => {});
    await probe.listRooms(); // proves the token before we keep it
    saveSession(s);
    start(s);
  } catch (e) {
    error.textContent = signInProblem(e);
  }
}

function signInProblem(e) {
  if (e instanceof ApiError) {
    if (e.status === 404) return 'Try-it-out sign-in is off on this server (a JWT secret or key is configured). Paste a JWT instead.';
    if (e.status === 403) return 'Try-it-out sign-in only works from this machine (loopback). Paste a JWT instead.';
    if (e.status === 401) return 'The server did not accept this token.';
    return e.message;
  }
  return e.message || String(e);
}

function signOut(message) {
  realtime?.stop();
  realtime = null;
  clearSession();
  session = null;
  rooms.clear();
  openRoomId = null;
  roomView.hide();
  history.replaceState(null, '', location.pathname);
  $('shell').hidden = true;
  $('signin').hidden = false;
  $('signin-error').textContent = message || '';
  $('signin-user').focus();
}

function start(s) {
  session = s;
  api = new Api(() => session.token, () => signOut('Your session has expired. Sign in again.'));
  $('signin').hidden = true;
  $('shell').hidden = false;
  $('me').textContent = s.userId;
  realtime = new Realtime({
    token: () => session.token,
    sinceSeq: (roomId) => rooms.get(roomId)?.seenSeq ?? 0,
    onRoomEvent,
    onUserRoomsEvent,
    onSendError,
    onRoomResumed: resendAfterReconnect,
    onState: showConnection,
    onConnected: () => refreshRooms(),
    onDisconnected: failPendingSends,
    onAuthFailed: (message) => signOut(`Signed out: ${message}`),
  });
  realtime.start();
  refreshRooms().then(() => {
    const wanted = new URLSearchParams(location.hash.slice(1)).get('room');
    if (wanted && rooms.has(wanted)) openRoom(wanted);
  });
}

function showConnection(state) {
  const node = $('connection');
  node.dataset.state = state;
  node.textContent = { online: 'Online', connecting: 'Connecting…', offline: 'Offline — reconnecting' }[state] || state;
}

// ---- rooms ----

function newRoomState(room) {
  return {
    id: room.id,
    room,
    members: null, // Map userId → member, once known
    lastSeq: room.lastSeq ?? 0,
    // the highest seq this client has seen: `since-seq` on (re)subscribe. A room
    // first seen in a list starts at its lastSeq: its older history is paged in on demand.
    seenSeq: room.lastSeq ?? 0,
    myReadSeq: (room.lastSeq ?? 0) - (room.unreadCount ?? 0),
    lastMessage: room.lastMessage ?? null,
    lastActivityAt: room.lastActivityAt ?? room.createdAt ?? null,
    timeline: new Timeline(),
    typing: new Map(),
    entered: false,
    loadingOlder: false,
    fillingGap: false,
  };
}

/** Adds or updates a room from a server Room object. */
function upsertRoom(room) {
  let rs = rooms.get(room.id);
  if (!rs) {
    rs = newRoomState(room);
    rooms.set(room.id, rs);
    realtime?.watchRoom(room.id);
  } else {
    rs.room = { ...rs.room, ...room };
    if ((room.lastSeq ?? 0) >= rs.lastSeq) {
      rs.lastSeq = room.lastSeq ?? 0;
      if (room.lastMessage) rs.lastMessage = room.lastMessage;
      if (room.lastActivityAt) rs.lastActivityAt = room.lastActivityAt;
      if (room.unreadCount != null) rs.myReadSeq = Math.max(rs.myReadSeq, rs.lastSeq - room.unreadCount);
    }
  }
  if (Array.isArray(room.members)) rs.members = new Map(room.members.map((m) => [m.userId, { ...m }]));
  return rs;
}

async function refreshRooms() {
  if (!api) return;
  try {
    let cursor = null;
    const seen = new Set();
    do {
      const page = await api.listRooms(cursor);
      for (const room of page.rooms) {
        upsertRoom(room);
        seen.add(room.id);
      }
      cursor = page.nextCursor;
    } while (cursor && seen.size < 500);
    if (!cursor) {
      for (const id of [...rooms.keys()]) if (!seen.has(id)) dropRoom(id);
    }
    renderRooms();
    fetchMissingMembers();
    if (openRoomId && rooms.has(openRoomId)) refreshOpenRoomMembers();
  } catch (e) {
    console.warn('room list', e);
  }
}

/** DIRECT and TRADE rooms are named after the other person: the list omits members. */
async function fetchMissingMembers() {
  for (const rs of [...rooms.values()]) {
    if (rs.members || rs.room.type === 'GROUP' && rs.room.title) continue;
    try {
      upsertRoom(await api.getRoom(rs.id));
    } catch { /* shown without a name until next time */ }
  }
  renderRooms();
}

async function refreshOpenRoomMembers() {
  const id = openRoomId;
  try {
    upsertRoom(await api.getRoom(id));
    if (openRoomId === id) {
      roomView.renderHeader();
      roomView.renderReadMarkers();
    }
  } catch { /* keep what we have */ }
}

function dropRoom(id) {
  realtime?.unwatchRoom(id);
  rooms.delete(id);
  if (openRoomId === id) closeRoom();
}

let renderQueued = false;
function renderRooms() {
  if (renderQueued) return;
  renderQueued = true;
  requestAnimationFrame(() => {
    renderQueued = false;
    if (session) roomList.render(rooms, openRoomId, session.userId);
  });
}

async function openRoom(id) {
  const rs = rooms.get(id);
  if (!rs) return;
  openRoomId = id;
  document.body.classList.add('room-open');
  history.replaceState(null, '', `#room=${encodeURIComponent(id)}`);
  roomView.show(rs, session.userId);
  renderRooms();
  try {
    const entered = await api.enterRoom(id);
    upsertRoom(entered.room);
    rs.entered = true;
    const added = rs.timeline.merge(entered.messages, session.userId);
    noteSeen(rs, entered.messages);
    if (!entered.hasMore) rs.timeline.hasOlder = false;
    if (openRoomId !== id) return;
    roomView.renderHeader();
    roomView.addMessages(added);
    roomView.renderOutbox();
    roomView.scrollToBottom();
    await fillGaps(rs);
    markRead(id);
    if (roomView.needsMoreHistory()) loadOlder(id);
  } catch (e) {
    if (openRoomId === id) roomView.setNotice(`Could not open the room: ${e.message}`);
  }
}

function closeRoom() {
  openRoomId = null;
  document.body.classList.remove('room-open');
  history.replaceState(null, '', location.pathname);
  roomView.hide();
  renderRooms();
  document.querySelector('#room-list button')?.focus();
}

async function loadOlder(id) {
  const rs = rooms.get(id);
  if (!rs || !rs.entered || rs.loadingOlder || !rs.timeline.hasOlder) return;
  const before = rs.timeline.minSeq;
  if (before == null || before <= 1) {
    rs.timeline.hasOlder = false;
    roomView.renderLoadOlder();
    return;
  }
  rs.loadingOlder = true;
  try {
    const page = await api.messages(id, { before, limit: 30 });
    const added = rs.timeline.merge(page.messages, session.userId);
    if (!page.hasMore || rs.timeline.minSeq === 1) rs.timeline.hasOlder = false;
    if (openRoomId === id) roomView.addOlder(added);
  } catch (e) {
    if (openRoomId === id) roomView.setNotice(`Could not load earlier messages: ${e.message}`);
  } finally {
    rs.loadingOlder = false;
  }
  if (openRoomId === id && rs.timeline.hasOlder && roomView.needsMoreHistory()) loadOlder(id);
}

/**
 * Fetches any hole between the lowest and highest seq we hold (`after=`), so
 * what is shown is always one unbroken run of the room's order.
 */
async function fillGaps(rs) {
  if (rs.fillingGap) return;
  rs.fillingGap = true;
  try {
    for (let gap = rs.timeline.firstGapAfter(), rounds = 0; gap != null && rounds < 20; gap = rs.timeline.firstGapAfter(), rounds++) {
      const page = await api.messages(rs.id, { after: gap, limit: 100 });
      const added = rs.timeline.merge(page.messages, session.userId);
      noteSeen(rs, page.messages);
      if (openRoomId === rs.id) { roomView.addMessages(added); roomView.renderOutbox(); }
      if (!added.length) break;
    }
  } catch (e) {
    console.warn('gap fill', e);
  } finally {
    rs.fillingGap = false;
  }
}

function noteSeen(rs, messages) {
  for (const m of messages) {
    if (m.seq > rs.seenSeq) rs.seenSeq = m.seq;
    if (m.seq >= rs.lastSeq) {
      rs.lastSeq = m.seq;
      rs.lastMessage = m;
      rs.lastActivityAt = m.sentAt || rs.lastActivityAt;
    }
  }
}

// ---- events from the server ----

function onRoomEvent(roomId, event) {
  const rs = rooms.get(roomId);
  if (!rs) return;
  switch (event.type) {
    case 'message': return onMessage(rs, event);
    case 'read': return onRead(rs, event);
    case 'typing': return onTypingEvent(rs, event);
    case 'member.joined':
    case 'member.left': return onMembership(rs, event);
    default: return undefined;
  }
}

function onMessage(rs, message) {
  const mine = message.senderId === session.userId;
  const added = rs.timeline.merge([message], session.userId);
  noteSeen(rs, [message]);
  rs.typing.delete(message.senderId);
  if (openRoomId === rs.id) {
    roomView.addMessages(added);
    if (mine) roomView.renderOutbox();
    roomView.renderTyping();
    if (rs.entered) fillGaps(rs);
    markRead(rs.id);
  }
  renderRooms();
}

function onRead(rs, event) {
  if (event.userId === session.userId) {
    rs.myReadSeq = Math.max(rs.myReadSeq, event.seq);
    renderRooms();
    return;
  }
  const member = rs.members?.get(event.userId);
  if (member && event.seq > (member.lastReadSeq ?? 0)) {
    member.lastReadSeq = event.seq;
    if (openRoomId === rs.id) roomView.renderReadMarkers();
  }
}

let typingTicker = null;
function onTypingEvent(rs, event) {
  if (event.userId === session.userId) return;
  rs.typing.set(event.userId, Date.now() + TYPING_SHOWN_MS);
  if (openRoomId === rs.id) roomView.renderTyping();
  typingTicker ??= setInterval(() => {
    const now = Date.now();
    let any = false;
    for (const r of rooms.values()) {
      for (const [user, until] of r.typing) if (until <= now) r.typing.delete(user); else any = true;
    }
    roomView.renderTyping();
    if (!any) { clearInterval(typingTicker); typingTicker = null; }
  }, 1000);
}

function onMembership(rs, event) {
  if (event.type === 'member.left' && event.userId === session.userId) {
    dropRoom(rs.id);
    renderRooms();
    return;
  }
  if (rs.members) {
    if (event.type === 'member.joined') {
      if (!rs.members.has(event.userId)) rs.members.set(event.userId, { userId: event.userId, role: 'MEMBER', lastReadSeq: 0 });
    } else {
      rs.members.delete(event.userId);
    }
  }
  if (openRoomId === rs.id) {
    roomView.renderHeader();
    roomView.renderReadMarkers();
  }
  renderRooms();
}

function onUserRoomsEvent(event) {
  if (event.type === 'room.joined' && event.room) {
    upsertRoom(event.room);
    renderRooms();
    if (!rooms.get(event.room.id).members) fetchMissingMembers();
  } else if (event.type === 'room.left' && event.roomId) {
    dropRoom(event.roomId);
    renderRooms();
  }
}

function onSendError(error) {
  for (const rs of rooms.values()) {
    const entry = (error.clientMsgId && rs.timeline.outbox.get(error.clientMsgId))
      || [...rs.timeline.outbox.values()].find((e) => e.receipt && e.receipt === error.receipt);
    if (entry) {
      fail(rs, entry, error.message || error.code || 'rejected', 'rejected');
      return;
    }
  }
  if (openRoomId) roomView.setNotice(error.message || error.code || 'The server rejected a request');
}

// ---- sending ----

function send(roomId, text) {
  const rs = rooms.get(roomId);
  if (!rs) return;
  const entry = rs.timeline.addOutgoing({
    clientMsgId: newClientMsgId(), kind: 'TEXT', content: text, state: 'pending', floorSeq: rs.seenSeq,
  });
  transmit(rs, entry);
}

/** Sends (or re-sends) an outbox entry: always the same clientMsgId, so the server stores it once. */
function transmit(rs, entry) {
  entry.state = 'pending';
  entry.error = null;
  entry.reason = null;
  if (!realtime?.isConnected) {
    fail(rs, entry, 'offline, will retry when reconnected', 'offline');
    return;
  }
  const body = { clientMsgId: entry.clientMsgId, kind: entry.kind, content: entry.content };
  const receipt = realtime.sendMessage(rs.id, body, () => onReceipt(rs, entry, receipt));
  entry.receipt = receipt;
  clearTimeout(entry.timer);
  entry.timer = setTimeout(() => {
    if (entry.state === 'pending' && entry.receipt === receipt) fail(rs, entry, 'no answer from the server', 'timeout');
  }, RECEIPT_TIMEOUT_MS);
  if (openRoomId === rs.id) roomView.renderOutbox();
}

function onReceipt(rs, entry, receipt) {
  if (entry.receipt !== receipt) return;
  clearTimeout(entry.timer);
  if (!rs.timeline.outbox.has(entry.clientMsgId)) return; // its MESSAGE came first
  entry.state = 'sent';
  if (openRoomId === rs.id) roomView.renderOutbox();
  // The message is durable; its MESSAGE on the topic normally follows at once.
  // If it does not show up, read it from history instead of waiting.
  setTimeout(async () => {
    if (!rs.timeline.outbox.has(entry.clientMsgId)) return;
    try {
      // its seq is above what we had seen when it was first sent
      const page = await api.messages(rs.id, { after: entry.floorSeq, limit: 100 });
      const added = rs.timeline.merge(page.messages, session.userId);
      noteSeen(rs, page.messages);
      if (openRoomId === rs.id) { roomView.addMessages(added); roomView.renderOutbox(); }
      renderRooms();
    } catch { /* stays "Sent"; the next resume brings it */ }
  }, 2000);
}

function fail(rs, entry, error, reason) {
  clearTimeout(entry.timer);
  entry.state = 'failed';
  entry.error = error;
  entry.reason = reason;
  if (openRoomId === rs.id) roomView.renderOutbox();
}

function retry(roomId, clientMsgId) {
  const rs = rooms.get(roomId);
  const entry = rs?.timeline.outbox.get(clientMsgId);
  if (entry) transmit(rs, entry);
}

/** The connection dropped: nothing pending can be receipted any more. */
function failPendingSends() {
  for (const rs of rooms.values()) {
    for (const entry of rs.timeline.outbox.values()) {
      if (entry.state === 'pending') fail(rs, entry, 'connection lost, will retry when reconnected', 'offline');
    }
  }
}

/**
 * A room was resubscribed and its replay is queued: entries the replay
 * confirmed have left the outbox; the rest are sent again with their own
 * clientMsgId (a message the server already stored is not stored twice).
 */
function resendAfterReconnect(roomId) {
  const rs = rooms.get(roomId);
  if (!rs) return;
  for (const entry of rs.timeline.outbox.values()) {
    if (entry.state === 'failed' && entry.reason === 'offline') transmit(rs, entry);
  }
}

function typing(roomId) {
  if (!roomId || Date.now() - lastTypingSent < TYPING_SEND_EVERY_MS) return;
  if (realtime?.sendTyping(roomId)) lastTypingSent = Date.now();
}

let readTimer = null;
/** Moves my read marker to the newest message of the open room, when I can see it. */
function markRead(roomId) {
  const rs = rooms.get(roomId);
  if (!rs || openRoomId !== roomId || document.visibilityState !== 'visible') return;
  clearTimeout(readTimer);
  readTimer = setTimeout(() => {
    const seq = rs.timeline.maxSeq;
    if (seq > rs.myReadSeq && realtime?.isConnected) {
      realtime.sendRead(roomId, seq);
      rs.myReadSeq = seq;
      renderRooms();
    }
  }, 250);
}
document.addEventListener('visibilitychange', () => markRead(openRoomId));

// ---- members ----

async function addMember(roomId, userId) {
  try {
    await api.addMember(roomId, userId);
    roomView.setNotice('');
    refreshOpenRoomMembers();
    return true;
  } catch (e) {
    roomView.setNotice(`Could not add ${userId}: ${e.message}`);
    return false;
  }
}

async function leave(roomId) {
  if (!roomId || !confirm('Leave this room?')) return;
  try {
    await api.removeMember(roomId, session.userId);
    dropRoom(roomId);
    renderRooms();
  } catch (e) {
    roomView.setNotice(`Could not leave: ${e.message}`);
  }
}

setupCreateRoomForm({
  me: () => session?.userId,
  create: (spec) => api.createRoom(spec),
  created: (room) => {
    upsertRoom(room);
    renderRooms();
    openRoom(room.id);
  },
});

// ---- boot ----
const saved = loadSession();
if (saved) start(saved);
else {
  $('signin').hidden = false;
  $('signin-user').focus();
}
