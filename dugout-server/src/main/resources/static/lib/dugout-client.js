// @dugout/client bundled with @stomp/stompjs. Generated from clients/js by `npm run bundle`: do not edit.

// node_modules/@stomp/stompjs/esm6/augment-websocket.js
function augmentWebsocket(webSocket, debug) {
  webSocket.terminate = function() {
    const noOp = () => {
    };
    this.onerror = noOp;
    this.onmessage = noOp;
    this.onopen = noOp;
    const ts = /* @__PURE__ */ new Date();
    const id = Math.random().toString().substring(2, 8);
    const origOnClose = this.onclose;
    this.onclose = (closeEvent) => {
      const delay = (/* @__PURE__ */ new Date()).getTime() - ts.getTime();
      debug(`Discarded socket (#${id})  closed after ${delay}ms, with code/reason: ${closeEvent.code}/${closeEvent.reason}`);
    };
    this.close();
    origOnClose?.call(webSocket, {
      code: 4001,
      reason: `Quick discarding socket (#${id}) without waiting for the shutdown sequence.`,
      wasClean: false
    });
  };
}

// node_modules/@stomp/stompjs/esm6/byte.js
var BYTE = {
  // LINEFEED byte (octet 10)
  LF: "\n",
  // NULL byte (octet 0)
  NULL: "\0"
};

// node_modules/@stomp/stompjs/esm6/frame-impl.js
var FrameImpl = class _FrameImpl {
  /**
   * body of the frame
   */
  get body() {
    if (!this._body && this.isBinaryBody) {
      this._body = new TextDecoder().decode(this._binaryBody);
    }
    return this._body || "";
  }
  /**
   * body as Uint8Array
   */
  get binaryBody() {
    if (!this._binaryBody && !this.isBinaryBody) {
      this._binaryBody = new TextEncoder().encode(this._body);
    }
    return this._binaryBody;
  }
  /**
   * Frame constructor. `command`, `headers` and `body` are available as properties.
   *
   * @internal
   */
  constructor(params) {
    const { command, headers, body, binaryBody, escapeHeaderValues, skipContentLengthHeader } = params;
    this.command = command;
    this.headers = Object.assign({}, headers || {});
    if (binaryBody) {
      this._binaryBody = binaryBody;
      this.isBinaryBody = true;
    } else {
      this._body = body || "";
      this.isBinaryBody = false;
    }
    this.escapeHeaderValues = escapeHeaderValues || false;
    this.skipContentLengthHeader = skipContentLengthHeader || false;
  }
  /**
   * deserialize a STOMP Frame from raw data.
   *
   * @internal
   */
  static fromRawFrame(rawFrame, escapeHeaderValues) {
    const headers = {};
    const trim = (str) => str.replace(/^\s+|\s+$/g, "");
    for (const header of rawFrame.headers.reverse()) {
      const idx = header.indexOf(":");
      const key = trim(header[0]);
      let value = trim(header[1]);
      if (escapeHeaderValues && rawFrame.command !== "CONNECT" && rawFrame.command !== "CONNECTED") {
        value = _FrameImpl.hdrValueUnEscape(value);
      }
      headers[key] = value;
    }
    return new _FrameImpl({
      command: rawFrame.command,
      headers,
      binaryBody: rawFrame.binaryBody,
      escapeHeaderValues
    });
  }
  /**
   * @internal
   */
  toString() {
    return this.serializeCmdAndHeaders();
  }
  /**
   * serialize this Frame in a format suitable to be passed to WebSocket.
   * If the body is string the output will be string.
   * If the body is binary (i.e. of type Unit8Array) it will be serialized to ArrayBuffer.
   *
   * @internal
   */
  serialize() {
    const cmdAndHeaders = this.serializeCmdAndHeaders();
    if (this.isBinaryBody) {
      return _FrameImpl.toUnit8Array(cmdAndHeaders, this._binaryBody).buffer;
    } else {
      return cmdAndHeaders + this._body + BYTE.NULL;
    }
  }
  serializeCmdAndHeaders() {
    const lines = [this.command];
    if (this.skipContentLengthHeader) {
      delete this.headers["content-length"];
    }
    for (const name of Object.keys(this.headers || {})) {
      const value = this.headers[name];
      if (this.escapeHeaderValues && this.command !== "CONNECT" && this.command !== "CONNECTED") {
        lines.push(`${name}:${_FrameImpl.hdrValueEscape(`${value}`)}`);
      } else {
        lines.push(`${name}:${value}`);
      }
    }
    if (this.isBinaryBody || !this.isBodyEmpty() && !this.skipContentLengthHeader) {
      lines.push(`content-length:${this.bodyLength()}`);
    }
    return lines.join(BYTE.LF) + BYTE.LF + BYTE.LF;
  }
  isBodyEmpty() {
    return this.bodyLength() === 0;
  }
  bodyLength() {
    const binaryBody = this.binaryBody;
    return binaryBody ? binaryBody.length : 0;
  }
  /**
   * Compute the size of a UTF-8 string by counting its number of bytes
   * (and not the number of characters composing the string)
   */
  static sizeOfUTF8(s) {
    return s ? new TextEncoder().encode(s).length : 0;
  }
  static toUnit8Array(cmdAndHeaders, binaryBody) {
    const uint8CmdAndHeaders = new TextEncoder().encode(cmdAndHeaders);
    const nullTerminator = new Uint8Array([0]);
    const uint8Frame = new Uint8Array(uint8CmdAndHeaders.length + binaryBody.length + nullTerminator.length);
    uint8Frame.set(uint8CmdAndHeaders);
    uint8Frame.set(binaryBody, uint8CmdAndHeaders.length);
    uint8Frame.set(nullTerminator, uint8CmdAndHeaders.length + binaryBody.length);
    return uint8Frame;
  }
  /**
   * Serialize a STOMP frame as per STOMP standards, suitable to be sent to the STOMP broker.
   *
   * @internal
   */
  static marshall(params) {
    const frame = new _FrameImpl(params);
    return frame.serialize();
  }
  /**
   *  Escape header values
   */
  static hdrValueEscape(str) {
    return str.replace(/\\/g, "\\\\").replace(/\r/g, "\\r").replace(/\n/g, "\\n").replace(/:/g, "\\c");
  }
  /**
   * UnEscape header values
   */
  static hdrValueUnEscape(str) {
    return str.replace(/\\r/g, "\r").replace(/\\n/g, "\n").replace(/\\c/g, ":").replace(/\\\\/g, "\\");
  }
};

// node_modules/@stomp/stompjs/esm6/parser.js
var NULL = 0;
var LF = 10;
var CR = 13;
var COLON = 58;
var Parser = class {
  constructor(onFrame, onIncomingPing) {
    this.onFrame = onFrame;
    this.onIncomingPing = onIncomingPing;
    this._encoder = new TextEncoder();
    this._decoder = new TextDecoder();
    this._token = [];
    this._initState();
  }
  parseChunk(segment, appendMissingNULLonIncoming = false) {
    let chunk;
    if (typeof segment === "string") {
      chunk = this._encoder.encode(segment);
    } else {
      chunk = new Uint8Array(segment);
    }
    if (appendMissingNULLonIncoming && chunk[chunk.length - 1] !== 0) {
      const chunkWithNull = new Uint8Array(chunk.length + 1);
      chunkWithNull.set(chunk, 0);
      chunkWithNull[chunk.length] = 0;
      chunk = chunkWithNull;
    }
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      this._onByte(byte);
    }
  }
  // The following implements a simple Rec Descent Parser.
  // The grammar is simple and just one byte tells what should be the next state
  _collectFrame(byte) {
    if (byte === NULL) {
      return;
    }
    if (byte === CR) {
      return;
    }
    if (byte === LF) {
      this.onIncomingPing();
      return;
    }
    this._onByte = this._collectCommand;
    this._reinjectByte(byte);
  }
  _collectCommand(byte) {
    if (byte === CR) {
      return;
    }
    if (byte === LF) {
      this._results.command = this._consumeTokenAsUTF8();
      this._onByte = this._collectHeaders;
      return;
    }
    this._consumeByte(byte);
  }
  _collectHeaders(byte) {
    if (byte === CR) {
      return;
    }
    if (byte === LF) {
      this._setupCollectBody();
      return;
    }
    this._onByte = this._collectHeaderKey;
    this._reinjectByte(byte);
  }
  _reinjectByte(byte) {
    this._onByte(byte);
  }
  _collectHeaderKey(byte) {
    if (byte === COLON) {
      this._headerKey = this._consumeTokenAsUTF8();
      this._onByte = this._collectHeaderValue;
      return;
    }
    this._consumeByte(byte);
  }
  _collectHeaderValue(byte) {
    if (byte === CR) {
      return;
    }
    if (byte === LF) {
      this._results.headers.push([
        this._headerKey,
        this._consumeTokenAsUTF8()
      ]);
      this._headerKey = void 0;
      this._onByte = this._collectHeaders;
      return;
    }
    this._consumeByte(byte);
  }
  _setupCollectBody() {
    const contentLengthHeader = this._results.headers.filter((header) => {
      return header[0] === "content-length";
    })[0];
    if (contentLengthHeader) {
      this._bodyBytesRemaining = parseInt(contentLengthHeader[1], 10);
      this._onByte = this._collectBodyFixedSize;
    } else {
      this._onByte = this._collectBodyNullTerminated;
    }
  }
  _collectBodyNullTerminated(byte) {
    if (byte === NULL) {
      this._retrievedBody();
      return;
    }
    this._consumeByte(byte);
  }
  _collectBodyFixedSize(byte) {
    if (this._bodyBytesRemaining-- === 0) {
      this._retrievedBody();
      return;
    }
    this._consumeByte(byte);
  }
  _retrievedBody() {
    this._results.binaryBody = this._consumeTokenAsRaw();
    try {
      this.onFrame(this._results);
    } catch (e) {
      console.log(`Ignoring an exception thrown by a frame handler. Original exception: `, e);
    }
    this._initState();
  }
  // Rec Descent Parser helpers
  _consumeByte(byte) {
    this._token.push(byte);
  }
  _consumeTokenAsUTF8() {
    return this._decoder.decode(this._consumeTokenAsRaw());
  }
  _consumeTokenAsRaw() {
    const rawResult = new Uint8Array(this._token);
    this._token = [];
    return rawResult;
  }
  _initState() {
    this._results = {
      command: void 0,
      headers: [],
      binaryBody: void 0
    };
    this._token = [];
    this._headerKey = void 0;
    this._onByte = this._collectFrame;
  }
};

// node_modules/@stomp/stompjs/esm6/types.js
var StompSocketState;
(function(StompSocketState2) {
  StompSocketState2[StompSocketState2["CONNECTING"] = 0] = "CONNECTING";
  StompSocketState2[StompSocketState2["OPEN"] = 1] = "OPEN";
  StompSocketState2[StompSocketState2["CLOSING"] = 2] = "CLOSING";
  StompSocketState2[StompSocketState2["CLOSED"] = 3] = "CLOSED";
})(StompSocketState || (StompSocketState = {}));
var ActivationState;
(function(ActivationState2) {
  ActivationState2[ActivationState2["ACTIVE"] = 0] = "ACTIVE";
  ActivationState2[ActivationState2["DEACTIVATING"] = 1] = "DEACTIVATING";
  ActivationState2[ActivationState2["INACTIVE"] = 2] = "INACTIVE";
})(ActivationState || (ActivationState = {}));
var ReconnectionTimeMode;
(function(ReconnectionTimeMode2) {
  ReconnectionTimeMode2[ReconnectionTimeMode2["LINEAR"] = 0] = "LINEAR";
  ReconnectionTimeMode2[ReconnectionTimeMode2["EXPONENTIAL"] = 1] = "EXPONENTIAL";
})(ReconnectionTimeMode || (ReconnectionTimeMode = {}));
var TickerStrategy;
(function(TickerStrategy2) {
  TickerStrategy2["Interval"] = "interval";
  TickerStrategy2["Worker"] = "worker";
})(TickerStrategy || (TickerStrategy = {}));

// node_modules/@stomp/stompjs/esm6/ticker.js
var Ticker = class {
  constructor(_interval, _strategy = TickerStrategy.Interval, _debug) {
    this._interval = _interval;
    this._strategy = _strategy;
    this._debug = _debug;
    this._workerScript = `
    var startTime = Date.now();
    setInterval(function() {
        self.postMessage(Date.now() - startTime);
    }, ${this._interval});
  `;
  }
  start(tick) {
    this.stop();
    if (this.shouldUseWorker()) {
      this.runWorker(tick);
    } else {
      this.runInterval(tick);
    }
  }
  stop() {
    this.disposeWorker();
    this.disposeInterval();
  }
  shouldUseWorker() {
    return typeof Worker !== "undefined" && this._strategy === TickerStrategy.Worker;
  }
  runWorker(tick) {
    this._debug("Using runWorker for outgoing pings");
    if (!this._worker) {
      this._worker = new Worker(URL.createObjectURL(new Blob([this._workerScript], { type: "text/javascript" })));
      this._worker.onmessage = (message) => tick(message.data);
    }
  }
  runInterval(tick) {
    this._debug("Using runInterval for outgoing pings");
    if (!this._timer) {
      const startTime = Date.now();
      this._timer = setInterval(() => {
        tick(Date.now() - startTime);
      }, this._interval);
    }
  }
  disposeWorker() {
    if (this._worker) {
      this._worker.terminate();
      delete this._worker;
      this._debug("Outgoing ping disposeWorker");
    }
  }
  disposeInterval() {
    if (this._timer) {
      clearInterval(this._timer);
      delete this._timer;
      this._debug("Outgoing ping disposeInterval");
    }
  }
};

// node_modules/@stomp/stompjs/esm6/versions.js
var Versions = class {
  /**
   * Takes an array of versions, typical elements '1.2', '1.1', or '1.0'
   *
   * You will be creating an instance of this class if you want to override
   * supported versions to be declared during STOMP handshake.
   */
  constructor(versions) {
    this.versions = versions;
  }
  /**
   * Used as part of CONNECT STOMP Frame
   */
  supportedVersions() {
    return this.versions.join(",");
  }
  /**
   * Used while creating a WebSocket
   */
  protocolVersions() {
    return this.versions.map((x) => `v${x.replace(".", "")}.stomp`);
  }
};
Versions.V1_0 = "1.0";
Versions.V1_1 = "1.1";
Versions.V1_2 = "1.2";
Versions.default = new Versions([
  Versions.V1_2,
  Versions.V1_1,
  Versions.V1_0
]);

// node_modules/@stomp/stompjs/esm6/stomp-handler.js
var StompHandler = class {
  get connectedVersion() {
    return this._connectedVersion;
  }
  get connected() {
    return this._connected;
  }
  constructor(_client, _webSocket, config) {
    this._client = _client;
    this._webSocket = _webSocket;
    this._connected = false;
    this._serverFrameHandlers = {
      // [CONNECTED Frame](https://stomp.github.com/stomp-specification-1.2.html#CONNECTED_Frame)
      CONNECTED: (frame) => {
        this.debug(`connected to server ${frame.headers.server}`);
        this._connected = true;
        this._connectedVersion = frame.headers.version;
        if (this._connectedVersion === Versions.V1_2) {
          this._escapeHeaderValues = true;
        }
        this._setupHeartbeat(frame.headers);
        this.onConnect(frame);
      },
      // [MESSAGE Frame](https://stomp.github.com/stomp-specification-1.2.html#MESSAGE)
      MESSAGE: (frame) => {
        const subscription = frame.headers.subscription;
        const onReceive = this._subscriptions[subscription] || this.onUnhandledMessage;
        const message = frame;
        const client = this;
        const messageId = this._connectedVersion === Versions.V1_2 ? message.headers.ack : message.headers["message-id"];
        message.ack = (headers = {}) => {
          return client.ack(messageId, subscription, headers);
        };
        message.nack = (headers = {}) => {
          return client.nack(messageId, subscription, headers);
        };
        onReceive(message);
      },
      // [RECEIPT Frame](https://stomp.github.com/stomp-specification-1.2.html#RECEIPT)
      RECEIPT: (frame) => {
        const callback = this._receiptWatchers[frame.headers["receipt-id"]];
        if (callback) {
          callback(frame);
          delete this._receiptWatchers[frame.headers["receipt-id"]];
        } else {
          this.onUnhandledReceipt(frame);
        }
      },
      // [ERROR Frame](https://stomp.github.com/stomp-specification-1.2.html#ERROR)
      ERROR: (frame) => {
        this.onStompError(frame);
      }
    };
    this._counter = 0;
    this._subscriptions = {};
    this._receiptWatchers = {};
    this._partialData = "";
    this._escapeHeaderValues = false;
    this._lastServerActivityTS = Date.now();
    this.debug = config.debug;
    this.stompVersions = config.stompVersions;
    this.connectHeaders = config.connectHeaders;
    this.disconnectHeaders = config.disconnectHeaders;
    this.heartbeatIncoming = config.heartbeatIncoming;
    this.heartbeatToleranceMultiplier = config.heartbeatGracePeriods;
    this.heartbeatOutgoing = config.heartbeatOutgoing;
    this.splitLargeFrames = config.splitLargeFrames;
    this.maxWebSocketChunkSize = config.maxWebSocketChunkSize;
    this.forceBinaryWSFrames = config.forceBinaryWSFrames;
    this.logRawCommunication = config.logRawCommunication;
    this.appendMissingNULLonIncoming = config.appendMissingNULLonIncoming;
    this.discardWebsocketOnCommFailure = config.discardWebsocketOnCommFailure;
    this.onConnect = config.onConnect;
    this.onDisconnect = config.onDisconnect;
    this.onStompError = config.onStompError;
    this.onWebSocketClose = config.onWebSocketClose;
    this.onWebSocketError = config.onWebSocketError;
    this.onUnhandledMessage = config.onUnhandledMessage;
    this.onUnhandledReceipt = config.onUnhandledReceipt;
    this.onUnhandledFrame = config.onUnhandledFrame;
    this.onHeartbeatReceived = config.onHeartbeatReceived;
    this.onHeartbeatLost = config.onHeartbeatLost;
  }
  start() {
    const parser = new Parser(
      // On Frame
      (rawFrame) => {
        const frame = FrameImpl.fromRawFrame(rawFrame, this._escapeHeaderValues);
        if (!this.logRawCommunication) {
          this.debug(`<<< ${frame}`);
        }
        const serverFrameHandler = this._serverFrameHandlers[frame.command] || this.onUnhandledFrame;
        serverFrameHandler(frame);
      },
      // On Incoming Ping
      () => {
        this.debug("<<< PONG");
        this.onHeartbeatReceived();
      }
    );
    this._webSocket.onmessage = (evt) => {
      this.debug("Received data");
      this._lastServerActivityTS = Date.now();
      if (this.logRawCommunication) {
        const rawChunkAsString = evt.data instanceof ArrayBuffer ? new TextDecoder().decode(evt.data) : evt.data;
        this.debug(`<<< ${rawChunkAsString}`);
      }
      parser.parseChunk(evt.data, this.appendMissingNULLonIncoming);
    };
    this._webSocket.onclose = (closeEvent) => {
      this.debug(`Connection closed to ${this._webSocket.url}`);
      this._cleanUp();
      this.onWebSocketClose(closeEvent);
    };
    this._webSocket.onerror = (errorEvent) => {
      this.onWebSocketError(errorEvent);
    };
    this._webSocket.onopen = () => {
      const connectHeaders = Object.assign({}, this.connectHeaders);
      this.debug("Web Socket Opened...");
      connectHeaders["accept-version"] = this.stompVersions.supportedVersions();
      connectHeaders["heart-beat"] = [
        this.heartbeatOutgoing,
        this.heartbeatIncoming
      ].join(",");
      this._transmit({ command: "CONNECT", headers: connectHeaders });
    };
  }
  _setupHeartbeat(headers) {
    if (headers.version !== Versions.V1_1 && headers.version !== Versions.V1_2) {
      return;
    }
    if (!headers["heart-beat"]) {
      return;
    }
    const [serverOutgoing, serverIncoming] = headers["heart-beat"].split(",").map((v) => parseInt(v, 10));
    if (this.heartbeatOutgoing !== 0 && serverIncoming !== 0) {
      const ttl = Math.max(this.heartbeatOutgoing, serverIncoming);
      this.debug(`send PING every ${ttl}ms`);
      this._pinger = new Ticker(ttl, this._client.heartbeatStrategy, this.debug);
      this._pinger.start(() => {
        if (this._webSocket.readyState === StompSocketState.OPEN) {
          this._webSocket.send(BYTE.LF);
          this.debug(">>> PING");
        }
      });
    }
    if (this.heartbeatIncoming !== 0 && serverOutgoing !== 0) {
      const ttl = Math.max(this.heartbeatIncoming, serverOutgoing);
      this.debug(`check PONG every ${ttl}ms`);
      this._ponger = setInterval(() => {
        const delta = Date.now() - this._lastServerActivityTS;
        if (delta > ttl * this.heartbeatToleranceMultiplier) {
          this.debug(`did not receive server activity for the last ${delta}ms`);
          this.onHeartbeatLost();
          this._closeOrDiscardWebsocket();
        }
      }, ttl);
    }
  }
  _closeOrDiscardWebsocket() {
    if (this.discardWebsocketOnCommFailure) {
      this.debug("Discarding websocket, the underlying socket may linger for a while");
      this.discardWebsocket();
    } else {
      this.debug("Issuing close on the websocket");
      this._closeWebsocket();
    }
  }
  forceDisconnect() {
    if (this._webSocket) {
      if (this._webSocket.readyState === StompSocketState.CONNECTING || this._webSocket.readyState === StompSocketState.OPEN) {
        this._closeOrDiscardWebsocket();
      }
    }
  }
  _closeWebsocket() {
    this._webSocket.onmessage = () => {
    };
    this._webSocket.close();
  }
  discardWebsocket() {
    if (typeof this._webSocket.terminate !== "function") {
      augmentWebsocket(this._webSocket, (msg) => this.debug(msg));
    }
    this._webSocket.terminate();
  }
  _transmit(params) {
    const { command, headers, body, binaryBody, skipContentLengthHeader } = params;
    const frame = new FrameImpl({
      command,
      headers,
      body,
      binaryBody,
      escapeHeaderValues: this._escapeHeaderValues,
      skipContentLengthHeader
    });
    let rawChunk = frame.serialize();
    if (this.logRawCommunication) {
      this.debug(`>>> ${rawChunk}`);
    } else {
      this.debug(`>>> ${frame}`);
    }
    if (this.forceBinaryWSFrames && typeof rawChunk === "string") {
      rawChunk = new TextEncoder().encode(rawChunk);
    }
    if (typeof rawChunk !== "string" || !this.splitLargeFrames) {
      this._webSocket.send(rawChunk);
    } else {
      let out = rawChunk;
      while (out.length > 0) {
        const chunk = out.substring(0, this.maxWebSocketChunkSize);
        out = out.substring(this.maxWebSocketChunkSize);
        this._webSocket.send(chunk);
        this.debug(`chunk sent = ${chunk.length}, remaining = ${out.length}`);
      }
    }
  }
  dispose() {
    if (this.connected) {
      try {
        const disconnectHeaders = Object.assign({}, this.disconnectHeaders);
        if (!disconnectHeaders.receipt) {
          disconnectHeaders.receipt = `close-${this._counter++}`;
        }
        this.watchForReceipt(disconnectHeaders.receipt, (frame) => {
          this._closeWebsocket();
          this._cleanUp();
          this.onDisconnect(frame);
        });
        this._transmit({ command: "DISCONNECT", headers: disconnectHeaders });
      } catch (error) {
        this.debug(`Ignoring error during disconnect ${error}`);
      }
    } else {
      if (this._webSocket.readyState === StompSocketState.CONNECTING || this._webSocket.readyState === StompSocketState.OPEN) {
        this._closeWebsocket();
      }
    }
  }
  _cleanUp() {
    this._connected = false;
    if (this._pinger) {
      this._pinger.stop();
      this._pinger = void 0;
    }
    if (this._ponger) {
      clearInterval(this._ponger);
      this._ponger = void 0;
    }
  }
  publish(params) {
    const { destination, headers, body, binaryBody, skipContentLengthHeader } = params;
    const hdrs = Object.assign({ destination }, headers);
    this._transmit({
      command: "SEND",
      headers: hdrs,
      body,
      binaryBody,
      skipContentLengthHeader
    });
  }
  watchForReceipt(receiptId, callback) {
    this._receiptWatchers[receiptId] = callback;
  }
  subscribe(destination, callback, headers = {}) {
    headers = Object.assign({}, headers);
    if (!headers.id) {
      headers.id = `sub-${this._counter++}`;
    }
    headers.destination = destination;
    this._subscriptions[headers.id] = callback;
    this._transmit({ command: "SUBSCRIBE", headers });
    const client = this;
    return {
      id: headers.id,
      unsubscribe(hdrs) {
        return client.unsubscribe(headers.id, hdrs);
      }
    };
  }
  unsubscribe(id, headers = {}) {
    headers = Object.assign({}, headers);
    delete this._subscriptions[id];
    headers.id = id;
    this._transmit({ command: "UNSUBSCRIBE", headers });
  }
  begin(transactionId) {
    const txId = transactionId || `tx-${this._counter++}`;
    this._transmit({
      command: "BEGIN",
      headers: {
        transaction: txId
      }
    });
    const client = this;
    return {
      id: txId,
      commit() {
        client.commit(txId);
      },
      abort() {
        client.abort(txId);
      }
    };
  }
  commit(transactionId) {
    this._transmit({
      command: "COMMIT",
      headers: {
        transaction: transactionId
      }
    });
  }
  abort(transactionId) {
    this._transmit({
      command: "ABORT",
      headers: {
        transaction: transactionId
      }
    });
  }
  ack(messageId, subscriptionId, headers = {}) {
    headers = Object.assign({}, headers);
    if (this._connectedVersion === Versions.V1_2) {
      headers.id = messageId;
    } else {
      headers["message-id"] = messageId;
    }
    headers.subscription = subscriptionId;
    this._transmit({ command: "ACK", headers });
  }
  nack(messageId, subscriptionId, headers = {}) {
    headers = Object.assign({}, headers);
    if (this._connectedVersion === Versions.V1_2) {
      headers.id = messageId;
    } else {
      headers["message-id"] = messageId;
    }
    headers.subscription = subscriptionId;
    return this._transmit({ command: "NACK", headers });
  }
};

// node_modules/@stomp/stompjs/esm6/client.js
var Client = class {
  /**
   * Provides access to the underlying WebSocket instance.
   * This property is **read-only**.
   *
   * Example:
   * ```javascript
   * const webSocket = client.webSocket;
   * if (webSocket) {
   *   console.log('WebSocket is connected:', webSocket.readyState === WebSocket.OPEN);
   * }
   * ```
   *
   * **Caution:**
   * Directly interacting with the WebSocket instance (e.g., sending or receiving frames)
   * can interfere with the proper functioning of this library. Such actions may cause
   * unexpected behavior, disconnections, or invalid state in the library's internal mechanisms.
   *
   * Instead, use the library's provided methods to manage STOMP communication.
   *
   * @returns The WebSocket instance used by the STOMP handler, or `undefined` if not connected.
   */
  get webSocket() {
    return this._stompHandler?._webSocket;
  }
  /**
   * Allows customization of the disconnection headers.
   *
   * Any changes made during an active session will also be applied immediately.
   *
   * Example:
   * ```javascript
   * client.disconnectHeaders = {
   *   receipt: 'custom-receipt-id'
   * };
   * ```
   */
  get disconnectHeaders() {
    return this._disconnectHeaders;
  }
  set disconnectHeaders(value) {
    this._disconnectHeaders = value;
    if (this._stompHandler) {
      this._stompHandler.disconnectHeaders = this._disconnectHeaders;
    }
  }
  /**
   * Indicates whether there is an active connection to the STOMP broker.
   *
   * Usage:
   * ```javascript
   * if (client.connected) {
   *   console.log('Client is connected to the broker.');
   * } else {
   *   console.log('No connection to the broker.');
   * }
   * ```
   *
   * @returns `true` if the client is currently connected, `false` otherwise.
   */
  get connected() {
    return !!this._stompHandler && this._stompHandler.connected;
  }
  /**
   * The version of the STOMP protocol negotiated with the server during connection.
   *
   * This is a **read-only** property and reflects the negotiated protocol version after
   * a successful connection.
   *
   * Example:
   * ```javascript
   * console.log('Connected STOMP version:', client.connectedVersion);
   * ```
   *
   * @returns The negotiated STOMP protocol version or `undefined` if not connected.
   */
  get connectedVersion() {
    return this._stompHandler ? this._stompHandler.connectedVersion : void 0;
  }
  /**
   * Indicates whether the client is currently active.
   *
   * A client is considered active if it is connected or actively attempting to reconnect.
   *
   * Example:
   * ```javascript
   * if (client.active) {
   *   console.log('The client is active.');
   * } else {
   *   console.log('The client is inactive.');
   * }
   * ```
   *
   * @returns `true` if the client is active, otherwise `false`.
   */
  get active() {
    return this.state === ActivationState.ACTIVE;
  }
  _changeState(state) {
    this.state = state;
    this.onChangeState(state);
  }
  /**
   * Constructs a new STOMP client instance.
   *
   * The constructor initializes default values and sets up no-op callbacks for all events.
   * Configuration can be passed during construction, or updated later using `configure`.
   *
   * Example:
   * ```javascript
   * const client = new Client({
   *   brokerURL: 'wss://broker.example.com',
   *   reconnectDelay: 5000
   * });
   * ```
   *
   * @param conf Optional configuration object to initialize the client with.
   */
  constructor(conf = {}) {
    this.stompVersions = Versions.default;
    this.connectionTimeout = 0;
    this.reconnectDelay = 5e3;
    this._nextReconnectDelay = 0;
    this.maxReconnectDelay = 15 * 60 * 1e3;
    this.reconnectTimeMode = ReconnectionTimeMode.LINEAR;
    this.heartbeatIncoming = 1e4;
    this.heartbeatToleranceMultiplier = 2;
    this.heartbeatOutgoing = 1e4;
    this.heartbeatStrategy = TickerStrategy.Interval;
    this.splitLargeFrames = false;
    this.maxWebSocketChunkSize = 8 * 1024;
    this.forceBinaryWSFrames = false;
    this.appendMissingNULLonIncoming = false;
    this.discardWebsocketOnCommFailure = false;
    this.state = ActivationState.INACTIVE;
    const noOp = () => {
    };
    this.debug = noOp;
    this.beforeConnect = noOp;
    this.onConnect = noOp;
    this.onDisconnect = noOp;
    this.onUnhandledMessage = noOp;
    this.onUnhandledReceipt = noOp;
    this.onUnhandledFrame = noOp;
    this.onHeartbeatReceived = noOp;
    this.onHeartbeatLost = noOp;
    this.onStompError = noOp;
    this.onWebSocketClose = noOp;
    this.onWebSocketError = noOp;
    this.logRawCommunication = false;
    this.onChangeState = noOp;
    this.connectHeaders = {};
    this._disconnectHeaders = {};
    this.configure(conf);
  }
  /**
   * Updates the client's configuration.
   *
   * All properties in the provided configuration object will override the current settings.
   *
   * Additionally, a warning is logged if `maxReconnectDelay` is configured to a
   * value lower than `reconnectDelay`, and `maxReconnectDelay` is adjusted to match `reconnectDelay`.
   *
   * Example:
   * ```javascript
   * client.configure({
   *   reconnectDelay: 3000,
   *   maxReconnectDelay: 10000
   * });
   * ```
   *
   * @param conf Configuration object containing the new settings.
   */
  configure(conf) {
    Object.assign(this, conf);
    if (this.maxReconnectDelay > 0 && this.maxReconnectDelay < this.reconnectDelay) {
      this.debug(`Warning: maxReconnectDelay (${this.maxReconnectDelay}ms) is less than reconnectDelay (${this.reconnectDelay}ms). Using reconnectDelay as the maxReconnectDelay delay.`);
      this.maxReconnectDelay = this.reconnectDelay;
    }
  }
  /**
   * Activates the client, initiating a connection to the STOMP broker.
   *
   * On activation, the client attempts to connect and sets its state to `ACTIVE`. If the connection
   * is lost, it will automatically retry based on `reconnectDelay` or `maxReconnectDelay`. If
   * `reconnectTimeMode` is set to `EXPONENTIAL`, the reconnect delay increases exponentially.
   *
   * To stop reconnection attempts and disconnect, call [Client#deactivate]{@link Client#deactivate}.
   *
   * Example:
   * ```javascript
   * client.activate(); // Connect to the broker
   * ```
   *
   * If the client is currently `DEACTIVATING`, connection is delayed until the deactivation process completes.
   */
  activate() {
    const _activate = () => {
      if (this.active) {
        this.debug("Already ACTIVE, ignoring request to activate");
        return;
      }
      this._changeState(ActivationState.ACTIVE);
      this._nextReconnectDelay = this.reconnectDelay;
      this._connect();
    };
    if (this.state === ActivationState.DEACTIVATING) {
      this.debug("Waiting for deactivation to finish before activating");
      this.deactivate().then(() => {
        _activate();
      });
    } else {
      _activate();
    }
  }
  async _connect() {
    await this.beforeConnect(this);
    if (this._stompHandler) {
      this.debug("There is already a stompHandler, skipping the call to connect");
      return;
    }
    if (!this.active) {
      this.debug("Client has been marked inactive, will not attempt to connect");
      return;
    }
    if (this.connectionTimeout > 0) {
      if (this._connectionWatcher) {
        clearTimeout(this._connectionWatcher);
      }
      this._connectionWatcher = setTimeout(() => {
        if (this.connected) {
          return;
        }
        this.debug(`Connection not established in ${this.connectionTimeout}ms, closing socket`);
        this.forceDisconnect();
      }, this.connectionTimeout);
    }
    this.debug("Opening Web Socket...");
    const webSocket = this._createWebSocket();
    this._stompHandler = new StompHandler(this, webSocket, {
      debug: this.debug,
      stompVersions: this.stompVersions,
      connectHeaders: this.connectHeaders,
      disconnectHeaders: this._disconnectHeaders,
      heartbeatIncoming: this.heartbeatIncoming,
      heartbeatGracePeriods: this.heartbeatToleranceMultiplier,
      heartbeatOutgoing: this.heartbeatOutgoing,
      heartbeatStrategy: this.heartbeatStrategy,
      splitLargeFrames: this.splitLargeFrames,
      maxWebSocketChunkSize: this.maxWebSocketChunkSize,
      forceBinaryWSFrames: this.forceBinaryWSFrames,
      logRawCommunication: this.logRawCommunication,
      appendMissingNULLonIncoming: this.appendMissingNULLonIncoming,
      discardWebsocketOnCommFailure: this.discardWebsocketOnCommFailure,
      onConnect: (frame) => {
        if (this._connectionWatcher) {
          clearTimeout(this._connectionWatcher);
          this._connectionWatcher = void 0;
        }
        this._nextReconnectDelay = this.reconnectDelay;
        if (!this.active) {
          this.debug("STOMP got connected while deactivate was issued, will disconnect now");
          this._disposeStompHandler();
          return;
        }
        this.onConnect(frame);
      },
      onDisconnect: (frame) => {
        this.onDisconnect(frame);
      },
      onStompError: (frame) => {
        this.onStompError(frame);
      },
      onWebSocketClose: (evt) => {
        this._stompHandler = void 0;
        if (this.state === ActivationState.DEACTIVATING) {
          this._changeState(ActivationState.INACTIVE);
        }
        this.onWebSocketClose(evt);
        if (this.active) {
          this._schedule_reconnect();
        }
      },
      onWebSocketError: (evt) => {
        this.onWebSocketError(evt);
      },
      onUnhandledMessage: (message) => {
        this.onUnhandledMessage(message);
      },
      onUnhandledReceipt: (frame) => {
        this.onUnhandledReceipt(frame);
      },
      onUnhandledFrame: (frame) => {
        this.onUnhandledFrame(frame);
      },
      onHeartbeatReceived: () => {
        this.onHeartbeatReceived();
      },
      onHeartbeatLost: () => {
        this.onHeartbeatLost();
      }
    });
    this._stompHandler.start();
  }
  _createWebSocket() {
    let webSocket;
    if (this.webSocketFactory) {
      webSocket = this.webSocketFactory();
    } else if (this.brokerURL) {
      webSocket = new WebSocket(this.brokerURL, this.stompVersions.protocolVersions());
    } else {
      throw new Error("Either brokerURL or webSocketFactory must be provided");
    }
    webSocket.binaryType = "arraybuffer";
    return webSocket;
  }
  _schedule_reconnect() {
    if (this._nextReconnectDelay > 0) {
      this.debug(`STOMP: scheduling reconnection in ${this._nextReconnectDelay}ms`);
      this._reconnector = setTimeout(() => {
        if (this.reconnectTimeMode === ReconnectionTimeMode.EXPONENTIAL) {
          this._nextReconnectDelay = this._nextReconnectDelay * 2;
          if (this.maxReconnectDelay !== 0) {
            this._nextReconnectDelay = Math.min(this._nextReconnectDelay, this.maxReconnectDelay);
          }
        }
        this._connect();
      }, this._nextReconnectDelay);
    }
  }
  /**
   * Disconnects the client and stops the automatic reconnection loop.
   *
   * If there is an active STOMP connection at the time of invocation, the appropriate callbacks
   * will be triggered during the shutdown sequence. Once deactivated, the client will enter the
   * `INACTIVE` state, and no further reconnection attempts will be made.
   *
   * **Behavior**:
   * - If there is no active WebSocket connection, this method resolves immediately.
   * - If there is an active connection, the method waits for the underlying WebSocket
   *   to properly close before resolving.
   * - Multiple calls to this method are safe. Each invocation resolves upon completion.
   * - To reactivate, call [Client#activate]{@link Client#activate}.
   *
   * **Experimental Option:**
   * - By specifying the `force: true` option, the WebSocket connection is discarded immediately,
   *   bypassing both the STOMP and WebSocket shutdown sequences.
   * - **Caution:** Using `force: true` may leave the WebSocket in an inconsistent state,
   *   and brokers may not immediately detect the termination.
   *
   * Example:
   * ```javascript
   * // Graceful disconnect
   * await client.deactivate();
   *
   * // Forced disconnect to speed up shutdown when the connection is stale
   * await client.deactivate({ force: true });
   * ```
   *
   * @param options Configuration options for deactivation. Use `force: true` for immediate shutdown.
   * @returns A Promise that resolves when the deactivation process completes.
   */
  async deactivate(options = {}) {
    const force = options.force || false;
    const needToDispose = this.active;
    let retPromise;
    if (this.state === ActivationState.INACTIVE) {
      this.debug(`Already INACTIVE, nothing more to do`);
      return Promise.resolve();
    }
    this._changeState(ActivationState.DEACTIVATING);
    this._nextReconnectDelay = 0;
    if (this._reconnector) {
      clearTimeout(this._reconnector);
      this._reconnector = void 0;
    }
    if (this._stompHandler && // @ts-ignore - if there is a _stompHandler, there is the webSocket
    this.webSocket.readyState !== StompSocketState.CLOSED) {
      const origOnWebSocketClose = this._stompHandler.onWebSocketClose;
      retPromise = new Promise((resolve, reject) => {
        this._stompHandler.onWebSocketClose = (evt) => {
          origOnWebSocketClose(evt);
          resolve();
        };
      });
    } else {
      this._changeState(ActivationState.INACTIVE);
      return Promise.resolve();
    }
    if (force) {
      this._stompHandler?.discardWebsocket();
    } else if (needToDispose) {
      this._disposeStompHandler();
    }
    return retPromise;
  }
  /**
   * Forces a disconnect by directly closing the WebSocket.
   *
   * Unlike a normal disconnect, this does not send a DISCONNECT sequence to the broker but
   * instead closes the WebSocket connection directly. After forcing a disconnect, the client
   * will automatically attempt to reconnect based on its `reconnectDelay` configuration.
   *
   * **Note:** To prevent further reconnect attempts, call [Client#deactivate]{@link Client#deactivate}.
   *
   * Example:
   * ```javascript
   * client.forceDisconnect();
   * ```
   */
  forceDisconnect() {
    if (this._stompHandler) {
      this._stompHandler.forceDisconnect();
    }
  }
  _disposeStompHandler() {
    if (this._stompHandler) {
      this._stompHandler.dispose();
    }
  }
  /**
   * Sends a message to the specified destination on the STOMP broker.
   *
   * The `body` must be a `string`. For non-string payloads (e.g., JSON), encode it as a string before sending.
   * If sending binary data, use the `binaryBody` parameter as a [Uint8Array](https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/Uint8Array).
   *
   * **Content-Length Behavior**:
   * - For non-binary messages, the `content-length` header is added by default.
   * - The `content-length` header can be skipped for text frames by setting `skipContentLengthHeader: true` in the parameters.
   * - For binary messages, the `content-length` header is always included.
   *
   * **Notes**:
   * - Ensure that brokers support binary frames before using `binaryBody`.
   * - Sending messages with NULL octets and missing `content-length` headers can cause brokers to disconnect and throw errors.
   *
   * Example:
   * ```javascript
   * // Basic text message
   * client.publish({ destination: "/queue/test", body: "Hello, STOMP" });
   *
   * // Text message with additional headers
   * client.publish({ destination: "/queue/test", headers: { priority: 9 }, body: "Hello, STOMP" });
   *
   * // Skip content-length header
   * client.publish({ destination: "/queue/test", body: "Hello, STOMP", skipContentLengthHeader: true });
   *
   * // Binary message
   * const binaryData = new Uint8Array([1, 2, 3, 4]);
   * client.publish({
   *   destination: '/topic/special',
   *   binaryBody: binaryData,
   *   headers: { 'content-type': 'application/octet-stream' }
   * });
   * ```
   */
  publish(params) {
    this._checkConnection();
    this._stompHandler.publish(params);
  }
  _checkConnection() {
    if (!this.connected) {
      throw new TypeError("There is no underlying STOMP connection");
    }
  }
  /**
   * Monitors for a receipt acknowledgment from the broker for specific operations.
   *
   * Add a `receipt` header to the operation (like subscribe or publish), and use this method with
   * the same receipt ID to detect when the broker has acknowledged the operation's completion.
   *
   * The callback is invoked with the corresponding {@link IFrame} when the receipt is received.
   *
   * Example:
   * ```javascript
   * const receiptId = "unique-receipt-id";
   *
   * client.watchForReceipt(receiptId, (frame) => {
   *   console.log("Operation acknowledged by the broker:", frame);
   * });
   *
   * // Attach the receipt header to an operation
   * client.publish({ destination: "/queue/test", headers: { receipt: receiptId }, body: "Hello" });
   * ```
   *
   * @param receiptId Unique identifier for the receipt.
   * @param callback Callback function invoked on receiving the RECEIPT frame.
   */
  watchForReceipt(receiptId, callback) {
    this._checkConnection();
    this._stompHandler.watchForReceipt(receiptId, callback);
  }
  /**
   * Subscribes to a destination on the STOMP broker.
   *
   * The callback is triggered for each message received from the subscribed destination. The message
   * is passed as an {@link IMessage} instance.
   *
   * **Subscription ID**:
   * - If no `id` is provided in `headers`, the library generates a unique subscription ID automatically.
   * - Provide an explicit `id` in `headers` if you wish to manage the subscription ID manually.
   *
   * Example:
   * ```javascript
   * const callback = (message) => {
   *   console.log("Received message:", message.body);
   * };
   *
   * // Auto-generated subscription ID
   * const subscription = client.subscribe("/queue/test", callback);
   *
   * // Explicit subscription ID
   * const mySubId = "my-subscription-id";
   * const subscription = client.subscribe("/queue/test", callback, { id: mySubId });
   * ```
   *
   * @param destination Destination to subscribe to.
   * @param callback Function invoked for each received message.
   * @param headers Optional headers for subscription, such as `id`.
   * @returns A {@link StompSubscription} which can be used to manage the subscription.
   */
  subscribe(destination, callback, headers = {}) {
    this._checkConnection();
    return this._stompHandler.subscribe(destination, callback, headers);
  }
  /**
   * Unsubscribes from a subscription on the STOMP broker.
   *
   * Prefer using the `unsubscribe` method directly on the {@link StompSubscription} returned from `subscribe` for cleaner management:
   * ```javascript
   * const subscription = client.subscribe("/queue/test", callback);
   * // Unsubscribe using the subscription object
   * subscription.unsubscribe();
   * ```
   *
   * This method can also be used directly with the subscription ID.
   *
   * Example:
   * ```javascript
   * client.unsubscribe("my-subscription-id");
   * ```
   *
   * @param id Subscription ID to unsubscribe.
   * @param headers Optional headers to pass for the UNSUBSCRIBE frame.
   */
  unsubscribe(id, headers = {}) {
    this._checkConnection();
    this._stompHandler.unsubscribe(id, headers);
  }
  /**
   * Starts a new transaction. The returned {@link ITransaction} object provides
   * methods for [commit]{@link ITransaction#commit} and [abort]{@link ITransaction#abort}.
   *
   * If `transactionId` is not provided, the library generates a unique ID internally.
   *
   * Example:
   * ```javascript
   * const tx = client.begin(); // Auto-generated ID
   *
   * // Or explicitly specify a transaction ID
   * const tx = client.begin("my-transaction-id");
   * ```
   *
   * @param transactionId Optional transaction ID.
   * @returns An instance of {@link ITransaction}.
   */
  begin(transactionId) {
    this._checkConnection();
    return this._stompHandler.begin(transactionId);
  }
  /**
   * Commits a transaction.
   *
   * It is strongly recommended to call [commit]{@link ITransaction#commit} on
   * the transaction object returned by [client#begin]{@link Client#begin}.
   *
   * Example:
   * ```javascript
   * const tx = client.begin();
   * // Perform operations under this transaction
   * tx.commit();
   * ```
   *
   * @param transactionId The ID of the transaction to commit.
   */
  commit(transactionId) {
    this._checkConnection();
    this._stompHandler.commit(transactionId);
  }
  /**
   * Aborts a transaction.
   *
   * It is strongly recommended to call [abort]{@link ITransaction#abort} directly
   * on the transaction object returned by [client#begin]{@link Client#begin}.
   *
   * Example:
   * ```javascript
   * const tx = client.begin();
   * // Perform operations under this transaction
   * tx.abort(); // Abort the transaction
   * ```
   *
   * @param transactionId The ID of the transaction to abort.
   */
  abort(transactionId) {
    this._checkConnection();
    this._stompHandler.abort(transactionId);
  }
  /**
   * Acknowledges receipt of a message. Typically, this should be done by calling
   * [ack]{@link IMessage#ack} directly on the {@link IMessage} instance passed
   * to the subscription callback.
   *
   * Example:
   * ```javascript
   * const callback = (message) => {
   *   // Process the message
   *   message.ack(); // Acknowledge the message
   * };
   *
   * client.subscribe("/queue/example", callback, { ack: "client" });
   * ```
   *
   * @param messageId The ID of the message to acknowledge.
   * @param subscriptionId The ID of the subscription.
   * @param headers Optional headers for the acknowledgment frame.
   */
  ack(messageId, subscriptionId, headers = {}) {
    this._checkConnection();
    this._stompHandler.ack(messageId, subscriptionId, headers);
  }
  /**
   * Rejects a message (negative acknowledgment). Like acknowledgments, this should
   * typically be done by calling [nack]{@link IMessage#nack} directly on the {@link IMessage}
   * instance passed to the subscription callback.
   *
   * Example:
   * ```javascript
   * const callback = (message) => {
   *   // Process the message
   *   if (isError(message)) {
   *     message.nack(); // Reject the message
   *   }
   * };
   *
   * client.subscribe("/queue/example", callback, { ack: "client" });
   * ```
   *
   * @param messageId The ID of the message to negatively acknowledge.
   * @param subscriptionId The ID of the subscription.
   * @param headers Optional headers for the NACK frame.
   */
  nack(messageId, subscriptionId, headers = {}) {
    this._checkConnection();
    this._stompHandler.nack(messageId, subscriptionId, headers);
  }
};

// src/backoff.ts
function backoffDelay(attempt, backoff = {}, random = Math.random) {
  const initial = backoff.initialMs ?? 500;
  const max = backoff.maxMs ?? 15e3;
  const step = Math.min(max, initial * 2 ** Math.min(attempt, 30));
  return step / 2 + random() * (step / 2);
}

// src/errors.ts
var DugoutError = class _DugoutError extends Error {
  /** `validation`, `forbidden`, `not_found`, `rate_limited`, … ; `network` when the server was not reached. */
  code;
  /** The HTTP status of a REST answer; 0 for STOMP errors and unreachable servers. */
  status;
  /** The field at fault, when the server named one. */
  field;
  constructor(code, message, status = 0, field = null) {
    super(message);
    this.name = "DugoutError";
    this.code = code;
    this.status = status;
    this.field = field;
  }
  /** Whether sending the same request again (same clientMsgId) may succeed. */
  get retryable() {
    return RETRYABLE.has(this.code);
  }
  /** From an RFC 9457 problem document (REST) or an error body of /user/queue/errors (STOMP). */
  static fromProblem(status, body) {
    const p = body ?? {};
    const code = typeof p.code === "string" ? p.code : status >= 500 ? "unavailable" : "request";
    const text = [p.detail, p.message, p.title].find((v) => typeof v === "string");
    return new _DugoutError(code, text ?? `HTTP ${status}`, status, typeof p.field === "string" ? p.field : null);
  }
};
var RETRYABLE = /* @__PURE__ */ new Set(["rate_limited", "unavailable", "network", "timeout"]);

// src/connection.ts
var Connection = class {
  constructor(o) {
    this.o = o;
    const WS = o.WebSocket ?? globalThis.WebSocket;
    if (!WS) throw new DugoutError("request", "no WebSocket here: pass one as the WebSocket option");
    this.client = new Client({
      webSocketFactory: () => new WS(o.wsUrl, ["v12.stomp", "v11.stomp"]),
      heartbeatIncoming: 1e4,
      heartbeatOutgoing: 1e4,
      connectionTimeout: 8e3,
      // why: a socket that never opened (a network that drops packets) may never report its
      // close; without this the timeout's close waits for that report, and no retry ever comes
      discardWebsocketOnCommFailure: true,
      reconnectDelay: 1,
      // the wait is ours, in beforeConnect
      debug: o.debug ?? (() => {
      }),
      beforeConnect: async () => {
        if (this.attempt++ > 0) {
          this.setState("offline");
          await sleep(backoffDelay(this.attempt - 2, o.backoff));
          if (this.closed) return;
        }
        this.setState("connecting");
        let token;
        try {
          token = await o.token.get();
        } catch (e) {
          this.emitError(new DugoutError("unauthenticated", `no token: ${e.message}`));
          throw e;
        }
        this.client.connectHeaders = { Authorization: `Bearer ${token}` };
      },
      onConnect: () => this.connected(),
      onStompError: (frame) => this.onStompError(frame),
      onWebSocketClose: () => this.onClosed()
    });
  }
  o;
  client;
  standing = /* @__PURE__ */ new Set();
  waiting = /* @__PURE__ */ new Map();
  stateListeners = /* @__PURE__ */ new Set();
  errorListeners = /* @__PURE__ */ new Set();
  connectedListeners = /* @__PURE__ */ new Set();
  attempt = 0;
  receipts = 0;
  renewal = null;
  current = "connecting";
  closed = false;
  get state() {
    return this.current;
  }
  get online() {
    return this.client.connected;
  }
  start() {
    this.closed = false;
    this.setState("connecting");
    this.client.activate();
  }
  async close() {
    this.closed = true;
    this.clearRenewal();
    await this.client.deactivate();
    this.failWaiting("network", "connection closed");
    this.setState("closed");
  }
  onState(listener) {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }
  /** Errors that belong to no request: a refused token, a protocol ERROR, a refused token refresh. */
  onError(listener) {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  }
  /** Runs after every (re)connect, once the standing subscriptions are made. */
  onConnect(listener) {
    this.connectedListeners.add(listener);
    return () => this.connectedListeners.delete(listener);
  }
  /** Subscribes now (when online) and again after every reconnect; returns a function that ends it. */
  subscribe(destination, handler, headers = () => ({})) {
    const s = { destination, headers, handler, live: null };
    this.standing.add(s);
    if (this.client.connected) this.make(s);
    return () => {
      this.standing.delete(s);
      if (s.live && this.client.connected) s.live.unsubscribe();
    };
  }
  /**
   * SENDs with a `receipt` header; resolves on the RECEIPT (the server made it durable), rejects
   * with the server's error, `network` when the connection is down or drops first, `timeout`.
   */
  request(destination, body, timeoutMs = 1e4) {
    if (!this.client.connected) return Promise.reject(new DugoutError("network", "not connected"));
    const receipt = `r-${++this.receipts}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(receipt);
        reject(new DugoutError("timeout", `no receipt within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting.set(receipt, { resolve, reject, timer });
      this.client.watchForReceipt(receipt, () => this.settle(receipt));
      this.client.publish({
        destination,
        body: JSON.stringify(body),
        headers: { receipt, "content-type": "application/json" }
      });
    });
  }
  /** SENDs without waiting for anything; false when offline (typing, read markers). */
  tell(destination, body) {
    if (!this.client.connected) return false;
    this.client.publish(body === void 0 ? { destination } : { destination, body: JSON.stringify(body), headers: { "content-type": "application/json" } });
    return true;
  }
  /** Closes the socket under the session as a network failure would, for tests of recovery. */
  dropSocket() {
    this.client.forceDisconnect();
  }
  connected() {
    this.attempt = 0;
    this.client.subscribe("/user/queue/errors", (frame) => this.onSendError(parse(frame)));
    for (const s of this.standing) this.make(s);
    this.setState("online");
    this.scheduleRenewal();
    for (const listener of this.connectedListeners) listener();
  }
  make(s) {
    s.live = this.client.subscribe(s.destination, (frame) => s.handler(parse(frame)), s.headers());
  }
  onClosed() {
    this.clearRenewal();
    for (const s of this.standing) s.live = null;
    this.failWaiting("network", "connection lost");
    if (this.current !== "closed") this.setState(this.client.active ? "offline" : "closed");
  }
  onStompError(frame) {
    const message = frame.headers.message ?? "server error";
    const code = frame.headers.code ?? (/^invalid token/.test(message) ? "unauthenticated" : "protocol");
    this.emitError(new DugoutError(code, message));
    if (code === "token_expired" && !this.o.token.renewable) void this.close();
  }
  onSendError(body) {
    const error = DugoutError.fromProblem(0, body);
    const waiting = typeof body?.receipt === "string" ? this.waiting.get(body.receipt) : void 0;
    if (waiting) {
      this.waiting.delete(body.receipt);
      clearTimeout(waiting.timer);
      waiting.reject(error);
    } else {
      this.emitError(error);
    }
  }
  settle(receipt) {
    const waiting = this.waiting.get(receipt);
    if (!waiting) return;
    this.waiting.delete(receipt);
    clearTimeout(waiting.timer);
    waiting.resolve();
  }
  failWaiting(code, message) {
    for (const [receipt, waiting] of this.waiting) {
      this.waiting.delete(receipt);
      clearTimeout(waiting.timer);
      waiting.reject(new DugoutError(code, message));
    }
  }
  scheduleRenewal() {
    this.clearRenewal();
    const delay = this.o.token.renewIn();
    if (delay == null) return;
    this.renewal = setTimeout(() => void this.renew(), delay);
  }
  async renew() {
    try {
      const fresh = await this.o.token.fresh();
      await this.request("/app/token", { token: fresh });
      this.scheduleRenewal();
    } catch (e) {
      this.emitError(e instanceof DugoutError ? e : new DugoutError("unauthenticated", String(e)));
      if (this.client.connected) this.renewal = setTimeout(() => void this.renew(), 1e3);
    }
  }
  clearRenewal() {
    if (this.renewal) clearTimeout(this.renewal);
    this.renewal = null;
  }
  setState(state, detail) {
    if (state === this.current || this.closed && state !== "closed") return;
    this.current = state;
    for (const listener of this.stateListeners) listener(state, detail);
  }
  emitError(error) {
    for (const listener of this.errorListeners) listener(error);
  }
};
function parse(frame) {
  try {
    return JSON.parse(frame.body);
  } catch {
    return { type: "unparseable", body: frame.body };
  }
}
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// src/http.ts
var enc = encodeURIComponent;
var Rest = class {
  /** @param token the token to send; null for calls made before sign-in ({@link devToken}) */
  constructor(baseUrl, token, options = {}) {
    this.baseUrl = baseUrl;
    this.token = token;
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.o = options;
  }
  baseUrl;
  token;
  fetchImpl;
  o;
  /** A try-it-out token from a loopback server with no JWT key configured (404 elsewhere). */
  devToken(userId) {
    return this.call("POST", "/dev/token", { userId });
  }
  listRooms(o = {}) {
    const q = new URLSearchParams({ limit: String(o.limit ?? 20) });
    if (o.cursor) q.set("cursor", o.cursor);
    return this.call("GET", `/rooms?${q}`);
  }
  getRoom(roomId) {
    return this.call("GET", `/rooms/${enc(roomId)}`);
  }
  createRoom(spec) {
    return this.call("POST", "/rooms", spec);
  }
  enter(roomId) {
    return this.call("POST", `/rooms/${enc(roomId)}/enter`);
  }
  addMember(roomId, userId) {
    return this.call("POST", `/rooms/${enc(roomId)}/members`, { userId });
  }
  removeMember(roomId, userId) {
    return this.call("DELETE", `/rooms/${enc(roomId)}/members/${enc(userId)}`);
  }
  /** A page of the room's log, newest first: the newest, `before` a seq, or `after` one. */
  history(roomId, o = {}) {
    const q = new URLSearchParams({ limit: String(o.limit ?? 50) });
    if (o.before != null) q.set("before", String(o.before));
    if (o.after != null) q.set("after", String(o.after));
    return this.call("GET", `/rooms/${enc(roomId)}/messages?${q}`);
  }
  read(roomId, seq) {
    return this.call("POST", `/rooms/${enc(roomId)}/read`, { seq });
  }
  mute(roomId, muted) {
    return this.call(muted ? "PUT" : "DELETE", `/rooms/${enc(roomId)}/mute`);
  }
  edit(roomId, seq, clientMsgId, content) {
    return this.call("PATCH", `/rooms/${enc(roomId)}/messages/${seq}`, { clientMsgId, content });
  }
  remove(roomId, seq, clientMsgId) {
    return this.call("DELETE", `/rooms/${enc(roomId)}/messages/${seq}?clientMsgId=${enc(clientMsgId)}`);
  }
  react(roomId, seq, emoji, add, clientMsgId) {
    return this.call(
      add ? "PUT" : "DELETE",
      `/rooms/${enc(roomId)}/messages/${seq}/reactions/${enc(emoji)}?clientMsgId=${enc(clientMsgId)}`
    );
  }
  openUpload(roomId, file) {
    return this.call("POST", `/rooms/${enc(roomId)}/uploads`, file);
  }
  /** Sends the bytes to the slot's URL, with its headers and no token (the URL's signature is the permission). */
  async putUpload(slot, bytes) {
    const url = new URL(slot.url, this.baseUrl).toString();
    const response = await this.send(url, { method: slot.method || "PUT", headers: { ...slot.headers, Accept: "application/json" }, body: bytes });
    return answer(response);
  }
  notifications(o = {}) {
    const q = new URLSearchParams({ limit: String(o.limit ?? 20) });
    if (o.before) q.set("before", o.before);
    if (o.unreadOnly) q.set("unreadOnly", "true");
    return this.call("GET", `/notifications?${q}`);
  }
  markNotificationsRead(which) {
    return this.call("POST", "/notifications/read", which);
  }
  /**
   * A file of a room (an attachment's `url` or its thumbnail, under /api/v1) with my token, following
   * a redirect to the store's bucket (where the browser drops the token). Any other URL is refused:
   * the token never leaves for another place.
   */
  async download(path) {
    if (!path.startsWith("/api/v1/")) throw new DugoutError("validation", `not a file of Dugout: ${path}`);
    const response = await this.authorized("GET", path.slice("/api/v1".length), void 0, { redirect: "follow" });
    return response.blob();
  }
  async call(method, path, body) {
    return answer(await this.authorized(method, path, body));
  }
  /** The answer of a call that succeeded, after a fresh token and retries as the class says. */
  async authorized(method, path, body, init = {}) {
    const attempts = method === "POST" ? 1 : Math.max(1, this.o.attempts ?? 3);
    let renewed = false;
    for (let attempt = 1; ; attempt++) {
      const token = !this.token ? null : renewed && this.o.freshToken ? await this.o.freshToken() : await this.token();
      const response = await this.attempt(method, path, body, token, init).catch((e) => e);
      if (response instanceof Response && response.ok) return response;
      const error = response instanceof Response ? await problemOf(response) : response;
      if (error.status === 401 && this.o.freshToken && !renewed) {
        renewed = true;
        attempt--;
        continue;
      }
      if (error.status === 401) this.o.onUnauthorized?.(error);
      if (!error.retryable || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, backoffDelay(attempt - 1, this.o.backoff ?? { initialMs: 250, maxMs: 2e3 })));
    }
  }
  attempt(method, path, body, token, init) {
    const headers = { Accept: "application/json" };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== void 0) headers["Content-Type"] = "application/json";
    return this.send(new URL(`/api/v1${path}`, this.baseUrl).toString(), {
      ...init,
      method,
      headers,
      body: body === void 0 ? void 0 : JSON.stringify(body)
    });
  }
  async send(url, init) {
    try {
      return await this.fetchImpl(url, { ...init, cache: "no-store" });
    } catch (e) {
      throw new DugoutError("network", `cannot reach the server: ${e.message}`);
    }
  }
};
async function answer(response) {
  if (!response.ok) throw await problemOf(response);
  if (response.status === 204) return void 0;
  return await json(response);
}
async function problemOf(response) {
  return DugoutError.fromProblem(response.status, await json(response));
}
async function json(response) {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

// src/outbox-store.ts
var MemoryOutboxStore = class {
  messages = /* @__PURE__ */ new Map();
  async load() {
    return [...this.messages.values()].map((m) => ({ ...m }));
  }
  async save(message) {
    this.messages.set(message.clientMsgId, { ...message });
  }
  async remove(clientMsgId) {
    this.messages.delete(clientMsgId);
  }
  async clear() {
    this.messages.clear();
  }
};
var IndexedDbOutboxStore = class {
  constructor(name = "dugout-outbox", factory = globalThis.indexedDB) {
    this.name = name;
    this.factory = factory;
  }
  name;
  factory;
  db = null;
  async load() {
    const all = await this.run("readonly", (s) => s.getAll());
    return all.sort((a, b) => a.queuedAt - b.queuedAt);
  }
  async save(message) {
    await this.run("readwrite", (s) => s.put({ ...message }));
  }
  async remove(clientMsgId) {
    await this.run("readwrite", (s) => s.delete(clientMsgId));
  }
  async clear() {
    await this.run("readwrite", (s) => s.clear());
  }
  open() {
    this.db ??= new Promise((resolve, reject) => {
      const request = this.factory.open(this.name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore("messages", { keyPath: "clientMsgId" });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return this.db;
  }
  async run(mode, op) {
    const db = await this.open();
    return new Promise((resolve, reject) => {
      const request = op(db.transaction("messages", mode).objectStore("messages"));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }
};

// src/outbox.ts
var Outbox = class {
  constructor(transport, options = {}) {
    this.transport = transport;
    this.store = options.store ?? new MemoryOutboxStore();
    this.o = {
      receiptTimeoutMs: options.receiptTimeoutMs ?? 1e4,
      maxAttempts: options.maxAttempts ?? 20,
      backoff: options.backoff ?? { initialMs: 250, maxMs: 1e4 },
      newClientMsgId: options.newClientMsgId ?? newClientMsgId,
      now: options.now ?? Date.now
    };
  }
  transport;
  queues = /* @__PURE__ */ new Map();
  inFlight = /* @__PURE__ */ new Map();
  byId = /* @__PURE__ */ new Map();
  listeners = /* @__PURE__ */ new Set();
  timers = /* @__PURE__ */ new Set();
  store;
  o;
  closed = false;
  discarded = false;
  /** Queues a message; it is pending at once and goes out as soon as the room's turn and the connection allow. */
  send(roomId, draft) {
    const message = {
      clientMsgId: this.o.newClientMsgId(),
      roomId,
      kind: draft.kind ?? "TEXT",
      content: draft.content,
      state: "pending",
      attempts: 0,
      queuedAt: this.o.now()
    };
    if (draft.attachments?.length) message.attachments = draft.attachments;
    if (draft.replyTo != null) message.replyTo = draft.replyTo;
    if (draft.mentions?.length) message.mentions = draft.mentions;
    this.enqueue(message);
    return message;
  }
  /** Takes back what the store kept from an earlier run; pending messages are sent again, in their order. */
  async restore() {
    const kept = (await this.store.load()).sort((a, b) => a.queuedAt - b.queuedAt);
    if (this.discarded) return;
    for (const message of kept) {
      if (this.byId.has(message.clientMsgId)) continue;
      if (message.state === "failed") {
        this.byId.set(message.clientMsgId, message);
        this.emit(message);
      } else {
        this.enqueue({ ...message, state: "pending" });
      }
    }
  }
  /** Messages not yet receipted or failed, in send order (all rooms, or one). */
  pending(roomId) {
    return [...this.byId.values()].filter((m) => m.state !== "sent" && (roomId == null || m.roomId === roomId)).sort((a, b) => a.queuedAt - b.queuedAt);
  }
  get(clientMsgId) {
    return this.byId.get(clientMsgId);
  }
  /** Calls `listener` whenever a message is queued or changes state; returns a function that stops it. */
  onChange(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  /**
   * Sends a failed message again, same clientMsgId, after whatever the room has queued; a pending
   * one waiting out its backoff goes now (when it is the room's turn and the connection is up).
   */
  retry(clientMsgId) {
    const message = this.byId.get(clientMsgId);
    if (message?.state === "pending") void this.pump(message.roomId);
    if (!message || message.state !== "failed") return;
    this.enqueue({ ...message, state: "pending", attempts: 0, error: void 0, queuedAt: this.o.now() });
  }
  /**
   * Forgets a message that is not on its way: failed, or pending but not on the wire (offline,
   * waiting out a backoff, or queued behind another). Returns whether it was forgotten. (If an
   * earlier attempt did reach the server, the message still shows up.)
   */
  discard(clientMsgId) {
    const message = this.byId.get(clientMsgId);
    if (!message || message.state === "sent" || this.inFlight.get(message.roomId) === message) return false;
    this.byId.delete(clientMsgId);
    const queue = this.queues.get(message.roomId);
    const i = queue?.indexOf(message) ?? -1;
    if (queue && i >= 0) queue.splice(i, 1);
    if (queue?.length === 0) this.queues.delete(message.roomId);
    void this.forget(clientMsgId);
    return true;
  }
  /**
   * The stored copy of one of my messages came back (room topic or history): it is durable,
   * whatever became of the RECEIPT, and the room's next message may go.
   */
  confirm(message) {
    const mine = message.clientMsgId ? this.byId.get(message.clientMsgId) : void 0;
    if (!mine || mine.roomId !== message.roomId) return;
    mine.message = message;
    if (mine.state !== "sent") {
      this.settle(mine, "sent");
    } else {
      this.emit(mine);
      this.byId.delete(mine.clientMsgId);
    }
  }
  /** The connection is (back) up: every room with a waiting message sends it. */
  wake() {
    for (const roomId of this.queues.keys()) void this.pump(roomId);
  }
  /** Stops sending; what is not receipted stays in the store, for the next run to send. */
  close() {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
  /**
   * Closes the outbox and forgets every message not yet confirmed, in memory and in the store:
   * for a user who signs out of a shared device, whose unsent messages must neither stay there
   * nor go out at their next sign-in. One already on the wire may still be stored by the server
   * (its answer is ignored); nothing is written to the store after this.
   */
  async discardAll() {
    this.close();
    this.discarded = true;
    this.queues.clear();
    this.inFlight.clear();
    this.byId.clear();
    await this.store.clear();
  }
  enqueue(message) {
    this.byId.set(message.clientMsgId, message);
    const queue = this.queues.get(message.roomId) ?? [];
    queue.push(message);
    this.queues.set(message.roomId, queue);
    void this.save(message);
    this.emit(message);
    void this.pump(message.roomId);
  }
  async pump(roomId) {
    if (this.closed || this.inFlight.get(roomId)?.state === "pending" || !this.transport.online) return;
    const queue = this.queues.get(roomId);
    const head = queue?.find((m) => m.state === "pending");
    if (!head) return;
    this.inFlight.set(roomId, head);
    head.attempts += 1;
    let retryIn = null;
    try {
      await this.transport.send(roomId, bodyOf(head), this.o.receiptTimeoutMs);
      if (head.state === "pending") this.settle(head, "sent");
    } catch (e) {
      const error = e instanceof DugoutError ? e : new DugoutError("network", String(e));
      if (head.state !== "pending") {
      } else if (!error.retryable) {
        head.error = { code: error.code, message: error.message };
        this.settle(head, "failed");
      } else if (head.attempts >= this.o.maxAttempts) {
        head.error = { code: error.code, message: `no answer after ${head.attempts} attempts: ${error.message}` };
        this.settle(head, "failed");
      } else {
        head.error = { code: error.code, message: error.message };
        void this.save(head);
        this.emit(head);
        retryIn = backoffDelay(head.attempts - 1, this.o.backoff);
      }
    } finally {
      if (this.inFlight.get(roomId) === head) this.inFlight.delete(roomId);
    }
    if (retryIn == null) {
      if (head.state === "pending" || !this.inFlight.has(roomId)) void this.pump(roomId);
    } else {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void this.pump(roomId);
      }, retryIn);
      this.timers.add(timer);
    }
  }
  settle(message, state) {
    message.state = state;
    if (state === "sent") {
      message.error = void 0;
      void this.forget(message.clientMsgId);
    } else {
      void this.save(message);
    }
    const queue = this.queues.get(message.roomId);
    if (queue) {
      const i = queue.indexOf(message);
      if (i >= 0) queue.splice(i, 1);
      if (queue.length === 0) this.queues.delete(message.roomId);
    }
    this.emit(message);
    if (state === "sent" && message.message != null) this.byId.delete(message.clientMsgId);
    void this.pump(message.roomId);
  }
  // why: after discardAll nothing may bring a message back into the store, not even a late answer
  save(message) {
    return this.discarded ? Promise.resolve() : this.store.save(message);
  }
  forget(clientMsgId) {
    return this.discarded ? Promise.resolve() : this.store.remove(clientMsgId);
  }
  emit(message) {
    if (this.discarded) return;
    for (const listener of this.listeners) listener(message);
  }
};
function bodyOf(m) {
  const body = { clientMsgId: m.clientMsgId, kind: m.kind, content: m.content };
  if (m.attachments?.length) body.attachments = m.attachments;
  if (m.replyTo != null) body.replyTo = m.replyTo;
  if (m.mentions?.length) body.mentions = m.mentions;
  return body;
}
function newClientMsgId() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return "c-" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// src/seq-gate.ts
var SeqGate = class {
  /** @param delivered the highest seq the app already has (0: none) */
  constructor(delivered = 0) {
    this.delivered = delivered;
  }
  delivered;
  waiting = /* @__PURE__ */ new Map();
  /** The highest seq delivered: the `since-seq` to resume from. */
  get highestSeq() {
    return this.delivered;
  }
  /** The seq after which a hole keeps later entries waiting, or null when nothing waits. */
  get gapAfter() {
    return this.waiting.size > 0 ? this.delivered : null;
  }
  /** The lowest seq waiting behind the hole, or null. */
  get waitingFrom() {
    return this.waiting.size > 0 ? Math.min(...this.waiting.keys()) : null;
  }
  /** Offers an entry; returns the entries now deliverable, in seq order (possibly none). */
  offer(entry) {
    if (!Number.isInteger(entry.seq) || entry.seq <= this.delivered) return [];
    if (entry.seq !== this.delivered + 1) {
      if (!this.waiting.has(entry.seq)) this.waiting.set(entry.seq, entry);
      return [];
    }
    const out = [entry];
    this.delivered = entry.seq;
    for (let next = this.waiting.get(this.delivered + 1); next; next = this.waiting.get(this.delivered + 1)) {
      this.waiting.delete(next.seq);
      out.push(next);
      this.delivered = next.seq;
    }
    return out;
  }
  /** Moves the cursor forward without delivering (entries the app has from elsewhere, such as `enter`). */
  skipTo(seq) {
    if (seq <= this.delivered) return [];
    this.delivered = seq;
    for (const s of [...this.waiting.keys()]) if (s <= seq) this.waiting.delete(s);
    const next = this.waiting.get(seq + 1);
    if (!next) return [];
    this.waiting.delete(next.seq);
    this.delivered = next.seq - 1;
    return this.offer(next);
  }
};

// src/room-feed.ts
var PAGE = 100;
var MAX_PAGES = 100;
var RoomFeed = class {
  constructor(o) {
    this.o = o;
    this.gate = new SeqGate(o.from ?? 0);
  }
  o;
  gate;
  reading = Promise.resolve();
  busy = false;
  timer = null;
  closed = false;
  /** The highest seq delivered: the `since-seq` to resume from. */
  get highestSeq() {
    return this.gate.highestSeq;
  }
  /** Offers an entry from any source; it is delivered now, later (behind a hole), or never (a duplicate). */
  offer(entry) {
    if (this.closed) return;
    this.hand(this.gate.offer(entry));
    this.watchGap();
  }
  /**
   * Reads what follows the highest seq delivered from history now, and delivers it: for when an
   * entry is known to exist but has not come (my message was receipted, its copy is late).
   */
  catchUp() {
    return this.read(true);
  }
  /** Stops: nothing more is delivered or read. */
  close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
  hand(entries) {
    if (entries.length > 0 && !this.closed) this.o.deliver(entries);
  }
  watchGap() {
    if (this.gate.gapAfter == null || this.busy || this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.read(false);
    }, this.o.graceMs ?? 300);
  }
  /** Reads history after the highest seq delivered: until the hole is closed, or (`all`) to the end. */
  read(all) {
    this.reading = this.reading.then(async () => {
      this.busy = true;
      try {
        for (let pages = 0; pages < MAX_PAGES && !this.closed; pages++) {
          if (!all && this.gate.gapAfter == null) return;
          const from = this.gate.highestSeq;
          const page = await this.o.history(from, PAGE);
          const ordered = [...page.messages].sort((a, b) => a.seq - b.seq);
          if (ordered.length === 0) return;
          for (const entry of ordered) this.hand(this.gate.offer(entry));
          if (this.gate.highestSeq === from) {
            this.hand(this.gate.skipTo(ordered[0].seq - 1));
            this.hand(this.gate.offer(ordered[0]));
          }
          if (all && !page.hasMore && this.gate.gapAfter == null) return;
        }
      } catch {
      } finally {
        this.busy = false;
      }
    });
    return this.reading;
  }
};

// src/timeline.ts
var Timeline = class {
  rows = /* @__PURE__ */ new Map();
  seen = /* @__PURE__ */ new Set();
  unheld = /* @__PURE__ */ new Map();
  low = null;
  high = 0;
  /** The lowest seq held, message or change: the `before` cursor for the next older page. */
  get lowestSeq() {
    return this.low;
  }
  /** The highest seq held, message or change. */
  get highestSeq() {
    return this.high;
  }
  /** How many messages are held (changes are not rows). */
  get size() {
    return this.rows.size;
  }
  /** Messages in seq order, the room's one order. */
  messages() {
    return [...this.rows.values()].sort((a, b) => a.seq - b.seq);
  }
  /** The message at `seq` in the newest state seen, or undefined. */
  message(seq) {
    return this.rows.get(seq);
  }
  fold(entries) {
    const added = /* @__PURE__ */ new Map();
    const changed = /* @__PURE__ */ new Map();
    for (const entry of entries) {
      if (!Number.isInteger(entry?.seq) || entry.seq < 1) continue;
      this.note(entry.seq);
      if (entry.change) {
        if (entry.target && Number.isInteger(entry.target.seq)) this.offer(entry.target, added, changed);
      } else {
        this.offer(stripType(entry), added, changed);
      }
    }
    for (const seq of added.keys()) changed.delete(seq);
    return { added: inOrder(added), changed: inOrder(changed) };
  }
  note(seq) {
    this.seen.add(seq);
    if (this.low == null || seq < this.low) this.low = seq;
    if (seq > this.high) this.high = seq;
  }
  offer(message, added, changed) {
    const held = this.rows.get(message.seq);
    if (held) {
      if (version(message) > version(held)) {
        this.rows.set(message.seq, message);
        changed.set(message.seq, message);
      }
      return;
    }
    const waiting = this.unheld.get(message.seq);
    const newest = waiting && version(waiting) > version(message) ? waiting : message;
    if (!this.seen.has(message.seq)) {
      this.unheld.set(message.seq, newest);
      return;
    }
    this.unheld.delete(message.seq);
    this.rows.set(message.seq, newest);
    added.set(message.seq, newest);
  }
};
function version(message) {
  return Number.isInteger(message.changedSeq) ? message.changedSeq : 0;
}
function isLogEntry(body) {
  return Number.isInteger(body.seq) && (body.type === "message" || body.type === void 0 || typeof body.change === "string");
}
function stripType(entry) {
  const { type: _type, ...message } = entry;
  return message;
}
function inOrder(map) {
  return [...map.values()].sort((a, b) => a.seq - b.seq);
}

// src/room.ts
var RoomSession = class {
  constructor(entered, rest, connection, outbox, listeners = {}) {
    this.rest = rest;
    this.connection = connection;
    this.outbox = outbox;
    this.listeners = listeners;
    this.room = entered.room;
    this.hasOlder = entered.hasMore;
    this.timeline.fold(entered.messages);
    const high = entered.messages.reduce((max, e) => Math.max(max, e.seq), 0);
    this.feed = new RoomFeed({
      from: high,
      history: (after, limit) => rest.history(this.room.id, { after, limit }),
      deliver: (entries) => this.accept(entries)
    });
    for (const m of entered.messages) if (!m.change) this.outbox.confirm(m);
    this.stops.push(connection.subscribe(
      `/topic/rooms.${this.room.id}`,
      (body) => this.onTopic(body),
      () => ({ "since-seq": String(this.feed.highestSeq) })
    ));
    this.stops.push(outbox.onChange((m) => {
      if (m.roomId === this.room.id) listeners.outbox?.(this.pending());
    }));
  }
  rest;
  connection;
  outbox;
  listeners;
  timeline = new Timeline();
  room;
  hasOlder;
  feed;
  stops = [];
  left = false;
  get id() {
    return this.room.id;
  }
  /** The highest seq delivered: what a resume starts after. */
  get highestSeq() {
    return this.feed.highestSeq;
  }
  messages() {
    return this.timeline.messages();
  }
  /** My messages not yet receipted, or failed, in the order I wrote them. */
  pending() {
    return this.outbox.pending(this.room.id);
  }
  /** Sends a message through the outbox: pending at once, stored exactly once, in order. */
  send(draft) {
    return this.outbox.send(this.room.id, typeof draft === "string" ? { content: draft } : draft);
  }
  /** Uploads a file (slot, then the bytes), then sends it as an IMAGE or FILE message through the outbox. */
  async sendFile(file, draft = {}) {
    const stored = await this.upload(file);
    const kind = draft.kind ?? (stored.type.startsWith("image/") ? "IMAGE" : "FILE");
    return this.send({ ...draft, kind, content: draft.content ?? "", attachments: [{ uploadId: stored.uploadId }] });
  }
  async upload(file) {
    const slot = await this.rest.openUpload(this.room.id, { name: file.name, size: file.size, type: file.type });
    return this.rest.putUpload(slot, file.body);
  }
  /** Edits my message; the answer is folded in (and the change's entry, when it comes, changes nothing more). */
  async edit(seq, content) {
    const message = await this.rest.edit(this.room.id, seq, newClientMsgId(), content);
    this.foldAnswer(message);
    return message;
  }
  async delete(seq) {
    const message = await this.rest.remove(this.room.id, seq, newClientMsgId());
    this.foldAnswer(message);
    return message;
  }
  /** Adds my reaction; the room's entry for it brings the message in its new state. */
  react(seq, emoji) {
    return this.rest.react(this.room.id, seq, emoji, true, newClientMsgId());
  }
  unreact(seq, emoji) {
    return this.rest.react(this.room.id, seq, emoji, false, newClientMsgId());
  }
  /** Reads the next older page into the timeline; false when there is nothing older. */
  async loadOlder(limit = 50) {
    const before = this.timeline.lowestSeq;
    if (!this.hasOlder || before == null || before <= 1) return this.hasOlder = false;
    const page = await this.rest.history(this.room.id, { before, limit });
    this.hasOlder = page.hasMore;
    this.publish(this.timeline.fold(page.messages));
    return this.hasOlder;
  }
  /** Moves my read marker to `seq` (the highest delivered by default). */
  markRead(seq = this.feed.highestSeq) {
    return this.rest.read(this.room.id, seq);
  }
  mute(muted = true) {
    return this.rest.mute(this.room.id, muted);
  }
  /** Tells the room I am typing (ephemeral; the server rate-limits it). */
  typing() {
    return this.connection.tell(`/app/rooms.${this.room.id}.typing`);
  }
  /** Stops following the room; the outbox still sends what is queued for it. */
  leave() {
    this.left = true;
    this.feed.close();
    for (const stop of this.stops) stop();
  }
  onTopic(body) {
    if (this.left) return;
    if (isLogEntry(body)) {
      this.feed.offer(body);
    } else if (typeof body?.type === "string") {
      this.listeners.event?.(body);
    }
  }
  accept(entries) {
    if (entries.length === 0) return;
    for (const entry of entries) {
      if (!entry.change) this.outbox.confirm(entry);
      this.listeners.entry?.(entry);
    }
    this.publish(this.timeline.fold(entries));
  }
  publish(folded) {
    if (folded.added.length || folded.changed.length) this.listeners.timeline?.(folded);
  }
  foldAnswer(message) {
    this.publish(this.timeline.fold([{ ...message, seq: message.seq }]));
  }
};

// src/jwt.ts
function expiryOf(token) {
  const part = token.split(".")[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(part.length / 4) * 4, "=");
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims.exp === "number" && Number.isFinite(claims.exp) ? claims.exp * 1e3 : null;
  } catch {
    return null;
  }
}
function renewalDelayMs(expiresAt, now = Date.now()) {
  if (expiresAt == null) return null;
  const left = expiresAt - now;
  return Math.max(0, left - Math.min(5 * 6e4, left / 10));
}

// src/token.ts
var TokenSource = class {
  constructor(input) {
    this.input = input;
  }
  input;
  current = null;
  /** Whether fresh tokens can be had: a provider, not a fixed value. */
  get renewable() {
    return typeof this.input === "function";
  }
  /** The token in use, fetching a fresh one first when there is none or it has expired. */
  async get() {
    const expiry = this.current ? expiryOf(this.current) : null;
    if (this.current == null || expiry != null && expiry <= Date.now() + 1e3) return this.fresh();
    return this.current;
  }
  /** A fresh token from the provider (the fixed value when there is none); it becomes the one in use. */
  async fresh() {
    this.current = typeof this.input === "function" ? await this.input() : this.input;
    return this.current;
  }
  /** Milliseconds until the token in use should be renewed, or null when it never expires or cannot be. */
  renewIn() {
    return this.renewable && this.current ? renewalDelayMs(expiryOf(this.current)) : null;
  }
  /** The user the token names (`sub`), read without verifying. */
  get userId() {
    const part = this.current?.split(".")[1];
    if (!part) return null;
    try {
      const json2 = atob(part.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(part.length / 4) * 4, "="));
      const sub = JSON.parse(new TextDecoder().decode(Uint8Array.from(json2, (c) => c.charCodeAt(0)))).sub;
      return typeof sub === "string" ? sub : null;
    } catch {
      return null;
    }
  }
};

// src/client.ts
var DugoutClient = class {
  constructor(o, token) {
    this.token = token;
    this.rest = new Rest(o.url, () => token.get(), {
      fetch: o.fetch,
      freshToken: token.renewable ? () => token.fresh() : void 0
    });
    this.connection = new Connection({
      wsUrl: o.wsUrl ?? o.url.replace(/^http/, "ws").replace(/\/$/, "") + "/ws",
      token,
      WebSocket: o.WebSocket,
      backoff: o.reconnect,
      debug: o.debug
    });
    const connection = this.connection;
    this.outbox = new Outbox({
      get online() {
        return connection.online;
      },
      send: (roomId, body, timeoutMs) => connection.request(`/app/rooms.${roomId}.messages`, body, timeoutMs)
    }, o.outbox);
    this.connection.onConnect(() => this.outbox.wake());
  }
  token;
  rest;
  outbox;
  connection;
  rooms = /* @__PURE__ */ new Map();
  /** The signed-in user, from the token's `sub`. */
  get userId() {
    return this.token.userId;
  }
  get state() {
    return this.connection.state;
  }
  /** Calls `listener` on every change of connection state; returns a function that stops it. */
  onState(listener) {
    return this.connection.onState(listener);
  }
  /** Errors that belong to no call: a refused token, a protocol ERROR, a failed token refresh. */
  onError(listener) {
    return this.connection.onError(listener);
  }
  /** My rooms, most recent activity first, with unread and mention counts; pass `nextCursor` for the next page. */
  listRooms(o = {}) {
    return this.rest.listRooms(o);
  }
  createRoom(spec) {
    return this.rest.createRoom(spec);
  }
  getRoom(roomId) {
    return this.rest.getRoom(roomId);
  }
  /**
   * Live changes to my room list (`room.joined`, `room.left`, `room.counts`). They are not
   * replayed: after a reconnect, read {@link listRooms} again (the `reconnected` callback says when).
   */
  onRoomList(listener, reconnected) {
    const stops = [this.connection.subscribe("/user/queue/rooms", listener)];
    if (reconnected) {
      let first = true;
      stops.push(this.connection.onConnect(() => {
        if (!first) reconnected();
        first = false;
      }));
      if (this.connection.online) first = false;
    }
    return () => stops.forEach((stop) => stop());
  }
  /** My notifications as they are stored (not replayed: list them after a reconnect). */
  onNotification(listener) {
    return this.connection.subscribe("/user/queue/notifications", listener);
  }
  /** A page of a room's log, newest first (`before` a seq, `after` one, or the newest). */
  history(roomId, o = {}) {
    return this.rest.history(roomId, o);
  }
  /** Opens a room: its latest page, then every later entry gap-free, live. */
  async enter(roomId, listeners = {}) {
    this.rooms.get(roomId)?.leave();
    const entered = await this.rest.enter(roomId);
    const session = new RoomSession(entered, this.rest, this.connection, this.outbox, listeners);
    const leave = session.leave.bind(session);
    session.leave = () => {
      this.rooms.delete(roomId);
      leave();
    };
    this.rooms.set(roomId, session);
    return session;
  }
  /** Closes the socket under the session as a network failure would (for tests of recovery). */
  dropConnection() {
    this.connection.dropSocket();
  }
  /** Leaves every room and closes the connection; pending sends stay in the outbox's store. */
  async close() {
    for (const room of [...this.rooms.values()]) room.leave();
    this.outbox.close();
    await this.connection.close();
  }
  /** @internal */
  async start() {
    await this.token.get();
    await this.outbox.restore();
    this.connection.start();
  }
};
async function connect(options) {
  const client = new DugoutClient(options, new TokenSource(options.token));
  await client.start();
  return client;
}
export {
  Connection,
  DugoutClient,
  DugoutError,
  IndexedDbOutboxStore,
  MemoryOutboxStore,
  Outbox,
  Rest,
  RoomFeed,
  RoomSession,
  SeqGate,
  Timeline,
  TokenSource,
  connect,
  expiryOf,
  isLogEntry,
  newClientMsgId,
  renewalDelayMs,
  version
};
