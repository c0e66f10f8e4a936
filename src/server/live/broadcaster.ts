// The live engine's events into Socket.IO rooms: a match's events to its room, cards to the
// home room. Attached once Socket.IO runs (it needs the HTTP server the app creates); events
// before that have no listener to reach and are only logged (catch-up serves them later).
import { HOME_ROOM, matchRoom, type RealtimeServer } from '../realtime/index.ts';
import type { Broadcaster } from './engine.ts';

export class SocketBroadcaster implements Broadcaster {
  private io: RealtimeServer | null = null;

  attach(io: RealtimeServer): void {
    this.io = io;
  }

  toMatch(matchKey: string, event: 'score' | 'commentory', payload: unknown): void {
    this.io?.to(matchRoom(matchKey)).emit(event, payload);
  }

  toHome(event: 'card', payload: unknown): void {
    this.io?.to(HOME_ROOM).emit(event, payload);
  }
}
