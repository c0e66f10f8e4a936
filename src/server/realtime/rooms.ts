// Room names and the match key of a client's 'sub' or 'unsub', shared by the handlers and the
// per-socket limits.
import type { Socket } from 'socket.io';
import { subscription, WORDING_LANGS, type WordingLang } from '../wire/schemas/realtime.ts';

const MATCH_ROOM_PREFIX = 'match:';

export function matchRoom(key: string): string {
  return `${MATCH_ROOM_PREFIX}${key}`;
}

/**
 * The room of a match's sockets of an API origin (apps such as the provider's client), beside its
 * match room: their 'commentory' is a complete snapshot, not the one ball our pages get.
 */
export function appMatchRoom(key: string): string {
  return `app:${key}`;
}

/** The room of a match's pages in another language: they hear each ball's sentence in it ('wording'). */
export function languageRoom(key: string, lang: WordingLang): string {
  return `${lang}:${key}`;
}

/** The language a 'sub' names other than English, or null. */
export function subscribedLang(payload: unknown): WordingLang | null {
  const parsed = subscription.safeParse(payload);
  if (!parsed.success || typeof parsed.data === 'string') return null;
  const { lang } = parsed.data;
  return WORDING_LANGS.find((known) => known === lang) ?? null;
}

/** The match key of a 'sub' or 'unsub' payload ('1455615' or { match_key: '1455615' }), or null. */
export function subscribedKey(payload: unknown): string | null {
  const parsed = subscription.safeParse(payload);
  if (!parsed.success) return null;
  return typeof parsed.data === 'string' ? parsed.data : parsed.data.match_key;
}

/** How many matches a socket follows (its rooms, restored ones included after a recovery). */
export function subscriptionCount(socket: Pick<Socket, 'rooms'>): number {
  let count = 0;
  for (const room of socket.rooms) if (room.startsWith(MATCH_ROOM_PREFIX)) count += 1;
  return count;
}
