// A room broadcast's WebSocket frame is handed to every socket as one buffer (decision 029).
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { describe, expect, it } from 'vitest';
import { writeFramesWhole } from '../../../src/server/realtime/frames.ts';

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
