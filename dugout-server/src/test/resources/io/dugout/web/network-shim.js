// Test-only shim, installed in every browser-test page before the page's own
// scripts (Browser.java, via the DevTools protocol). The web client knows
// nothing of it. It records uncaught errors and WebSocket traffic, and lets a
// test cut the network (window.__net.cut/restore) or lose chosen incoming
// STOMP frames (window.__net.lose = frame => boolean).
(() => {
  window.__errors = [];
  addEventListener('error', (e) => window.__errors.push(String(e.message)));
  addEventListener('unhandledrejection', (e) => window.__errors.push(String(e.reason?.stack || e.reason)));
  const Native = window.WebSocket;
  const net = { down: false, sockets: new Set(), lose: null, log: [] };
  const note = (line) => { net.log.push(new Date().toISOString().slice(11, 23) + ' ' + line.slice(0, 300)); if (net.log.length > 400) net.log.shift(); };
  window.__net = net;
  const text = (data) => typeof data === 'string' ? data : new TextDecoder().decode(data);
  function Shim(url, protocols) {
    // while the network is down, connections go to a closed port and fail like a dead link
    const ws = new Native(net.down ? url.replace(/\/\/[^/]+/, '//127.0.0.1:9') : url, protocols);
    net.sockets.add(ws);
    note('open ' + url + (net.down ? ' (network down)' : ''));
    ws.addEventListener('close', (e) => { net.sockets.delete(ws); note('close ' + e.code + ' ' + e.reason); });
    const nativeSend = ws.send.bind(ws);
    ws.send = (data) => { note('>>> ' + text(data)); return nativeSend(data); };
    let handler = null;
    Object.defineProperty(ws, 'onmessage', { get: () => handler, set: (h) => { handler = h; } });
    ws.addEventListener('message', (event) => {
      let data = text(event.data);
      if (net.lose) {
        // one WebSocket message may carry several STOMP frames: lose frame by frame
        const frames = data.split('\0');
        const tail = frames.pop();
        const kept = frames.filter((f) => !(net.lose(f) && (note('lost ' + f), true)));
        data = kept.map((f) => f + '\0').join('') + tail;
        if (!data) return;
        event = new MessageEvent('message', { data });
      }
      note('<<< ' + data);
      if (handler) handler.call(ws, event);
    });
    return ws;
  }
  Shim.prototype = Native.prototype;
  Object.assign(Shim, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
  window.WebSocket = Shim;
  net.cut = () => { net.down = true; for (const ws of net.sockets) ws.close(); };
  net.restore = () => { net.down = false; };
})();
