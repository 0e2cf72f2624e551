// Drives a running Dugout with the compiled library: outbox sends across a dropped connection,
// resume without gaps or duplicates, changes folded into the timeline, token renewal on the open
// connection, and a resume after an absence longer than a token lives. Usage (Node 20 needs --experimental-websocket):
//   node resume.mjs <http base url> <ws url> <HS256 secret, hex>
// Prints one JSON line with what it saw and exits 0 only when every check held.
import { createHmac } from 'node:crypto';
import { connect } from '../dist/index.js';

const [base, wsUrl, secretHex] = process.argv.slice(2);
const secret = Buffer.from(secretHex, 'hex');
const result = { checks: {}, errors: [] };
const deadline = setTimeout(() => finish('timeout'), 75_000);

function jwt(sub, seconds) {
  const part = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub, iat: now - 5, exp: now + seconds })}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

async function rest(token, method, path, body) {
  const response = await fetch(base + path, {
    method, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

const until = async (what, test, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`waited in vain for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

function check(name, ok, detail) {
  result.checks[name] = ok;
  if (!ok) result.errors.push(`${name}: ${JSON.stringify(detail)}`);
}

// why: while set, every connection attempt goes to a closed port and fails, as on a phone without
// network; the library keeps retrying with its backoff
let offline = false;
class Network extends WebSocket {
  constructor(url, protocols) {
    super(offline ? 'ws://127.0.0.1:9/' : url, protocols);
  }
}

const stomp = [];
let client;
function finish(error) {
  clearTimeout(deadline);
  if (error) result.errors.push(String(error?.stack ?? error));
  console.log(JSON.stringify(result));
  const code = result.errors.length ? 1 : 0;
  Promise.resolve(client?.close()).finally(() => process.exit(code));
}

async function main() {
  const run = Math.random().toString(36).slice(2, 8);
  const alice = `alice-${run}`;
  const bob = `bob-${run}`;
  const bobToken = jwt(bob, 3600);
  let tokensIssued = 0;
  const states = [];
  const problems = [];
  // six-second tokens: the session must move onto fresh ones to outlive the first
  client = await connect({
    url: base, wsUrl, WebSocket: Network, token: async () => { tokensIssued++; return jwt(alice, 6); },
    reconnect: { initialMs: 100, maxMs: 1000 }, outbox: { receiptTimeoutMs: 3000 },
    debug: (m) => { stomp.push(`${Date.now() % 100000} ${String(m).slice(0, 120)}`); if (stomp.length > 40) stomp.shift(); },
  });
  client.onState((s) => states.push(s));
  client.onError((e) => problems.push(e.code));
  await until('online', () => client.state === 'online');
  const startedAt = Date.now();

  const room = await client.createRoom({ type: 'GROUP', title: 'resume', memberIds: [bob] });
  const delivered = [];
  const session = await client.enter(room.id, { entry: (e) => delivered.push(e.seq) });
  const firstSeq = session.highestSeq;

  // ten sends; the connection drops under them, and bob writes while alice is away
  const sent = [];
  for (let i = 0; i < 10; i++) {
    sent.push(session.send(`hello ${i}`));
    if (i === 3) {
      await until('first receipts', () => sent[0].state === 'sent');
      client.dropConnection();
      for (let j = 0; j < 3; j++) {
        await rest(bobToken, 'POST', `/api/v1/rooms/${room.id}/messages`, { clientMsgId: `bob-${j}`, kind: 'TEXT', content: `away ${j}` });
      }
    }
  }
  await until('every send confirmed by its copy', () => sent.every((m) => m.state === 'sent' && m.message));
  await until('bob\'s messages', () => session.messages().filter((m) => m.senderId === bob).length === 3);

  // changes while connected and while away fold into the timeline
  const target = sent[0].message.seq;
  await session.edit(target, 'hello 0, edited');
  client.dropConnection();
  await rest(bobToken, 'PUT', `/api/v1/rooms/${room.id}/messages/${target}/reactions/${encodeURIComponent('👍')}?clientMsgId=r-1`);
  await until('the reaction folded in', () => session.timeline.message(target)?.reactions?.[0]?.users?.includes(bob));
  check('editFolded', session.timeline.message(target).content === 'hello 0, edited', session.timeline.message(target));

  // stay past the first token's expiry, then send on the same session
  await until('past the first token', () => Date.now() - startedAt > 8_000, 12_000);
  const late = session.send('after renewal');
  await until('the late send', () => late.state === 'sent' && late.message);

  const page = await client.history(room.id, { limit: 100 });
  const stored = page.messages.filter((m) => !m.change && m.senderId === alice).sort((a, b) => a.seq - b.seq);
  const ids = stored.map((m) => m.clientMsgId);
  const expected = [...sent, late].map((m) => m.clientMsgId);
  check('storedOnceInOrder', JSON.stringify(ids) === JSON.stringify(expected), { ids, expected });
  const highest = Math.max(...page.messages.map((m) => m.seq));
  const contiguous = delivered.every((seq, i) => seq === firstSeq + i + 1);
  check('deliveredGapFreeOnce', contiguous && delivered.at(-1) === highest, { firstSeq, delivered, highest });
  check('timelineComplete', session.messages().length === page.messages.filter((m) => !m.change).length, session.messages().length);
  check('tokenRenewed', tokensIssued >= 2, { tokensIssued });
  check('noTokenExpiry', !problems.includes('token_expired'), problems);
  check('reconnected', states.filter((s) => s === 'online').length >= 3, states);

  // away for longer than a token lives while bob writes 300 messages: the session comes back on a
  // fresh token and delivers every one of them, once and in order, after what it had
  const before = delivered.length;
  const tokensBefore = tokensIssued;
  offline = true;
  client.dropConnection();
  const awayFrom = Date.now();
  for (let j = 0; j < 300; j++) {
    await rest(bobToken, 'POST', `/api/v1/rooms/${room.id}/messages`, { clientMsgId: `gone-${j}`, kind: 'TEXT', content: `while gone ${j}` });
  }
  await until('longer than a token lives', () => Date.now() - awayFrom > 7_000, 12_000);
  check('stayedAway', delivered.length === before, { before, delivered: delivered.length });
  offline = false;
  try {
    await until('the 300 messages written while away', () => delivered.length >= before + 300, 20_000);
  } catch (e) {
    throw new Error(`${e.message}: ${JSON.stringify({ got: delivered.length - before, states: states.slice(-8), problems: problems.slice(-8), state: client.state, tokensIssued, stomp })}`);
  }
  const back = delivered.slice(before);
  const resumedInOrder = back.every((seq, i) => seq === delivered[before - 1] + i + 1);
  const texts = session.messages().filter((m) => m.content?.startsWith('while gone ')).map((m) => m.content);
  check('resumedAfterAbsence', resumedInOrder && back.length === 300
    && JSON.stringify(texts) === JSON.stringify([...Array(300).keys()].map((j) => `while gone ${j}`)),
    { back: back.length, first: back[0], last: back.at(-1), texts: texts.length });
  check('freshTokenAfterAbsence', tokensIssued > tokensBefore && !problems.includes('token_expired'), { tokensBefore, tokensIssued, problems });
  result.delivered = delivered.length;
  result.tokensIssued = tokensIssued;
  result.seconds = (Date.now() - startedAt) / 1000;
  finish();
}

main().catch(finish);
