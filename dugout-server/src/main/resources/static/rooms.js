// Room state and the REST side of rooms: the list, entering a room, paging
// history by cursor, read markers and membership (what is counted is in
// counts.js). Each room's log after what the page held reaches it through the
// client library's RoomFeed: every seq once, in order, a hole read from history.
import { RoomFeed } from '/lib/dugout-client.js';
import { onlyApiErrors } from './api.js';
import { state, views } from './state.js';
import { noteSeen, readSeqOf, readUpTo, unreadOf } from './counts.js';
import { confirmMine } from './outbox.js';
import { Timeline, ordinalOf } from './timeline.js';

export function newRoomState(room) {
  const lastOrdinal = room.lastMessage ? ordinalOf(room.lastMessage) : 0;
  const rs = {
    id: room.id,
    room,
    members: null, // Map userId → member, once known
    // the seq of the room's newest entry, a message or a change to one
    lastSeq: room.lastSeq ?? 0,
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
  };
  // its highestSeq is `since-seq` on (re)subscribe. A room first seen in a list starts at its
  // lastSeq: its older history is paged in on demand.
  rs.feed = new RoomFeed({
    from: room.lastSeq ?? 0,
    history: (after, limit) => state.api.history(room.id, { after, limit }),
    deliver: (entries) => takeEntries(rs, entries),
  });
  return rs;
}

/** The feed's delivery: entries of the room's log after what was held, each once, in seq order. */
function takeEntries(rs, entries) {
  const merged = rs.timeline.merge(entries);
  noteSeen(rs, entries);
  confirmMine(entries);
  for (const entry of entries) if (!entry.change) rs.typing.delete(entry.senderId);
  if (state.openRoomId === rs.id) {
    showMerged(rs, merged);
    views.roomView.renderTyping();
    markRead(rs.id);
  }
  renderRooms();
}

/**
 * Entries read from history (enter): those at or below the feed's highest seq are older
 * history and fold in here; any later ones go through the feed, in order, after what it holds.
 */
function takeHistory(rs, entries) {
  const older = entries.filter((e) => e.seq <= rs.feed.highestSeq);
  const merged = rs.timeline.merge(older);
  noteSeen(rs, older);
  confirmMine(older);
  showMerged(rs, merged);
  for (const e of entries.filter((x) => x.seq > rs.feed.highestSeq).sort((a, b) => a.seq - b.seq)) rs.feed.offer(e);
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
  state.rooms.get(id)?.feed.close();
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
    if (!entered.hasMore) rs.timeline.hasOlder = false;
    takeHistory(rs, entered.messages);
    if (state.openRoomId !== id) return;
    views.roomView.renderHeader();
    views.roomView.renderOutbox();
    views.roomView.scrollToBottom();
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