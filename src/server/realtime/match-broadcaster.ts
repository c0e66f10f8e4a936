// The live engine's events into Socket.IO rooms: a match's events to its room, cards to the
// home room. A match's sockets of an API origin (its app room) hear its 'commentory' as the
// complete snapshot the engine makes for them, and no other. Attached once Socket.IO runs (it needs the HTTP server the app creates); events
// before that have no listener to reach and are only logged (catch-up serves them later).
import type { WordingEvent, WordingLang } from '../wire/schemas/realtime.ts';
import { appMatchRoom, HOME_ROOM, matchRoom, type RealtimeServer } from './index.ts';
import { languageRoom } from './rooms.ts';
import type { Broadcaster } from './fan-out.ts';

export class SocketBroadcaster implements Broadcaster {
  private io: RealtimeServer | null = null;
  private apps = false;
  private clustered = false;

  /**
   * `apps`: sockets of API origins may connect (API_CORS_ORIGINS is set), so their snapshots are made.
   * `clustered`: rooms span processes (Redis), so another process's listeners are not known here.
   */
  attach(io: RealtimeServer, options: { apps?: boolean; clustered?: boolean } = {}): void {
    this.io = io;
    this.apps = options.apps ?? false;
    this.clustered = options.clustered ?? false;
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

  /** Whether a page in `lang` may follow the match: one in this process's room, or (clustered) maybe in another's. */
  languageListens(matchKey: string, lang: WordingLang): boolean {
    if (!this.io) return false;
    return this.clustered || (this.io.of('/').adapter.rooms.get(languageRoom(matchKey, lang))?.size ?? 0) > 0;
  }

  toLanguage(matchKey: string, lang: WordingLang, payload: WordingEvent): void {
    this.io?.to(languageRoom(matchKey, lang)).emit('wording', payload);
  }

  toHome(event: 'card', payload: unknown): void {
    this.io?.to(HOME_ROOM).emit(event, payload);
  }
}
