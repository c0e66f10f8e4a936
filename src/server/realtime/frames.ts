// Each room broadcast is encoded once (docs/decisions/029-live-fan-out.md): socket.io-adapter
// already encodes a broadcast packet once and pre-computes its WebSocket frame, but as two
// buffers (the frame header and the payload), which ws writes to every socket as a corked pair:
// a writev of two chunks per socket. Joined into one buffer, the same frame goes to each socket
// in one plain write. Nothing else changes: the bytes on the wire are the same.
import type { Adapter } from 'socket.io-adapter';

interface PacketOptions {
  wsPreEncodedFrame?: Buffer[];
}

type Encode = (packet: unknown, packetOptions: PacketOptions) => unknown[];

/** Makes the adapter hand every socket the broadcast's frame as one buffer. */
export function writeFramesWhole(adapter: Adapter): void {
  const target = adapter as unknown as { _encode?: Encode };
  // A socket.io-adapter without the method (a future version) keeps its own writes: a test notices.
  if (typeof target._encode !== 'function') return;
  const encode = target._encode.bind(adapter) as Encode;
  target._encode = (packet, packetOptions) => {
    const encoded = encode(packet, packetOptions);
    const frame = packetOptions.wsPreEncodedFrame;
    if (Array.isArray(frame) && frame.length > 1) packetOptions.wsPreEncodedFrame = [Buffer.concat(frame)];
    return encoded;
  };
}

// A broadcast's frame straight onto each socket's TCP stream (docs/decisions/047-live-fan-out-cost.md).
// For every socket of a room, engine.io's own send makes a packet object, emits five events, pushes
// a callback slot, hands the frame to ws's sender with a write callback, and marks the transport
// unwritable until that callback runs on the next tick (then emits three more events). None of it
// does anything for a pre-encoded broadcast frame with nothing queued before it: the frame can be
// written to the socket's TCP stream as is, after whatever was written before it, which is all
// that engine.io's path does in the end. Anything else (a packet of its own, a callback, a queue,
// a transport that is not an open WebSocket, a frame in two parts) takes engine.io's path.

/** What of an engine.io socket the direct path reads (private members of engine.io and ws). */
interface EngineSocket {
  readyState: string;
  upgrading?: boolean;
  writeBuffer: unknown[];
  transport: {
    name: string;
    writable: boolean;
    perMessageDeflate?: unknown;
    socket?: {
      readyState: number;
      _socket?: { writable: boolean; writableNeedDrain: boolean; write(chunk: Buffer): boolean };
      _sender?: { _state?: number; _deflating?: boolean; _queue?: unknown[] };
    };
  };
  write(data: unknown, options?: unknown, callback?: unknown): unknown;
}

const WEBSOCKET_OPEN = 1;

const WS_SENDER_IDLE = 0;

/**
 * ws's sender holds nothing back (a message being compressed or read from a Blob): ws 8.18 on has
 * `_state` (0 when idle), earlier 8.x `_deflating`. With neither, we cannot tell: engine.io's path.
 */
function senderIdle(sender: { _state?: number; _deflating?: boolean; _queue?: unknown[] }): boolean {
  if ((sender._queue?.length ?? 0) > 0) return false;
  if (typeof sender._state === 'number') return sender._state === WS_SENDER_IDLE;
  if (typeof sender._deflating === 'boolean') return !sender._deflating;
  return false;
}

/** The TCP socket a broadcast frame may be written to directly now, or null for engine.io's path. */
function directStream(conn: EngineSocket): { write(chunk: Buffer): boolean } | null {
  const transport = conn.transport;
  if (conn.readyState !== 'open' || conn.upgrading || conn.writeBuffer.length > 0) return null;
  if (transport.name !== 'websocket' || !transport.writable || transport.perMessageDeflate) return null;
  const ws = transport.socket;
  const sender = ws?._sender;
  const stream = ws?._socket;
  // A stream that is not draining (a slow client) leaves the frame to engine.io, which holds
  // further packets back until the last write is done.
  if (!ws || ws.readyState !== WEBSOCKET_OPEN || !sender || !stream?.writable || stream.writableNeedDrain) return null;
  if (!senderIdle(sender)) return null;
  return stream;
}

/** Counts of the frames written directly and of those left to engine.io (tests read them). */
export interface DirectFrameCounts {
  direct: number;
  engine: number;
}

/**
 * Makes each socket of `engine` write a broadcast's pre-encoded frame straight to its TCP stream
 * when nothing is queued before it; returns the counts of both paths.
 */
export function writeBroadcastFramesDirect(engine: { on(event: 'connection', listener: (conn: EngineSocket) => void): unknown }): DirectFrameCounts {
  const counts: DirectFrameCounts = { direct: 0, engine: 0 };
  engine.on('connection', (conn) => {
    const write = conn.write.bind(conn);
    conn.write = (data, options, callback) => {
      const frame = (options as { wsPreEncodedFrame?: Buffer[] } | undefined)?.wsPreEncodedFrame;
      if (frame?.length === 1 && callback === undefined) {
        const stream = directStream(conn);
        if (stream) {
          stream.write(frame[0]!);
          counts.direct += 1;
          return conn;
        }
      }
      if (frame) counts.engine += 1;
      return write(data, options, callback);
    };
  });
  return counts;
}
