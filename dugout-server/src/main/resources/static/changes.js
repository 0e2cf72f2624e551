// Changing messages: edit, delete, react (docs/protocol.md, "Changing
// messages"). Each change is one REST call with a fresh clientMsgId, so the
// server applies it once however often the request is repeated.
//
// why REST and not a STOMP SEND: a change is one action whose answer the page
// wants (the message as it is now, or a problem saying why not). The change
// also arrives on the room topic, here and on every other device, as an entry
// of the room's log; the answer and the entry fold in by `changedSeq`, so
// whichever comes second changes nothing.
import { onlyApiErrors } from './api.js';
import { noteSeen } from './counts.js';
import { renderRooms, showMerged } from './rooms.js';
import { state, views } from './state.js';
import { newClientMsgId } from '/lib/dugout-client.js';

export function editMessage(roomId, seq, content) {
  return change(roomId, 'edit the message', (id) => state.api.edit(roomId, seq, id, content));
}

export function deleteMessage(roomId, seq) {
  return change(roomId, 'delete the message', (id) => state.api.remove(roomId, seq, id));
}

/** Adds my reaction with `emoji`, or removes it when `add` is false. */
export function react(roomId, seq, emoji, add) {
  // the answer holds only the reactions (no changedSeq): the entry on the topic brings them
  return change(roomId, add ? 'add the reaction' : 'remove the reaction',
    (id) => state.api.react(roomId, seq, emoji, add, id), false);
}

async function change(roomId, what, call, foldAnswer = true) {
  const rs = state.rooms.get(roomId);
  if (!rs) return false;
  try {
    const answer = await call(newClientMsgId());
    if (foldAnswer && answer) {
      const merged = rs.timeline.merge([answer]);
      noteSeen(rs, [answer]);
      showMerged(rs, merged);
      renderRooms();
    }
    return true;
  } catch (e) {
    onlyApiErrors(e);
    if (state.openRoomId === roomId) views.roomView.setNotice(`Could not ${what}: ${e.message}`);
    return false;
  }
}
