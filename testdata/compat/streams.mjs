// streams.mjs serves the live endpoints of testdata/apps/server.json
// ("streams") for the Chromium reference server, as apps_helpers_test.go
// does for the Go tests: an EventSource stream ("sse") or a WebSocket
// ("websocket", RFC 6455, written here: Node 20 has no WebSocket server)
// sends its messages one every interval_ms after it opens, a WebSocket
// answers each text message with `reply` when set, and both stay open until
// the client leaves or STREAM_LIFETIME_MS pass.
import crypto from 'node:crypto';

const STREAM_LIFETIME_MS = 20000;
const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

// findStream returns the stream of server.json at path p, if any.
export function findStream(rules, p) {
  return (rules.streams || []).find((s) => s.path === p);
}

// serveSSE answers an EventSource request with the stream's events.
export function serveSSE(stream, req, res) {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  res.flushHeaders();
  const timers = [];
  const end = () => { timers.forEach(clearTimeout); res.end(); };
  (stream.events || []).forEach((ev, i) => {
    timers.push(setTimeout(() => {
      let out = ev.event ? `event: ${ev.event}\n` : '';
      for (const line of String(ev.data).split('\n')) out += `data: ${line}\n`;
      res.write(out + '\n');
    }, (i + 1) * (stream.interval_ms || 0)));
  });
  timers.push(setTimeout(end, STREAM_LIFETIME_MS));
  req.on('close', () => timers.forEach(clearTimeout));
}

// frame encodes one unmasked server frame.
function frame(opcode, payload) {
  const n = payload.length;
  let head;
  if (n < 126) {
    head = Buffer.from([0x80 | opcode, n]);
  } else if (n < 65536) {
    head = Buffer.alloc(4);
    head[0] = 0x80 | opcode; head[1] = 126; head.writeUInt16BE(n, 2);
  } else {
    head = Buffer.alloc(10);
    head[0] = 0x80 | opcode; head[1] = 127; head.writeBigUInt64BE(BigInt(n), 2);
  }
  return Buffer.concat([head, payload]);
}

// upgradeWebSocket completes a WebSocket handshake on socket and runs the
// stream over it; sockets collects open sockets so that the server can end
// them when it closes.
export function upgradeWebSocket(stream, req, socket, sockets) {
  const key = req.headers['sec-websocket-key'];
  if (!key || (req.headers.upgrade || '').toLowerCase() !== 'websocket') {
    socket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
    return;
  }
  const accept = crypto.createHash('sha1').update(key + WS_GUID).digest('base64');
  socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
    `Sec-WebSocket-Accept: ${accept}\r\n\r\n`);
  sockets.add(socket);
  const timers = [];
  const finish = () => { timers.forEach(clearTimeout); sockets.delete(socket); };
  const send = (op, payload) => { if (!socket.destroyed) socket.write(frame(op, payload)); };
  socket.on('close', finish);
  socket.on('error', finish);
  (stream.messages || []).forEach((m, i) => {
    timers.push(setTimeout(() => send(0x1, Buffer.from(m)), (i + 1) * (stream.interval_ms || 0)));
  });
  timers.push(setTimeout(() => { send(0x8, Buffer.from([0x03, 0xe8])); socket.end(); }, STREAM_LIFETIME_MS));

  // Client frames are masked (RFC 6455 5.3); fragments are joined.
  let buf = Buffer.alloc(0);
  let parts = [];
  let partsOp = 0;
  socket.on('data', (chunk) => {
    buf = Buffer.concat([buf, chunk]);
    for (;;) {
      if (buf.length < 2) return;
      const fin = (buf[0] & 0x80) !== 0;
      const op = buf[0] & 0x0f;
      let n = buf[1] & 0x7f;
      let off = 2;
      if (n === 126) {
        if (buf.length < 4) return;
        n = buf.readUInt16BE(2); off = 4;
      } else if (n === 127) {
        if (buf.length < 10) return;
        n = Number(buf.readBigUInt64BE(2)); off = 10;
      }
      if (buf.length < off + 4 + n) return;
      const mask = buf.subarray(off, off + 4);
      const payload = Buffer.from(buf.subarray(off + 4, off + 4 + n));
      for (let i = 0; i < n; i++) payload[i] ^= mask[i & 3];
      buf = buf.subarray(off + 4 + n);
      if (op === 0x8) { // close: echo its code, then end
        send(0x8, payload.subarray(0, 2));
        socket.end();
        return;
      }
      if (op === 0x9) { send(0xa, payload); continue; }
      if (op === 0xa) continue;
      if (op !== 0) { parts = []; partsOp = op; }
      parts.push(payload);
      if (!fin) continue;
      if (partsOp === 0x1 && stream.reply) send(0x1, Buffer.from(stream.reply));
      parts = [];
    }
  });
}
