// Sending: every message gets a clientMsgId once and keeps it for every retry,
// so the server stores it once however often it is sent. An entry is pending
// until its RECEIPT (sent) or until its MESSAGE arrives on the topic (then it
// leaves the outbox and shows at its seq); no RECEIPT in time or a dropped
// connection makes it failed, with a retry button.
import { onlyApiErrors } from './api.js';
import { noteSeen } from './counts.js';
import { state, views } from './state.js';
import { renderRooms, showMerged } from './rooms.js';
import { newClientMsgId } from './timeline.js';

// how long a SEND may wait for its RECEIPT before it shows as failed (tunable for tests)
const RECEIPT_TIMEOUT_MS = Number(localStorage.getItem('dugout.receiptTimeoutMs')) || 10000;
const TYPING_SEND_EVERY_MS = 2500;
let lastTypingSent = 0;

/** Sends a TEXT message; `replyTo` (a seq) and `mentions` (member ids) are optional. */
export function send(roomId, text, { replyTo = null, mentions = [] } = {}) {
  const rs = state.rooms.get(roomId);
  if (!rs) return;
  const entry = rs.timeline.addOutgoing({
    clientMsgId: newClientMsgId(), kind: 'TEXT', content: text, replyTo, mentions, state: 'pending', floorSeq: rs.seenSeq,
  });
  transmit(rs, entry);
  lastTypingSent = 0; // the message ends "typing" for the others: the next keystroke may say it again
}

/** Sends (or re-sends) an outbox entry: always the same clientMsgId, so the server stores it once. */
export function transmit(rs, entry) {
  // a photo or file not uploaded yet: attach.js uploads it, then comes back here
  if (entry.upload && !entry.upload.uploadId) {
    entry.upload.run();
    return;
  }
  entry.state = 'pending';
  entry.error = null;
  entry.reason = null;
  if (!state.realtime?.isConnected) {
    fail(rs, entry, 'offline, will retry when reconnected', 'offline');
    return;
  }
  const body = { clientMsgId: entry.clientMsgId, kind: entry.kind, content: entry.content };
  if (entry.replyTo != null) body.replyTo = entry.replyTo;
  if (entry.mentions?.length) body.mentions = entry.mentions;
  if (entry.attachments?.length) body.attachments = entry.attachments;
  const attempt = {};
  entry.attempt = attempt;
  state.realtime.sendMessage(rs.id, body, RECEIPT_TIMEOUT_MS).then(
    () => onReceipt(rs, entry, attempt),
    (error) => {
      if (entry.state !== 'pending' || entry.attempt !== attempt) return;
      if (error.code === 'network') fail(rs, entry, 'connection lost, will retry when reconnected', 'offline');
      else if (error.code === 'timeout') fail(rs, entry, 'no answer from the server', 'timeout');
      else fail(rs, entry, error.message || error.code || 'rejected', 'rejected');
    });
  if (state.openRoomId === rs.id) views.roomView.renderOutbox();
}

function onReceipt(rs, entry, attempt) {
  if (entry.attempt !== attempt) return;
  if (!rs.timeline.outbox.has(entry.clientMsgId)) return; // its MESSAGE came first
  entry.state = 'sent';
  if (state.openRoomId === rs.id) views.roomView.renderOutbox();
  // The message is durable; its MESSAGE on the topic normally follows at once.
  // If it does not show up, read it from history instead of waiting.
  setTimeout(async () => {
    if (!rs.timeline.outbox.has(entry.clientMsgId)) return;
    try {
      // its seq is above what we had seen when it was first sent
      const page = await state.api.messages(rs.id, { after: entry.floorSeq, limit: 100 });
      const merged = rs.timeline.merge(page.messages, state.session.userId);
      noteSeen(rs, page.messages);
      showMerged(rs, merged);
      if (state.openRoomId === rs.id) views.roomView.renderOutbox();
      renderRooms();
    } catch (e) { onlyApiErrors(e); /* stays "Sent"; the next resume brings it */ }
  }, 2000);
}

export function fail(rs, entry, error, reason) {
  entry.state = 'failed';
  entry.error = error;
  entry.reason = reason;
  if (state.openRoomId === rs.id) views.roomView.renderOutbox();
}

export function retry(roomId, clientMsgId) {
  const rs = state.rooms.get(roomId);
  const entry = rs?.timeline.outbox.get(clientMsgId);
  if (entry) transmit(rs, entry);
}

/**
 * Forgets a failed message here, or cancels a file's upload. It only leaves
 * this page: if an attempt did reach the server (only the answer was lost), the
 * message still shows up.
 */
export function discard(roomId, clientMsgId) {
  const rs = state.rooms.get(roomId);
  const entry = rs?.timeline.outbox.get(clientMsgId);
  if (!entry || (entry.state !== 'failed' && entry.state !== 'uploading')) return;
  entry.upload?.stop.abort();
  rs.timeline.outbox.delete(clientMsgId);
  if (state.openRoomId === rs.id) views.roomView.renderOutbox();
}

/**
 * Reconnected: what failed for want of a connection is sent again with its own
 * clientMsgId (a message the server already stored is not stored twice).
 */
export function resendAfterReconnect() {
  for (const rs of state.rooms.values()) {
    for (const entry of rs.timeline.outbox.values()) {
      if (entry.state === 'failed' && entry.reason === 'offline') transmit(rs, entry);
    }
  }
}

export function typing(roomId) {
  if (!roomId || Date.now() - lastTypingSent < TYPING_SEND_EVERY_MS) return;
  if (state.realtime?.sendTyping(roomId)) lastTypingSent = Date.now();
}
