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
