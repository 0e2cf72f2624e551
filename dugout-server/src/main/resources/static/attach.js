// Photos and files: each one becomes one of my messages in the outbox that
// first uploads its bytes (a slot, then a PUT to the slot's URL) and is then
// sent like any message, as IMAGE or FILE naming the upload. The upload is done
// once: every retry of the send names the same uploadId with the same
// clientMsgId, so the server stores the message once.
import { onlyApiErrors } from './api.js';
import { fail, transmit } from './outbox.js';
import { state, views } from './state.js';
import { newClientMsgId } from './timeline.js';
import { putFile } from './uploads.js';

/** Refusals of the file itself: sending it again cannot help, so no Retry. */
const FINAL = new Set([413, 415]);

/** Queues one message per file in the room's outbox and starts their uploads. */
export function sendFiles(roomId, files) {
  const rs = state.rooms.get(roomId);
  if (!rs) return;
  for (const file of files) {
    const entry = rs.timeline.addOutgoing({
      clientMsgId: newClientMsgId(),
      kind: file.type.startsWith('image/') ? 'IMAGE' : 'FILE',
      content: '',
      state: 'uploading',
      floorSeq: rs.seenSeq,
      upload: {
        file, progress: 0, uploadId: null, running: false, run: () => upload(rs, entry), stop: new AbortController(),
      },
    });
    transmit(rs, entry);
  }
}

async function upload(rs, entry) {
  const u = entry.upload;
  if (u.running) return;
  u.running = true;
  u.progress = 0;
  entry.state = 'uploading';
  entry.error = null;
  entry.reason = null;
  entry.final = false;
  render(rs);
  try {
    const file = u.file;
    const slot = await state.api.openUpload(rs.id, {
      name: file.name || 'file', size: file.size, type: file.type || 'application/octet-stream',
    });
    if (!queued(rs, entry)) return; // cancelled while the slot was opened
    const stored = await putFile(slot, file, (fraction) => {
      const shown = Math.floor(u.progress * 100);
      u.progress = fraction;
      if (Math.floor(fraction * 100) !== shown) render(rs);
    }, u.stop.signal);
    u.uploadId = stored.uploadId;
    // why: the server decides what the bytes are; an IMAGE message may name images only
    entry.kind = String(stored.type).startsWith('image/') ? 'IMAGE' : 'FILE';
    entry.attachments = [{ uploadId: stored.uploadId }];
  } catch (e) {
    onlyApiErrors(e);
    if (!queued(rs, entry)) return; // cancelled
    entry.final = FINAL.has(e.status);
    fail(rs, entry, e.message, e.status === 0 ? 'offline' : 'refused');
    return;
  } finally {
    u.running = false;
  }
  if (queued(rs, entry)) transmit(rs, entry);
}

/** False once the entry was cancelled or discarded (or the room left) while it uploaded. */
function queued(rs, entry) {
  return rs.timeline.outbox.get(entry.clientMsgId) === entry;
}

function render(rs) {
  if (state.openRoomId === rs.id) views.roomView.renderOutbox();
}
