// Room state and the REST side of rooms: the list, entering a room, paging
// history by cursor, filling holes, read markers and membership (what is
// counted is in counts.js).
import { onlyApiErrors } from './api.js';
import { state, views } from './state.js';
import { noteSeen, readSeqOf, readUpTo, unreadOf } from './counts.js';
import { confirmMine } from './outbox.js';
import { Timeline, ordinalOf } from './timeline.js';

export function newRoomState(room) {
  const lastOrdinal = room.lastMessage ? ordinalOf(room.lastMessage) : 0;
  return {
    id: room.id,
    room,
    members: null, // Map userId → member, once known
    // the seq of the room's newest entry, a message or a change to one
    lastSeq: room.lastSeq ?? 0,
    // the highest seq this client has seen: `since-seq` on (re)subscribe. A room
    // first seen in a list starts at its lastSeq: its older history is paged in on demand.
    seenSeq: room.lastSeq ?? 0,
    // unread counts count messages, never changes: they are differences of ordinals
    lastOrdinal,
    myReadOrdinal: lastOrdinal - (room.unreadCount ?? 0),
    myReadSeq: readSeqOf(room, lastOrdinal),
    // unread mentions: the server's count up to mentionBaseSeq, plus the seqs of those seen since
    mentionBase: room.mentionCount ?? 0,
    mentionBaseSeq: room.lastSeq ?? 0,
    mentionSeqs: new Set(),
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
export function upsertRoom(room) {
  let rs = state.rooms.get(room.id);
  if (!rs) {
    rs = newRoomState(room);
    state.rooms.set(room.id, rs);
    state.realtime?.watchRoom(room.id);
  } else {
    rs.room = { ...rs.room, ...room };
    if ((room.lastSeq ?? 0) >= rs.lastSeq) {
      rs.lastSeq = room.lastSeq ?? 0;
      if (room.lastMessage) {
        rs.lastMessage = room.lastMessage;
        rs.lastOrdinal = Math.max(rs.lastOrdinal, ordinalOf(room.lastMessage));
      }
      if (room.lastActivityAt) rs.lastActivityAt = room.lastActivityAt;
      if (room.unreadCount != null) {
        rs.myReadOrdinal = Math.max(rs.myReadOrdinal, rs.lastOrdinal - room.unreadCount);
        rs.myReadSeq = Math.max(rs.myReadSeq, readSeqOf(room, rs.lastOrdinal));
      }
      if (room.mentionCount != null) {
        rs.mentionBase = room.mentionCount;
        rs.mentionBaseSeq = rs.lastSeq;
        rs.mentionSeqs.clear();
      }
    }
  }
  if (Array.isArray(room.members)) {
    rs.members = new Map(room.members.map((m) => [m.userId, { ...m }]));
    const mine = rs.members.get(state.session?.userId);
    if (mine?.lastReadSeq > rs.myReadSeq) rs.myReadSeq = mine.lastReadSeq;
  }
  return rs;
}

export async function refreshRooms() {
  if (!state.api) return;
  try {
    let cursor = null;
    const seen = new Set();
    do {
      const page = await state.api.listRooms({ limit: 50, cursor });
      for (const room of page.rooms) {
        upsertRoom(room);
        seen.add(room.id);
      }
      cursor = page.nextCursor;
    } while (cursor && seen.size < 500);
    if (!cursor) {
      for (const id of [...state.rooms.keys()]) if (!seen.has(id)) dropRoom(id);
    }
    renderRooms();
    fetchMissingMembers();
    if (state.openRoomId && state.rooms.has(state.openRoomId)) refreshOpenRoomMembers();
  } catch (e) {
    onlyApiErrors(e);
    console.warn('room list', e);
  }
}

/** DIRECT and TRADE rooms are named after the other person: the list omits members. */
export async function fetchMissingMembers() {
  for (const rs of [...state.rooms.values()]) {
    if (rs.members || rs.room.type === 'GROUP' && rs.room.title) continue;
    try {
      upsertRoom(await state.api.getRoom(rs.id));
    } catch (e) { onlyApiErrors(e); /* shown without a name until next time */ }
  }
  renderRooms();
}

export async function refreshOpenRoomMembers() {
  const id = state.openRoomId;
  try {
    upsertRoom(await state.api.getRoom(id));
    if (state.openRoomId === id) {
      views.roomView.renderHeader();
      views.roomView.renderReadMarkers();
    }
  } catch (e) { onlyApiErrors(e); /* keep what we have */ }
}

export function dropRoom(id) {
  state.realtime?.unwatchRoom(id);
  state.rooms.delete(id);
  if (state.openRoomId === id) closeRoom();
}

let renderQueued = false;
export function renderRooms() {
  if (renderQueued) return;
  renderQueued = true;
  // why: not requestAnimationFrame, which stops in background tabs (the title shows unread there)
  setTimeout(() => {
    renderQueued = false;
    if (!state.session) return;
    views.roomList.render(state.rooms, state.openRoomId, state.session.userId);
    const unread = [...state.rooms.values()].reduce((sum, rs) => sum + (rs.id === state.openRoomId ? 0 : unreadOf(rs)), 0);
    document.title = unread ? `(${unread}) Dugout` : 'Dugout';
  }, 16);
}

export async function openRoom(id) {
  const rs = state.rooms.get(id);
  if (!rs) return;
  state.openRoomId = id;
  document.body.classList.add('room-open');
  history.replaceState(null, '', `#room=${encodeURIComponent(id)}`);
  views.roomView.show(rs, state.session.userId);
  renderRooms();
  try {
    const entered = await state.api.enter(id);
    upsertRoom(entered.room);
    rs.entered = true;
    const merged = rs.timeline.merge(entered.messages);
    noteSeen(rs, entered.messages);
    confirmMine(entered.messages);
    if (!entered.hasMore) rs.timeline.hasOlder = false;
    if (state.openRoomId !== id) return;
    views.roomView.renderHeader();
    showMerged(rs, merged);
    views.roomView.renderOutbox();
    views.roomView.scrollToBottom();
    await fillGaps(rs);
    markRead(id);
    if (views.roomView.needsMoreHistory()) loadOlder(id);
  } catch (e) {
    onlyApiErrors(e);
    if (state.openRoomId === id) views.roomView.setNotice(`Could not open the room: ${e.message}`);
  }
}

export function closeRoom() {
  state.openRoomId = null;
  document.body.classList.remove('room-open');
  history.replaceState(null, '', location.pathname);
  views.roomView.hide();
  renderRooms();
  document.querySelector('#room-list button')?.focus();
}

export async function loadOlder(id) {
  const rs = state.rooms.get(id);
  if (!rs || !rs.entered || rs.loadingOlder || !rs.timeline.hasOlder) return;
  const before = rs.timeline.minSeq;
  if (before == null || before <= 1) {
    rs.timeline.hasOlder = false;
    views.roomView.renderLoadOlder();
    return;
  }
  rs.loadingOlder = true;
  try {
    const page = await state.api.history(id, { before, limit: 30 });
    const { added, changed } = rs.timeline.merge(page.messages);
    noteSeen(rs, page.messages);
    confirmMine(page.messages);
    if (!page.hasMore || rs.timeline.minSeq === 1) rs.timeline.hasOlder = false;
    if (state.openRoomId === id) {
      views.roomView.addOlder(added);
      views.roomView.updateMessages(changed);
    }
  } catch (e) {
    onlyApiErrors(e);
    if (state.openRoomId === id) views.roomView.setNotice(`Could not load earlier messages: ${e.message}`);
  } finally {
    rs.loadingOlder = false;
  }
  if (state.openRoomId === id && rs.timeline.hasOlder && views.roomView.needsMoreHistory()) loadOlder(id);
}

/**
 * Fetches any hole between the lowest and highest seq we hold (`after=`), so
 * what is shown is always one unbroken run of the room's order.
 */
export async function fillGaps(rs) {
  if (rs.fillingGap) return;
  rs.fillingGap = true;
  try {
    for (let gap = rs.timeline.firstGapAfter(), rounds = 0; gap != null && rounds < 20; gap = rs.timeline.firstGapAfter(), rounds++) {
      const page = await state.api.history(rs.id, { after: gap, limit: 100 });
      const merged = rs.timeline.merge(page.messages);
      noteSeen(rs, page.messages);
      confirmMine(page.messages);
      showMerged(rs, merged);
      if (!merged.fresh) break;
    }
  } catch (e) {
    onlyApiErrors(e);
    console.warn('gap fill', e);
  } finally {
    rs.fillingGap = false;
  }
}

/** Shows what a merge added and changed, when the room is open. */
export function showMerged(rs, { added, changed }) {
  if (state.openRoomId !== rs.id) return;
  views.roomView.addMessages(added);
  views.roomView.updateMessages(changed);
}

let readTimer = null;
/** Moves my read marker to the newest entry of the open room, when I can see it. */
export function markRead(roomId) {
  const rs = state.rooms.get(roomId);
  if (!rs || state.openRoomId !== roomId || document.visibilityState !== 'visible') return;
  clearTimeout(readTimer);
  readTimer = setTimeout(() => {
    const seq = rs.timeline.maxSeq;
    if (seq > rs.myReadSeq && state.realtime?.isConnected) {
      state.realtime.sendRead(roomId, seq);
      readUpTo(rs, seq);
      views.notifications?.roomRead(roomId);
      renderRooms();
    }
  }, 250);
}
document.addEventListener('visibilitychange', () => markRead(state.openRoomId));

// ---- members ----

export async function addMember(roomId, userId) {
  try {
    await state.api.addMember(roomId, userId);
    views.roomView.setNotice('');
    refreshOpenRoomMembers();
    return true;
  } catch (e) {
    onlyApiErrors(e);
    views.roomView.setNotice(`Could not add ${userId}: ${e.message}`);
    return false;
  }
}

export async function leave(roomId) {
  if (!roomId || !confirm('Leave this room?')) return;
  try {
    await state.api.removeMember(roomId, state.session.userId);
    dropRoom(roomId);
    renderRooms();
  } catch (e) {
    onlyApiErrors(e);
    views.roomView.setNotice(`Could not leave: ${e.message}`);
  }
}