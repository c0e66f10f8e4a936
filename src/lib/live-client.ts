// The Socket.IO connection of a page, opened only when the page has something live to follow,
// and loaded after the first paint (the client is not needed to read the page).
import type { Socket } from 'socket.io-client';

let connecting: Promise<Socket> | null = null;

export function liveSocket(): Promise<Socket> {
  connecting ??= import('socket.io-client').then(({ io }) => io());
  return connecting;
}
