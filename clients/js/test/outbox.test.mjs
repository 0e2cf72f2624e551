import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DugoutError, MemoryOutboxStore, Outbox } from '../dist/index.js';

/** A transport the test drives: each send waits until the test answers it. */
class FakeTransport {
  online = true;
  calls = [];
  send(roomId, body) {
    return new Promise((resolve, reject) => this.calls.push({ roomId, body, resolve, reject }));
  }
}

const tick = () => new Promise((r) => setTimeout(r, 5));
let n = 0;
const options = (extra = {}) => ({ newClientMsgId: () => `c-${++n}`, backoff: { initialMs: 1, maxMs: 2 }, ...extra });

test('send returns a pending message at once and keeps one message per room on the wire', async () => {
  const t = new FakeTransport();
  const outbox = new Outbox(t, options());
  const a = outbox.send('r', { content: 'a' });
  outbox.send('r', { content: 'b' });
  outbox.send('other', { content: 'x' });
  assert.equal(a.state, 'pending');
  assert.deepEqual(t.calls.map((c) => c.body.content), ['a', 'x']);
  t.calls[0].resolve();
  await tick();
  assert.equal(a.state, 'sent');
  assert.deepEqual(t.calls.map((c) => c.body.content), ['a', 'x', 'b']);
});

test('a lost connection retries with the same clientMsgId, before anything queued after it', async () => {
  const t = new FakeTransport();
  const outbox = new Outbox(t, options());
  const a = outbox.send('r', { content: 'a' });
  outbox.send('r', { content: 'b' });
  t.online = false;
  t.calls[0].reject(new DugoutError('network', 'connection lost'));
  await tick();
  assert.equal(t.calls.length, 1, 'nothing is sent while offline');
  t.online = true;
  outbox.wake();
  await tick();
  assert.equal(t.calls[1].body.clientMsgId, a.clientMsgId);
  assert.equal(t.calls[1].body.content, 'a');
  t.calls[1].resolve();
  await tick();
  assert.equal(t.calls[2].body.content, 'b');
});

test('a refusal fails the message for good and lets the next one go', async () => {
  const t = new FakeTransport();
  const outbox = new Outbox(t, options());
  const a = outbox.send('r', { content: 'a' });
  outbox.send('r', { content: 'b' });
  t.calls[0].reject(new DugoutError('content_refused', 'no'));
  await tick();
  assert.equal(a.state, 'failed');
  assert.equal(a.error.code, 'content_refused');
  assert.equal(t.calls[1].body.content, 'b');
});

test('rate limiting is retried after a backoff', async () => {
  const t = new FakeTransport();
  const outbox = new Outbox(t, options());
  const a = outbox.send('r', { content: 'a' });
  t.calls[0].reject(new DugoutError('rate_limited', 'slow down'));
  await tick();
  assert.equal(t.calls.length, 2);
  assert.equal(t.calls[1].body.clientMsgId, a.clientMsgId);
  assert.equal(a.attempts, 2);
});

test('attempts are bounded', async () => {
  const t = new FakeTransport();
  const outbox = new Outbox(t, options({ maxAttempts: 2 }));
  const a = outbox.send('r', { content: 'a' });
  t.calls[0].reject(new DugoutError('timeout', 'no receipt'));
  await tick();
  t.calls[1].reject(new DugoutError('timeout', 'no receipt'));
  await tick();
  assert.equal(a.state, 'failed');
});

test('its stored copy coming back confirms a message whose receipt was lost', async () => {
  const t = new FakeTransport();
  const outbox = new Outbox(t, options());
  const a = outbox.send('r', { content: 'a' });
  outbox.send('r', { content: 'b' });
  outbox.confirm({ roomId: 'r', seq: 7, senderId: 'me', clientMsgId: a.clientMsgId, kind: 'TEXT', content: 'a', attachments: [], sentAt: '' });
  await tick();
  assert.equal(a.state, 'sent');
  assert.equal(a.message.seq, 7);
  assert.equal(t.calls[1].body.content, 'b');
});

test('the store keeps unsent messages, and a new outbox sends them in order with their ids', async () => {
  const store = new MemoryOutboxStore();
  const offline = new FakeTransport();
  offline.online = false;
  const first = new Outbox(offline, options({ store }));
  const a = first.send('r', { content: 'a' });
  await tick();
  const b = first.send('r', { content: 'b' });
  first.close();
  const t = new FakeTransport();
  const second = new Outbox(t, options({ store }));
  await second.restore();
  assert.deepEqual(t.calls.map((c) => c.body.clientMsgId), [a.clientMsgId]);
  t.calls[0].resolve();
  await tick();
  assert.deepEqual(t.calls.map((c) => c.body.clientMsgId), [a.clientMsgId, b.clientMsgId]);
  t.calls[1].resolve();
  await tick();
  assert.deepEqual(await store.load(), []);
});

test('a message waiting for the connection can be discarded, and is never sent', async () => {
  const t = new FakeTransport();
  t.online = false;
  const store = new MemoryOutboxStore();
  const outbox = new Outbox(t, options({ store }));
  const a = outbox.send('r', { content: 'never mind' });
  outbox.send('r', { content: 'b' });
  assert.equal(outbox.discard(a.clientMsgId), true);
  t.online = true;
  outbox.wake();
  await tick();
  assert.deepEqual(t.calls.map((c) => c.body.content), ['b']);
  assert.deepEqual((await store.load()).map((m) => m.content), ['b']);
  assert.equal(outbox.get(a.clientMsgId), undefined);
});

test('a message on the wire cannot be discarded', async () => {
  const t = new FakeTransport();
  const outbox = new Outbox(t, options());
  const a = outbox.send('r', { content: 'a' });
  assert.equal(outbox.discard(a.clientMsgId), false);
  t.calls[0].resolve();
  await tick();
  assert.equal(a.state, 'sent');
});

test('retry sends a message waiting out its backoff at once', async () => {
  const t = new FakeTransport();
  const outbox = new Outbox(t, options({ backoff: { initialMs: 60_000, maxMs: 60_000 } }));
  const a = outbox.send('r', { content: 'a' });
  t.calls[0].reject(new DugoutError('timeout', 'no receipt'));
  await tick();
  assert.equal(t.calls.length, 1, 'waits a minute before the next attempt');
  outbox.retry(a.clientMsgId);
  await tick();
  assert.equal(t.calls.length, 2);
  assert.equal(t.calls[1].body.clientMsgId, a.clientMsgId);
  t.calls[1].resolve();
  await tick();
  assert.equal(a.state, 'sent');
  outbox.close();
});

test('discardAll forgets every unsent message, empties the store and lets nothing come back', async () => {
  const t = new FakeTransport();
  const store = new MemoryOutboxStore();
  const outbox = new Outbox(t, options({ store }));
  outbox.send('r', { content: 'on the wire' });
  outbox.send('r', { content: 'queued behind it' });
  t.online = false;
  outbox.send('other', { content: 'offline' });
  await tick();
  assert.equal((await store.load()).length, 3);
  const heard = [];
  outbox.onChange((m) => heard.push(m.content));

  await outbox.discardAll();
  assert.deepEqual(outbox.pending(), []);
  assert.deepEqual(await store.load(), []);
  t.calls[0].reject(new DugoutError('unavailable', 'busy')); // a late answer to the one on the wire
  t.online = true;
  outbox.wake();
  await tick();
  assert.deepEqual(await store.load(), [], 'a late answer writes nothing back');
  assert.deepEqual(heard, []);
  assert.equal(t.calls.length, 1, 'nothing more is sent');

  const next = new Outbox(t, options({ store }));
  await next.restore();
  assert.deepEqual(next.pending(), [], 'the next sign-in has nothing to send');
});
