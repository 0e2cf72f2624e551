// Photos and files: each one waits in the room's outbox while its bytes upload
// (a slot, then a PUT to the slot's URL), then is sent through the client
// library's outbox like any message, as IMAGE or FILE naming the upload. The
// upload is done once: every retry of the send names the same uploadId with the
// same clientMsgId, so the server stores the message once.
import { onlyApiErrors } from './api.js';
import { render, send, uploads } from './outbox.js';
import { state } from './state.js';
import { putFile } from './uploads.js';

/** Refusals of the file itself: sending it again cannot help, so no Retry. */
const FINAL = new Set([413, 415]);
let uploadIds = 0;

/** Shows one outbox entry per file in the room and starts their uploads. */
export function sendFiles(roomId, files) {
  if (!state.rooms.has(roomId)) return;
  for (const file of files) {
    const entry = {
      clientMsgId: `upload-${++uploadIds}`, roomId, kind: file.type.startsWith('image/') ? 'IMAGE' : 'FILE',
      content: '', state: 'uploading', queuedAt: Date.now(), upload: { file, progress: 0 },
      stop: new AbortController(), running: false, run: () => upload(entry),
    };
    uploads.set(entry.clientMsgId, entry);
    upload(entry);
  }
}

async function upload(entry) {
  if (entry.running) return;
  entry.running = true;
  entry.upload.progress = 0;
  entry.state = 'uploading';
  entry.error = null;
  entry.final = false;
  entry.offline = false;
  render(entry.roomId);
  let stored;
  try {
    const file = entry.upload.file;
    const slot = await state.api.openUpload(entry.roomId, {
      name: file.name || 'file', size: file.size, type: file.type || 'application/octet-stream',
    });
    if (!queued(entry)) return; // cancelled while the slot was opened
    stored = await putFile(slot, file, (fraction) => {
      const shown = Math.floor(entry.upload.progress * 100);
      entry.upload.progress = fraction;
      if (Math.floor(fraction * 100) !== shown) render(entry.roomId);
    }, entry.stop.signal);
  } catch (e) {
    onlyApiErrors(e);
    if (!queued(entry)) return; // cancelled
    entry.final = FINAL.has(e.status);
    entry.offline = e.status === 0;
    entry.state = 'failed';
    entry.error = e.message;
    render(entry.roomId);
    return;
  } finally {
    entry.running = false;
  }
  if (!queued(entry)) return;
  uploads.delete(entry.clientMsgId);
  // why: the server decides what the bytes are; an IMAGE message may name images only
  const kind = String(stored.type).startsWith('image/') ? 'IMAGE' : 'FILE';
  send(entry.roomId, '', { kind, attachments: [{ uploadId: stored.uploadId }] });
  render(entry.roomId);
}

/** False once the entry was cancelled or discarded (or the page signed out) while it uploaded. */
function queued(entry) {
  return uploads.get(entry.clientMsgId) === entry;
}
