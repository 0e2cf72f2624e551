// Drives Dugout with @stomp/stompjs, the STOMP client most browsers use.
// Usage: node --experimental-websocket stompjs-client.cjs <stomp.umd.js> <port> <token> <roomId>
//   [<WebSocket port>, the HTTP port when left out]
// Prints one JSON line with what it saw; exits non-zero on any failure or after 20 s.
const [stompPath, port, token, roomId, wsPort = port] = process.argv.slice(2);
const { Client } = require(stompPath);
const base = `http://localhost:${port}`;
const topic = `/topic/rooms.${roomId}`;
const result = { connected: false, firstSeqs: [], receipts: [], recoveredSeqs: [], recoveredClientMsgIds: [] };

setTimeout(() => { console.log(JSON.stringify({ ...result, error: 'timeout' })); process.exit(2); }, 20000);

function connect() {
  return new Promise((resolve, reject) => {
    const client = new Client({
      brokerURL: `ws://localhost:${wsPort}/ws`,
      connectHeaders: { Authorization: `Bearer ${token}` },
      reconnectDelay: 0,
      heartbeatIncoming: 10000,
      heartbeatOutgoing: 10000,
    });
    client.onConnect = () => resolve(client);
    client.onStompError = (frame) => reject(new Error(frame.headers.message));
    client.onWebSocketError = () => reject(new Error('websocket error'));
    client.activate();
  });
}

function sendWithReceipt(client, clientMsgId) {
  return new Promise((resolve) => {
    const receipt = `r-${clientMsgId}`;
    client.watchForReceipt(receipt, () => { result.receipts.push(receipt); resolve(); });
    client.publish({
      destination: `/app/rooms.${roomId}.messages`,
      body: JSON.stringify({ clientMsgId, kind: 'TEXT', content: `hello from stompjs ${clientMsgId}` }),
      headers: { receipt, 'content-type': 'application/json' },
    });
  });
}

async function main() {
  const first = await connect();
  result.connected = true;
  const firstThree = new Promise((resolve) => {
    first.subscribe(topic, (message) => {
      const body = JSON.parse(message.body);
      if (body.type !== 'message') return;
      result.firstSeqs.push(body.seq);
      if (result.firstSeqs.length === 3) resolve();
    });
  });
  for (const id of ['js-1', 'js-2', 'js-3']) await sendWithReceipt(first, id);
  await firstThree;
  const lastSeen = Math.max(...result.firstSeqs);
  await first.deactivate();

  // While this client is away, others write.
  for (const id of ['away-1', 'away-2']) {
    const response = await fetch(`${base}/api/v1/rooms/${roomId}/messages`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ clientMsgId: id, kind: 'TEXT', content: 'written while away' }),
    });
    if (response.status !== 201) throw new Error(`REST post failed: ${response.status}`);
  }

  const second = await connect();
  const recovered = new Promise((resolve) => {
    second.subscribe(topic, (message) => {
      const body = JSON.parse(message.body);
      if (body.type !== 'message') return;
      result.recoveredSeqs.push(body.seq);
      result.recoveredClientMsgIds.push(body.clientMsgId);
      if (result.recoveredSeqs.length === 3) resolve();
    }, { 'since-seq': String(lastSeen) });
  });
  await sendWithReceipt(second, 'js-live');
  await recovered;
  await second.deactivate();
  console.log(JSON.stringify(result));
  process.exit(0);
}

main().catch((e) => { console.log(JSON.stringify({ ...result, error: String(e) })); process.exit(1); });
