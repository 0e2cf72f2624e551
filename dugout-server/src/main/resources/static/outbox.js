// Sending, through the client library's outbox (/lib/dugout-client.js): every
// message gets a clientMsgId once and keeps it for every retry, so the server
// stores it once however often it is sent; one message per room is on the wire
// at a time, so they are stored in the order written; and what is not receipted
// is kept in IndexedDB, so a reload sends it again. The library retries by
// itself (after a timeout, a lost connection, `rate_limited`); this module shows
// it: pending until its RECEIPT (sent) or its copy on the topic (then it leaves
// the outbox and shows at its seq), failed with Retry while it cannot go.
// Photos and files wait here while their bytes upload (attach.js).
import { IndexedDbOutboxStore, MemoryOutboxStore, Outbox } from '/lib/dugout-client.js';
import { state, views } from './state.js';

// how long a SEND may wait for its RECEIPT before it shows as failed and goes again (tunable for tests)
const RECEIPT_TIMEOUT_MS = Number(localStorage.getItem('dugout.receiptTimeoutMs')) || 10000;
const TYPING_SEND_EVERY_MS = 2500;
let lastTypingSent = 0;

/** clientMsgId → my message as the library's outbox last reported it, until confirmed or discarded */
const sending = new Map();
/** local id → a photo or file whose bytes are uploading (attach.js), before it joins the outbox */
export const uploads = new Map();

/** Opens the signed-in user's outbox and takes back what an earlier page of theirs left unsent. */
export async function startOutbox(userId, realtime) {
  const store = globalThis.indexedDB ? new IndexedDbOutboxStore(`dugout-outbox.${userId}`) : new MemoryOutboxStore();
  const outbox = new Outbox({
    get online() { return realtime.isConnected; },
    send: (roomId, body, timeoutMs) => realtime.sendMessage(roomId, body, timeoutMs),
  }, { store, receiptTimeoutMs: RECEIPT_TIMEOUT_MS });
  outbox.onChange(changed);
  state.outbox = outbox;
  try {
    await outbox.restore();
  } catch (e) {
    console.warn('outbox: nothing restored', e); // a browser without usable IndexedDB: this page's sends only
  }
}

/**
 * Stops sending. What is not receipted stays in IndexedDB for this user's next
 * page (a reload, or the next sign-in after the session ended on its own), unless
 * `discardUnsent`: signing out on purpose leaves nothing of theirs on the device.
 */
export function stopOutbox({ discardUnsent = false } = {}) {
  if (discardUnsent) state.outbox?.discardAll().catch((e) => console.warn('outbox: not discarded', e));
  else state.outbox?.close();
  state.outbox = null;
  sending.clear();
  for (const upload of uploads.values()) upload.stop.abort();
  uploads.clear();
}

/** Sends a message; `replyTo` (a seq), `mentions` (member ids) and `attachments` are optional. */
export function send(roomId, text, { replyTo = null, mentions = [], kind = 'TEXT', attachments } = {}) {
  if (!state.rooms.has(roomId) || !state.outbox) return;
  state.outbox.send(roomId, { kind, content: text, replyTo: replyTo ?? undefined, mentions, attachments });
  lastTypingSent = 0; // the message ends "typing" for the others: the next keystroke may say it again
}

function changed(message) {
  if (message.message) {
    forget(message.clientMsgId);
  } else {
    sending.set(message.clientMsgId, message);
    if (message.state === 'sent') setTimeout(() => readFromHistory(message), 2000);
  }
  render(message.roomId);
}

/**
 * Receipted: the message is durable, and its MESSAGE on the topic normally
 * follows at once. If it does not show up, the room's feed reads what follows
 * from history instead of waiting (a read that fails leaves it "Sent": the next
 * resume brings it).
 */
function readFromHistory(message) {
  const rs = state.rooms.get(message.roomId);
  if (rs && sending.has(message.clientMsgId)) rs.feed.catchUp();
}

/** Entries of a room's log from any source: those that are my messages confirm their outbox entry. */
export function confirmMine(entries, outbox = state.outbox, me = state.session?.userId) {
  for (const entry of entries) {
    if (!entry.change && entry.clientMsgId && entry.senderId === me) outbox?.confirm(entry);
  }
}

/** What the room view shows for the room's unconfirmed messages of mine, in the order written. */
export function outboxOf(roomId) {
  const online = state.realtime?.isConnected ?? false;
  const shown = [...sending.values()].filter((m) => m.roomId === roomId).map((m) => {
    // why: a message waiting to go again (offline, no answer yet) is shown as not sent, with Retry
    const waiting = m.state === 'pending' && (m.error || !online);
    return {
      clientMsgId: m.clientMsgId, kind: m.kind, content: m.content, replyTo: m.replyTo, queuedAt: m.queuedAt,
      state: waiting ? 'failed' : m.state,
      error: waiting && !m.error ? 'offline, will retry when reconnected' : m.error?.message,
    };
  });
  const uploading = [...uploads.values()].filter((u) => u.roomId === roomId);
  return [...uploading, ...shown].sort((a, b) => a.queuedAt - b.queuedAt);
}

/** Sends a message again now (same clientMsgId), or uploads a file again. */
export function retry(roomId, clientMsgId) {
  const upload = uploads.get(clientMsgId);
  if (upload) upload.run();
  else state.outbox?.retry(clientMsgId);
}

/**
 * Forgets a message that is not on its way, or cancels a file's upload. It only
 * leaves this page: if an attempt did reach the server (only the answer was
 * lost), the message still shows up.
 */
export function discard(roomId, clientMsgId) {
  const upload = uploads.get(clientMsgId);
  if (upload) {
    upload.stop.abort();
    uploads.delete(clientMsgId);
  } else if (state.outbox?.discard(clientMsgId)) {
    forget(clientMsgId);
  }
  render(roomId);
}

/** Reconnected: uploads that failed for want of a network start again by themselves. */
export function resumeUploads() {
  for (const upload of uploads.values()) if (upload.state === 'failed' && upload.offline) upload.run();
}

function forget(clientMsgId) {
  sending.delete(clientMsgId);
}

export function render(roomId) {
  if (state.openRoomId === roomId) views.roomView.renderOutbox();
}

export function typing(roomId) {
  if (!roomId || Date.now() - lastTypingSent < TYPING_SEND_EVERY_MS) return;
  if (state.realtime?.sendTyping(roomId)) lastTypingSent = Date.now();
}
