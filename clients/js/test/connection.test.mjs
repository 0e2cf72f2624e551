import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Connection, TokenSource } from '../dist/index.js';

/** A server that accepts every CONNECT and ends the session at once: its token has expired. */
class ExpiringServer {
  static connects = 0;
  constructor(url) {
    this.url = url;
    this.readyState = 0;
    this.protocol = 'v12.stomp';
    this.binaryType = 'arraybuffer';
    setTimeout(() => { this.readyState = 1; this.onopen?.({}); }, 1);
  }
  send(data) {
    if (!String(data).startsWith('CONNECT')) return;
    ExpiringServer.connects++;
    this.onmessage?.({ data: 'CONNECTED\nversion:1.2\nheart-beat:0,0\n\n\0' });
    setTimeout(() => {
      this.onmessage?.({ data: 'ERROR\ncode:token_expired\nmessage:token expired\n\n\0' });
      this.close();
    }, 1);
  }
  close() {
    if (this.readyState === 3) return;
    this.readyState = 3;
    setTimeout(() => this.onclose?.({ code: 1008, reason: 'token_expired', wasClean: true }), 1);
  }
}

test('a fixed token that expired is not reconnected in a loop: the error says so and the connection closes', async () => {
  const connection = new Connection({
    wsUrl: 'ws://localhost:1/ws', token: new TokenSource('fixed.token.value'), WebSocket: ExpiringServer,
    backoff: { initialMs: 1, maxMs: 2 },
  });
  const errors = [];
  connection.onError((e) => errors.push(e.code));
  connection.start();
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(ExpiringServer.connects, 1);
  assert.deepEqual(errors, ['token_expired']);
  assert.equal(connection.state, 'closed');
  await connection.close();
});

/** A server that is not there: every socket fails to open. */
class Unreachable {
  static opened = 0;
  constructor(url) {
    Unreachable.opened++;
    this.url = url;
    this.readyState = 0;
    setTimeout(() => { this.readyState = 3; this.onclose?.({ code: 1006, reason: '', wasClean: false }); }, 1);
  }
  send() {}
  close() {}
}

test('closed while waiting to retry, it stays closed: no later state, no token asked, no socket opened', async () => {
  let tokens = 0;
  const connection = new Connection({
    wsUrl: 'ws://localhost:1/ws', token: new TokenSource(async () => { tokens++; return 'a.token.value'; }),
    WebSocket: Unreachable, backoff: { initialMs: 200, maxMs: 200 },
  });
  const states = [];
  connection.onState((s) => states.push(s));
  connection.start();
  await new Promise((r) => setTimeout(r, 50)); // the first try failed; waiting 100 to 200 ms to retry
  assert.equal(connection.state, 'offline');
  const [asked, opened] = [tokens, Unreachable.opened];
  await connection.close();
  await new Promise((r) => setTimeout(r, 400));
  assert.equal(connection.state, 'closed');
  assert.equal(states.at(-1), 'closed', `states: ${states}`);
  assert.deepEqual([tokens, Unreachable.opened], [asked, opened]);
});
