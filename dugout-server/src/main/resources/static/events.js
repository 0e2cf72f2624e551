// What arrives over STOMP: room topic events (message, changes to messages,
// read, typing, member.*), room-list changes on /user/queue/rooms and errors
// that answer none of my sends.
import { readUpTo } from './counts.js';
import { state, views } from './state.js';
import { dropRoom, fetchMissingMembers, renderRooms, upsertRoom } from './rooms.js';

const TYPING_SHOWN_MS = 5000;

export function onRoomEvent(roomId, event) {
  const rs = state.rooms.get(roomId);
  if (!rs) return;
  switch (event.type) {
    case 'message':
    case 'message.edited':
    case 'message.deleted':
    case 'reaction.added':
    case 'reaction.removed': return onEntry(rs, event);
    case 'read': return onRead(rs, event);
    case 'typing': return onTypingEvent(rs, event);
    case 'member.joined':
    case 'member.left': return onMembership(rs, event);
    default: return undefined;
  }
}

/** A message or a change to one: an entry of the room's log, through the room's feed (rooms.js). */
function onEntry(rs, entry) {
  rs.feed.offer(entry);
}

function onRead(rs, event) {
  if (event.userId === state.session.userId) {
    readUpTo(rs, event.seq);
    views.notifications?.roomRead(rs.id);
    renderRooms();
    return;
  }
  const member = rs.members?.get(event.userId);
  if (member && event.seq > (member.lastReadSeq ?? 0)) {
    member.lastReadSeq = event.seq;
    if (state.openRoomId === rs.id) views.roomView.renderReadMarkers();
  }
}

let typingTicker = null;
function onTypingEvent(rs, event) {
  if (event.userId === state.session.userId) return;
  rs.typing.set(event.userId, Date.now() + TYPING_SHOWN_MS);
  if (state.openRoomId === rs.id) views.roomView.renderTyping();
  typingTicker ??= setInterval(() => {
    const now = Date.now();
    let any = false;
    for (const r of state.rooms.values()) {
      for (const [user, until] of r.typing) if (until <= now) r.typing.delete(user); else any = true;
    }
    views.roomView.renderTyping();
    if (!any) { clearInterval(typingTicker); typingTicker = null; }
  }, 1000);
}

function onMembership(rs, event) {
  if (event.type === 'member.left' && event.userId === state.session.userId) {
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
  if (state.openRoomId === rs.id) {
    views.roomView.renderHeader();
    views.roomView.renderReadMarkers();
  }
  renderRooms();
}

export function onUserRoomsEvent(event) {
  if (event.type === 'room.joined' && event.room) {
    upsertRoom(event.room);
    renderRooms();
    if (!state.rooms.get(event.room.id).members) fetchMissingMembers();
  } else if (event.type === 'room.left' && event.roomId) {
    dropRoom(event.roomId);
    renderRooms();
  }
}

/** An error that answers none of my sends (those fail their outbox entry): shown above the room. */
export function onServerError(error) {
  if (state.openRoomId) views.roomView.setNotice(error.message || error.code || 'The server rejected a request');
}
