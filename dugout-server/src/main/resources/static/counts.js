// What the client counts in a room: the cursor (the highest seq seen), the
// newest message as it is now, and my unread and mention counts. Unread counts
// count messages, never changes: they are differences of ordinals (protocol.md,
// Messages). No DOM here.
import { state } from './state.js';
import { version } from '/lib/dugout-client.js';
import { ordinalOf } from './timeline.js';

/** Messages after my read marker (changes to messages never count). */
export function unreadOf(rs) {
  return Math.max(0, rs.lastOrdinal - rs.myReadOrdinal);
}

/** Unread messages that mention me. */
export function mentionsOf(rs) {
  return rs.mentionBase + rs.mentionSeqs.size;
}

/**
 * How far I have read a room, as a seq, from a Room object; never past the truth
 * (chat notifications up to it are taken as read). why: the unread count counts
 * messages, so `lastSeq − unreadCount` is exact only in a room without changes.
 */
export function readSeqOf(room, lastOrdinal) {
  const lastSeq = room.lastSeq ?? 0;
  const unread = room.unreadCount ?? 0;
  if (unread === 0) return lastSeq;
  if (lastOrdinal === lastSeq) return lastSeq - unread;
  return 0; // unknown until the members (with my lastReadSeq) or a read event say
}

/**
 * Takes note of entries (messages and changes) for the room's cursor, its
 * newest message, its unread count and my unread mentions.
 */
export function noteSeen(rs, entries) {
  const me = state.session.userId;
  for (const e of entries) {
    if (!Number.isInteger(e?.seq)) continue;
    if (e.seq > rs.lastSeq) rs.lastSeq = e.seq;
    rs.lastOrdinal = Math.max(rs.lastOrdinal, ordinalOf(e));
    const message = e.change ? e.target : e;
    if (e.change === 'message.deleted') rs.mentionSeqs.delete(e.targetSeq);
    if (!message) continue;
    const last = rs.lastMessage;
    if (!last || message.seq > last.seq || (message.seq === last.seq && version(message) > version(last))) {
      rs.lastMessage = message;
      rs.lastActivityAt = message.sentAt || rs.lastActivityAt;
    }
    if (e.change) continue;
    if (e.senderId === me) {
      readUpTo(rs, e.seq); // posting moves the sender's read marker to the message (protocol.md, Members)
    } else if (e.mentions?.includes(me) && e.seq > rs.myReadSeq && e.seq > rs.mentionBaseSeq) {
      rs.mentionSeqs.add(e.seq);
    }
  }
}

/** My read marker reached `seq` (here, or on another device). */
export function readUpTo(rs, seq) {
  if (seq > rs.myReadSeq) rs.myReadSeq = seq;
  // why: each entry after `seq` adds at most one message, so this never counts a read message as unread
  const atLeast = rs.lastOrdinal - Math.max(0, rs.lastSeq - seq);
  rs.myReadOrdinal = Math.max(rs.myReadOrdinal, atLeast, rs.timeline.ordinalAt(seq) ?? 0);
  for (const mention of rs.mentionSeqs) if (mention <= seq) rs.mentionSeqs.delete(mention);
  if (seq >= rs.mentionBaseSeq) rs.mentionBase = 0;
}
