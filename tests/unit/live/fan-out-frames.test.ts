// A room broadcast's WebSocket frame is handed to every socket as one buffer (decision 029), and
// written straight to each WebSocket's stream when nothing is queued before it (decision 047).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { Server } from 'socket.io';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { writeFramesWhole } from '../../../src/server/realtime/frames.ts';
import { attachRealtime, matchRoom } from '../../../src/server/realtime/index.ts';

type Encode = (packet: unknown, options: { wsPreEncodedFrame?: Buffer[] }) => unknown[];

describe('writeFramesWhole', () => {
  it('joins the pre-computed frame of a broadcast into one buffer with the same bytes', async () => {
    const io = new Server(createServer());
    try {
      const adapter = io.of('/').adapter as unknown as { _encode: Encode };
      const packet = () => ({ type: 2, nsp: '/', data: ['commentory', { sequence: 7, text: 'x'.repeat(300) }] });
      const before: { wsPreEncodedFrame?: Buffer[] } = {};
      adapter._encode(packet(), before);
      // socket.io-adapter's own frame: header and payload apart.
      expect(before.wsPreEncodedFrame).toHaveLength(2);

      writeFramesWhole(io.of('/').adapter);
      const after: { wsPreEncodedFrame?: Buffer[] } = {};
      adapter._encode(packet(), after);
      expect(after.wsPreEncodedFrame).toHaveLength(1);
      const frame = after.wsPreEncodedFrame![0]!;
      expect(frame.equals(Buffer.concat(before.wsPreEncodedFrame!))).toBe(true);
      // FIN + text opcode, a 16-bit length, then the Engine.IO message of the Socket.IO event.
      expect(frame[0]).toBe(0x81);
      expect(frame[1]).toBe(126);
      const payload = `42${JSON.stringify(packet().data)}`;
      expect(frame.readUInt16BE(2)).toBe(payload.length);
      expect(frame.subarray(4).toString()).toBe(payload);
    } finally {
      await new Promise((resolve) => io.close(resolve));
    }
  });
});

describe('writeBroadcastFramesDirect (through attachRealtime)', () => {
  interface Heard {
    event: string;
    sequence: number;
  }

  async function serve() {
    const http = createServer();
    const realtime = await attachRealtime(http, pino({ level: 'silent' }));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const clients: ClientSocket[] = [];
    const connect = async (transports: ('websocket' | 'polling')[]) => {
      const client = connectClient(url, { transports, reconnection: false, forceNew: true });
      clients.push(client);
      const heard: Heard[] = [];
      client.onAny((event: string, payload: { sequence: number }) => heard.push({ event, sequence: payload.sequence }));
      await new Promise<void>((resolve, reject) => {
        client.once('connect', resolve);
        client.once('connect_error', reject);
      });
      client.emit('sub', { match_key: 'm1' });
      return { client, heard };
    };
    /** One WebSocket client subscribed to the match, and its engine.io connection on the server. */
    const subscribedOne = async () => {
      const one = await connect(['websocket']);
      await until(() => realtime.io.of('/').adapter.rooms.get(matchRoom('m1'))?.size === 1);
      const [socket] = await realtime.io.fetchSockets();
      return { heard: one.heard, conn: realtime.io.sockets.sockets.get(socket!.id)!.conn };
    };
    const close = async () => {
      for (const client of clients) client.disconnect();
      await realtime.close();
      await new Promise((resolve) => http.close(resolve));
    };
    return { realtime, connect, subscribedOne, close };
  }

  const until = async (check: () => boolean) => {
    for (let waited = 0; !check(); waited += 10) {
      if (waited > 5_000) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  it('writes a room broadcast straight to each WebSocket, and the clients hear the same events', async () => {
    const { realtime, connect, close } = await serve();
    try {
      const one = await connect(['websocket']);
      const two = await connect(['websocket']);
      await until(() => realtime.io.of('/').adapter.rooms.get(matchRoom('m1'))?.size === 2);
      const room = realtime.io.to(matchRoom('m1'));
      room.emit('commentory', { sequence: 1, text: 'x'.repeat(300) });
      await until(() => one.heard.length === 1 && two.heard.length === 1);
      // The first went out directly; the transport stayed writable, so the next one can too.
      room.emit('score', { sequence: 2, text: 'y'.repeat(2_000) });
      await until(() => one.heard.length === 2 && two.heard.length === 2);
      expect(realtime.frames).toEqual({ direct: 4, engine: 0 });
      for (const { heard } of [one, two]) {
        expect(heard).toEqual([
          { event: 'commentory', sequence: 1 },
          { event: 'score', sequence: 2 },
        ]);
      }
    } finally {
      await close();
    }
  });

  it("keeps a socket's order: a broadcast behind a frame engine.io has not finished writing waits for it", async () => {
    const { realtime, subscribedOne, close } = await serve();
    try {
      const { heard, conn } = await subscribedOne();
      // Packets engine.io encodes and writes itself (not broadcasts: a ping, a message sent on the
      // connection): the first leaves its transport unwritable until the write's callback, on a
      // later tick, so the second waits in engine.io's buffer, and the broadcasts behind it too.
      conn.write(`2${JSON.stringify(['commentory', { sequence: 1 }])}`);
      conn.write(`2${JSON.stringify(['score', { sequence: 2 }])}`);
      realtime.io.to(matchRoom('m1')).emit('commentory', { sequence: 3 });
      realtime.io.to(matchRoom('m1')).emit('score', { sequence: 4 });
      await until(() => heard.length === 4);
      expect(realtime.frames).toEqual({ direct: 0, engine: 2 });
      // Once written, the transport is writable again and broadcasts go straight out.
      realtime.io.to(matchRoom('m1')).emit('commentory', { sequence: 5 });
      await until(() => heard.length === 5);
      expect(realtime.frames).toEqual({ direct: 1, engine: 2 });
      expect(heard.map((event) => event.sequence)).toEqual([1, 2, 3, 4, 5]);
    } finally {
      await close();
    }
  });

  it("leaves a slow client's frames to engine.io while its TCP stream is full", async () => {
    const { realtime, subscribedOne, close } = await serve();
    try {
      const { heard, conn } = await subscribedOne();
      const stream = (conn as unknown as { transport: { socket: { _socket: object } } }).transport.socket._socket;
      // What a client that stopped reading looks like: the kernel's buffer and then the stream's are full.
      Object.defineProperty(stream, 'writableNeedDrain', { configurable: true, get: () => true });
      realtime.io.to(matchRoom('m1')).emit('commentory', { sequence: 1 });
      await until(() => heard.length === 1);
      expect(realtime.frames).toEqual({ direct: 0, engine: 1 });
      delete (stream as { writableNeedDrain?: boolean }).writableNeedDrain;
      realtime.io.to(matchRoom('m1')).emit('commentory', { sequence: 2 });
      await until(() => heard.length === 2);
      expect(realtime.frames).toEqual({ direct: 1, engine: 1 });
    } finally {
      await close();
    }
  });

  it("loses and reorders nothing while a browser's client upgrades from long-polling to a WebSocket", async () => {
    const { realtime, connect, close } = await serve();
    try {
      // In the room from its first moment, on long-polling (its 'sub' would come after the upgrade
      // on loopback); broadcasts every few milliseconds until well after its upgrade.
      realtime.io.on('connection', (socket) => void socket.join(matchRoom('m1')));
      let sequence = 0;
      const timer = setInterval(() => realtime.io.to(matchRoom('m1')).emit('commentory', { sequence: ++sequence }), 3);
      let heard: Heard[] = [];
      try {
        const browser = await connect(['polling', 'websocket']);
        heard = browser.heard;
        await until(() => browser.client.io.engine.transport.name === 'websocket');
        const sentAtUpgrade = sequence;
        await until(() => (heard.at(-1)?.sequence ?? 0) > sentAtUpgrade + 20);
      } finally {
        clearInterval(timer);
      }
      // From the first event heard (the client subscribed after connecting), every one, in order.
      const sequences = heard.map((event) => event.sequence);
      expect(sequences).toEqual(sequences.map((_, index) => sequences[0]! + index));
      // Over long-polling and during the upgrade through engine.io, then directly.
      expect(realtime.frames.engine).toBeGreaterThan(0);
      expect(realtime.frames.direct).toBeGreaterThan(0);
    } finally {
      await close();
    }
  });

  it('leaves a client on HTTP long-polling to engine.io', async () => {
    const { realtime, connect, close } = await serve();
    try {
      const polling = await connect(['polling']);
      await until(() => realtime.io.of('/').adapter.rooms.get(matchRoom('m1'))?.size === 1);
      realtime.io.to(matchRoom('m1')).emit('commentory', { sequence: 1 });
      await until(() => polling.heard.length === 1);
      expect(realtime.frames).toEqual({ direct: 0, engine: 1 });
    } finally {
      await close();
    }
  });
});
