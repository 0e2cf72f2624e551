import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Outbox, RoomSession } from '../dist/index.js';

const msg = (seq) => ({ type: 'message', roomId: 'r', seq, senderId: 'b', kind: 'TEXT', content: `m${seq}`, attachments: [], sentAt: '' });

/** A room topic the test feeds by hand, and a history that holds the whole log. */
function fixture(log) {
  const topic = { handler: null, headers: null };
  const connection = {
    subscribe(destination, handler, headers) { topic.handler = handler; topic.headers = headers; return () => {}; },
    tell() { return true; },
  };
  const rest = {
    asked: [],
    async history(roomId, { after, limit }) {
      this.asked.push(after);
      return { messages: log.filter((e) => e.seq > after).slice(0, limit).reverse(), hasMore: false };
    },
  };
  const outbox = new Outbox({ online: false, send: async () => {} });
  return { topic, connection, rest, outbox };
}

test('a skipped seq is read from history; every seq reaches the app once and in order', async () => {
  const log = [1, 2, 3, 4, 5, 6].map(msg);
  const { topic, connection, rest, outbox } = fixture(log);
  const delivered = [];
  const room = new RoomSession({ room: { id: 'r' }, messages: [msg(2), msg(1)], hasMore: false },
    rest, connection, outbox, { entry: (e) => delivered.push(e.seq) });
  assert.deepEqual(topic.headers(), { 'since-seq': '2' });
  topic.handler(msg(3));
  topic.handler(msg(6));
  assert.deepEqual(delivered, [3]);
  await new Promise((r) => setTimeout(r, 400));
  assert.deepEqual(rest.asked, [3]);
  assert.deepEqual(delivered, [3, 4, 5, 6]);
  topic.handler(msg(5));
  assert.deepEqual(delivered, [3, 4, 5, 6]);
  assert.deepEqual(topic.headers(), { 'since-seq': '6' }, 'a reconnect resumes after the highest seq delivered');
  assert.deepEqual(room.messages().map((m) => m.seq), [1, 2, 3, 4, 5, 6]);
  room.leave();
});

test('events that are not log entries go to the event listener, not the timeline', () => {
  const { topic, connection, rest, outbox } = fixture([]);
  const events = [];
  const room = new RoomSession({ room: { id: 'r' }, messages: [], hasMore: false },
    rest, connection, outbox, { event: (e) => events.push(e.type) });
  topic.handler({ type: 'read', roomId: 'r', userId: 'b', seq: 4 });
  topic.handler({ type: 'typing', roomId: 'r', userId: 'b' });
  assert.deepEqual(events, ['read', 'typing']);
  assert.equal(room.highestSeq, 0);
  room.leave();
});
