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
