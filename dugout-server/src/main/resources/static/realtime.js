// The STOMP connection (see docs/protocol.md, "Real time"). It reconnects with
// exponential backoff and, on every (re)connect, resubscribes each watched room
// with `since-seq` = the highest seq this client has seen there, so the server
// replays exactly what was missed, in order, before live messages.

const { Client, ReconnectionTimeMode } = globalThis.StompJs;

export class Realtime {
  /**
   * @param {object} o
   * @param {() => string} o.token
   * @param {(roomId: string) => number} o.sinceSeq      highest seq seen in a room
   * @param {(roomId: string, event: object) => void} o.onRoomEvent
   * @param {(event: object) => void} o.onUserRoomsEvent  /user/queue/rooms
   * @param {(error: object) => void} o.onSendError       /user/queue/errors
   * @param {(notification: object) => void} o.onNotification  /user/queue/notifications
   * @param {(roomId: string) => void} o.onRoomResumed     replay of a room queued (SUBSCRIBE receipt)
   * @param {(state: string, detail?: string) => void} o.onState
   * @param {() => void} o.onConnected
   * @param {() => void} o.onDisconnected
   * @param {(message: string) => void} o.onAuthFailed
   */
  constructor(o) {
    this.o = o;
    this.rooms = new Map(); // roomId → StompSubscription | null (null while offline)
    this.receiptCounter = 0;
    this.client = new Client({
      // stompjs offers the v12.stomp/v11.stomp/v10.stomp subprotocols; Dugout picks one
      brokerURL: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`,
      heartbeatIncoming: 10000,
      heartbeatOutgoing: 10000,
      connectionTimeout: 8000,
      // localStorage['dugout.debug'] = '1' logs every STOMP frame to the console
      debug: localStorage.getItem('dugout.debug') ? (line) => console.debug(line) : () => {},
      reconnectDelay: 500,
      reconnectTimeMode: ReconnectionTimeMode.EXPONENTIAL,
      maxReconnectDelay: 8000,
      beforeConnect: async (client) => {
        // fresh token each attempt; a little jitter so a restarted server is not hit by every tab at once
        client.connectHeaders = { Authorization: `Bearer ${o.token()}` };
        if (this.attempts++ > 0) {
          o.onState('connecting');
          await new Promise((r) => setTimeout(r, Math.random() * 400));
        }
      },
      onConnect: () => this.onStompConnected(),
      onStompError: (frame) => {
        const message = frame.headers.message || 'server error';
        if (/token|unauthori[sz]ed|expired/i.test(message)) {
          o.onAuthFailed(message);
        } else {
          console.warn('STOMP ERROR', message, frame.body);
        }
      },
      onWebSocketClose: () => {
        for (const roomId of this.rooms.keys()) this.rooms.set(roomId, null);
        if (this.wasConnected) {
          this.wasConnected = false;
          o.onDisconnected();
        }
        o.onState('offline');
      },
    });
    this.attempts = 0;
    this.wasConnected = false;
  }

  start() {
    this.o.onState('connecting');
    this.client.activate();
  }

  async stop() {
    await this.client.deactivate();
  }

  get isConnected() { return this.client.connected; }

  onStompConnected() {
    this.attempts = 0;
    this.wasConnected = true;
    const client = this.client;
    client.subscribe('/user/queue/errors', (frame) => this.o.onSendError(parse(frame)));
    client.subscribe('/user/queue/rooms', (frame) => this.o.onUserRoomsEvent(parse(frame)));
    client.subscribe('/user/queue/notifications', (frame) => this.o.onNotification(parse(frame)));
    for (const roomId of this.rooms.keys()) this.subscribeRoom(roomId);
    this.o.onState('online');
    this.o.onConnected();
  }

  /** Watches a room's topic now and after every reconnect. */
  watchRoom(roomId) {
    if (this.rooms.get(roomId)) return;
    this.rooms.set(roomId, null);
    if (this.client.connected) this.subscribeRoom(roomId);
  }

  unwatchRoom(roomId) {
    const subscription = this.rooms.get(roomId);
    this.rooms.delete(roomId);
    if (subscription && this.client.connected) subscription.unsubscribe();
  }

  subscribeRoom(roomId) {
    const receipt = this.nextReceiptId('sub');
    let resumed = false;
    const resume = () => {
      if (resumed) return;
      resumed = true;
      this.o.onRoomResumed(roomId);
    };
    this.client.watchForReceipt(receipt, resume);
    const subscription = this.client.subscribe(
      `/topic/rooms.${roomId}`,
      (frame) => this.o.onRoomEvent(roomId, parse(frame)),
      { 'since-seq': String(this.o.sinceSeq(roomId)), receipt },
    );
    this.rooms.set(roomId, subscription);
    // why: a server that does not receipt SUBSCRIBE must not stall the outbox forever
    setTimeout(resume, 3000);
  }

  /**
   * Sends a message with a `receipt` header. `onReceipt` runs when the server
   * says the message is durable. Throws when offline.
   */
  sendMessage(roomId, body, onReceipt) {
    const receipt = this.nextReceiptId('msg');
    this.client.watchForReceipt(receipt, onReceipt);
    this.client.publish({
      destination: `/app/rooms.${roomId}.messages`,
      headers: { receipt, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return receipt;
  }

  /** Fire-and-forget events; silently dropped while offline. */
  sendRead(roomId, seq) { this.trySend(`/app/rooms.${roomId}.read`, JSON.stringify({ seq })); }
  sendTyping(roomId) { this.trySend(`/app/rooms.${roomId}.typing`, ''); }

  /**
   * Moves the open session onto a fresh token before the old one expires
   * (`/app/token`); offline, the next CONNECT uses the fresh token anyway.
   */
  refreshToken(token) { this.trySend('/app/token', JSON.stringify({ token })); }

  trySend(destination, body) {
    if (!this.client.connected) return false;
    this.client.publish({ destination, body, headers: body ? { 'content-type': 'application/json' } : {} });
    return true;
  }

  nextReceiptId(prefix) {
    this.receiptCounter += 1;
    return `${prefix}-${this.receiptCounter}`;
  }
}

function parse(frame) {
  try {
    return JSON.parse(frame.body);
  } catch {
    return { type: 'unparseable', body: frame.body };
  }
}
