import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RoomFeed } from '../dist/index.js';

const e = (seq) => ({ roomId: 'r', seq, senderId: 'bob', kind: 'TEXT', content: `m${seq}` });
const wait = (ms) => new Promise((r) => setTimeout(r, ms));

/** A room log of `written` seqs that history pages serve, newest first, as the server does. */
function feedOver(written, from = 0, history = []) {
  const delivered = [];
  const feed = new RoomFeed({
    from, graceMs: 5,
    history: async (after, limit) => {
      history.push(after);
      const range = written.filter((s) => s > after).sort((a, b) => a - b);
      return { messages: range.slice(0, limit).reverse().map(e), hasMore: range.length > limit };
    },
    deliver: (entries) => delivered.push(...entries.map((x) => x.seq)),
  });
  return { feed, delivered, history };
}

test('delivers each seq once and in order, whatever order and how often they come', () => {
  const { feed, delivered } = feedOver([]);
  for (const seq of [1, 1, 3, 2, 2, 3, 4]) feed.offer(e(seq));
  assert.deepEqual(delivered, [1, 2, 3, 4]);
  assert.equal(feed.highestSeq, 4);
  feed.close();
});

test('a hole the live stream does not close is read from history, then what waited flows', async () => {
  const log = Array.from({ length: 250 }, (_, i) => i + 1);
  const { feed, delivered, history } = feedOver(log, 10);
  feed.offer(e(250));
  assert.deepEqual(delivered, []);
  await wait(100);
  assert.deepEqual(delivered, log.slice(10));
  assert.deepEqual(history, [10, 110, 210]);
  feed.close();
});

test('a hole closed by the live stream in time reads no history', async () => {
  const { feed, delivered, history } = feedOver([1, 2, 3]);
  feed.offer(e(1));
  feed.offer(e(3));
  feed.offer(e(2));
  await wait(30);
  assert.deepEqual(delivered, [1, 2, 3]);
  assert.deepEqual(history, []);
  feed.close();
});

test('a seq that history does not hold either is passed, not waited for', async () => {
  const { feed, delivered } = feedOver([1, 2, 4, 5], 2);
  feed.offer(e(5));
  await wait(50);
  assert.deepEqual(delivered, [4, 5]);
  feed.close();
});

test('catchUp reads what follows the highest seq delivered, to the end', async () => {
  const log = Array.from({ length: 120 }, (_, i) => i + 1);
  const { feed, delivered, history } = feedOver(log, 0);
  feed.offer(e(1));
  await feed.catchUp();
  assert.deepEqual(delivered, log);
  assert.deepEqual(history, [1, 101]);
  feed.close();
});

test('a failed read delivers nothing twice, and the next entry tries again', async () => {
  let fail = true;
  const delivered = [];
  const feed = new RoomFeed({
    from: 0, graceMs: 5,
    history: async (after) => {
      if (fail) throw new Error('offline');
      return { messages: [e(after + 2), e(after + 1)].filter((x) => x.seq <= 3), hasMore: false };
    },
    deliver: (entries) => delivered.push(...entries.map((x) => x.seq)),
  });
  feed.offer(e(3));
  await wait(30);
  assert.deepEqual(delivered, []);
  fail = false;
  feed.offer(e(3));
  await wait(30);
  assert.deepEqual(delivered, [1, 2, 3]);
  feed.close();
});

test('a closed feed delivers and reads nothing', async () => {
  const { feed, delivered, history } = feedOver([1, 2, 3]);
  feed.offer(e(3));
  feed.close();
  feed.offer(e(1));
  await wait(30);
  assert.deepEqual(delivered, []);
  assert.deepEqual(history, []);
});
