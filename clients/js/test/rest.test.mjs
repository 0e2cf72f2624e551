import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DugoutError, Rest } from '../dist/index.js';

/** A server the test scripts: each call takes the next answer, and every request is kept. */
function server(...answers) {
  const requests = [];
  const fetch = async (url, init) => {
    requests.push({ url, method: init.method, auth: init.headers.Authorization ?? null, redirect: init.redirect });
    const next = answers.shift();
    if (next instanceof Error) throw next;
    return new Response(next.body === undefined ? null : JSON.stringify(next.body), { status: next.status ?? 200 });
  };
  return { fetch, requests };
}

const fast = { backoff: { initialMs: 1, maxMs: 2 } };
const problem = (status, code, detail) => ({ status, body: { status, code, detail } });

test('a refusal is a DugoutError with the server code, status and detail, and is not retried', async () => {
  const s = server(problem(403, 'forbidden', 'not a member of this room'));
  const rest = new Rest('http://localhost', async () => 't1', { fetch: s.fetch, ...fast });
  const error = await rest.getRoom('r1').catch((e) => e);
  assert.ok(error instanceof DugoutError);
  assert.deepEqual([error.code, error.status, error.message], ['forbidden', 403, 'not a member of this room']);
  assert.equal(s.requests.length, 1);
});

test('a GET that meets a busy or unreachable server is tried again, and succeeds', async () => {
  const s = server(problem(503, 'unavailable', 'busy'), new TypeError('fetch failed'), { body: { rooms: [], nextCursor: null } });
  const rest = new Rest('http://localhost', async () => 't1', { fetch: s.fetch, ...fast });
  assert.deepEqual(await rest.listRooms(), { rooms: [], nextCursor: null });
  assert.equal(s.requests.length, 3);
});

test('a POST is tried once: the server might have done it', async () => {
  const s = server(problem(503, 'unavailable', 'busy'), { body: { id: 'r1' } });
  const rest = new Rest('http://localhost', async () => 't1', { fetch: s.fetch, ...fast });
  const error = await rest.createRoom({ type: 'GROUP', memberIds: [] }).catch((e) => e);
  assert.equal(error.code, 'unavailable');
  assert.equal(s.requests.length, 1);
});

test('retries stop after the attempts allowed, with the last error', async () => {
  const s = server(problem(429, 'rate_limited', 'slow down'), problem(429, 'rate_limited', 'slow down'), { body: {} });
  const rest = new Rest('http://localhost', async () => 't1', { fetch: s.fetch, attempts: 2, ...fast });
  const error = await rest.getRoom('r1').catch((e) => e);
  assert.equal(error.code, 'rate_limited');
  assert.equal(s.requests.length, 2);
});

test('a 401 is answered once with a fresh token; a second 401 tells onUnauthorized', async () => {
  const s = server(problem(401, 'unauthenticated', 'expired'), { body: { id: 'r1' } },
    problem(401, 'unauthenticated', 'expired'), problem(401, 'unauthenticated', 'revoked'));
  const unauthorized = [];
  let n = 0;
  const rest = new Rest('http://localhost', async () => 'old', {
    fetch: s.fetch, freshToken: async () => `fresh-${++n}`, onUnauthorized: (e) => unauthorized.push(e.message), ...fast,
  });
  assert.deepEqual(await rest.getRoom('r1'), { id: 'r1' });
  assert.deepEqual(s.requests.map((r) => r.auth), ['Bearer old', 'Bearer fresh-1']);
  const error = await rest.getRoom('r1').catch((e) => e);
  assert.equal(error.status, 401);
  assert.deepEqual(unauthorized, ['revoked']);
  assert.equal(s.requests.length, 4);
});

test('a fixed token refused is final at once', async () => {
  const s = server(problem(401, 'unauthenticated', 'bad signature'));
  const unauthorized = [];
  const rest = new Rest('http://localhost', async () => 'fixed', { fetch: s.fetch, onUnauthorized: (e) => unauthorized.push(e.code), ...fast });
  assert.equal((await rest.listRooms().catch((e) => e)).status, 401);
  assert.deepEqual(unauthorized, ['unauthenticated']);
  assert.equal(s.requests.length, 1);
});

test('devToken asks without a token', async () => {
  const s = server({ body: { token: 'a.b.c', userId: 'alice', expiresAt: '2030-01-01T00:00:00Z' } });
  const answer = await new Rest('http://localhost:8080', null, { fetch: s.fetch }).devToken('alice');
  assert.equal(answer.userId, 'alice');
  assert.deepEqual([s.requests[0].url, s.requests[0].method, s.requests[0].auth], ['http://localhost:8080/api/v1/dev/token', 'POST', null]);
});

test('download sends my token only to a file of Dugout, and follows a redirect', async () => {
  const s = server({ body: 'bytes' });
  const rest = new Rest('http://localhost', async () => 't1', { fetch: s.fetch });
  const blob = await rest.download('/api/v1/rooms/r1/files/u1');
  assert.equal(await blob.text(), '"bytes"');
  assert.deepEqual([s.requests[0].url, s.requests[0].auth, s.requests[0].redirect], ['http://localhost/api/v1/rooms/r1/files/u1', 'Bearer t1', 'follow']);
  for (const elsewhere of ['https://evil.example/api/v1/x', '//evil.example/api/v1/x', '/other/file']) {
    assert.equal((await rest.download(elsewhere).catch((e) => e)).code, 'validation');
  }
  assert.equal(s.requests.length, 1);
});
