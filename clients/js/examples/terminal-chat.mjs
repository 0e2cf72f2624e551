// A terminal chat on @dugout/client: enters a room, prints each of its messages once and in order
// (edits and deletes as they happen), and sends every line typed through the outbox, so each is
// stored exactly once and in order, across dropped connections too. When the input ends it waits
// for its messages to be stored, then leaves.
//
//   node examples/terminal-chat.mjs <server url> <room id> <token> [<STOMP url>]
//
// The token is one your backend issued for the user (a try-it-out server gives one from
// POST /api/v1/dev/token); the STOMP url defaults to the server's /ws. Node 20 needs
// --experimental-websocket; Node 22 does not.
import { createInterface } from 'node:readline';
import { connect } from '../dist/index.js';

const [url, roomId, token, wsUrl] = process.argv.slice(2);
if (!token) {
  console.error('usage: node terminal-chat.mjs <server url> <room id> <token> [<STOMP url>]');
  process.exit(2);
}

const client = await connect({ url, token, wsUrl });
const line = (m) =>
  `#${m.seq} ${m.senderId}: ${m.deleted ? '(deleted)' : m.content}${m.editedAt ? ' (edited)' : ''}`;
const room = await client.enter(roomId, {
  timeline: ({ added, changed }) => [...added, ...changed].forEach((m) => console.log(line(m))),
});
room.messages().forEach((m) => console.log(line(m)));

const input = createInterface({ input: process.stdin });
input.on('line', (text) => {
  if (text.trim()) room.send(text);
});
input.on('close', async () => {
  for (let waited = 0; room.pending().length > 0 && waited < 30_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const unsent = room.pending().length;
  await client.close();
  process.exit(unsent === 0 ? 0 : 1);
});
