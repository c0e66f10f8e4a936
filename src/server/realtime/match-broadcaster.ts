// The live engine's events into Socket.IO rooms: a match's events to its room, cards to the
// home room. A match's sockets of an API origin (its app room) hear its 'commentory' as the
// complete snapshot the engine makes for them, and no other. Attached once Socket.IO runs (it needs the HTTP server the app creates); events
// before that have no listener to reach and are only logged (catch-up serves them later).
import type { WordingEvent, WordingLang } from '../wire/schemas/realtime.ts';
import { appMatchRoom, HOME_ROOM, matchRoom, type RealtimeServer } from './index.ts';
import { languageRoom } from './rooms.ts';
import type { Broadcaster } from '../live/engine.ts';

export class SocketBroadcaster implements Broadcaster {
  private io: RealtimeServer | null = null;
  private apps = false;

  /** `apps`: sockets of API origins may connect (API_CORS_ORIGINS is set), so their snapshots are made. */
  attach(io: RealtimeServer, options: { apps?: boolean } = {}): void {
    this.io = io;
    this.apps = options.apps ?? false;
  }

  get appsListen(): boolean {
    return this.apps;
  }

  toMatch(matchKey: string, event: 'score' | 'commentory', payload: unknown): void {
    // Our pages' 'commentory' is the one ball; an app's comes through toApps.
    const room = this.io?.to(matchRoom(matchKey));
    (event === 'commentory' ? room?.except(appMatchRoom(matchKey)) : room)?.emit(event, payload);
  }

  toApps(matchKey: string, event: 'commentory', payload: unknown): void {
    this.io?.to(appMatchRoom(matchKey)).emit(event, payload);
  }

  toLanguage(matchKey: string, lang: WordingLang, payload: WordingEvent): void {
    this.io?.to(languageRoom(matchKey, lang)).emit('wording', payload);
  }

  toHome(event: 'card', payload: unknown): void {
    this.io?.to(HOME_ROOM).emit(event, payload);
  }
}
