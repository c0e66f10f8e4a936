// Names of teams, venues and players in the page's language (docs/decisions/056-names-in-hindi.md):
// the one mechanism every page, report and commentary line goes through. English is the
// Latin name as Cricsheet writes it; Hindi is the Devanagari name when one is known, else the
// same Latin name. Every Hindi name carries its source.
//
// Two layers, the later winning:
// - shipped: src/i18n/names/*.ts, written into the code base (each row says where it comes from
//   and what it was checked against);
// - installed at run time: Hindi labels of player profiles (Wikidata's, through the profile
//   format), which the server loads from the database and installs with installLocalNames().
// The installed book lives on globalThis, so the server bundle and Astro's page bundle (two
// copies of this module) read the same one.
import type { Lang } from './index.ts';
import { PLAYER_NAMES } from './names/players.ts';
import { TEAM_NAMES } from './names/teams.ts';
import { VENUE_NAMES } from './names/venues.ts';
import { hindiTournamentName } from './tournament-names.ts';

export type NameKind = 'team' | 'venue' | 'player' | 'tournament';

/** One Hindi name: the Latin name (a player's register id), its Devanagari form, and where it comes from. */
export interface LocalNameRow {
  kind: NameKind;
  /** A team's or venue's Latin name as Cricsheet writes it; a player's register identifier. */
  key: string;
  /** A player's name as Cricsheet writes it ('V Kohli'): lets a caller with only the name find him. */
  latin?: string;
  hi: string;
  /** Where the name comes from ('Wikidata Q1 label', 'written for Crease, ...'). */
  source: string;
}

/** A name found, with its source. */
export interface LocalName {
  name: string;
  source: string;
}

/** Lowercased words, accents and punctuation dropped: 'M.Chinnaswamy Stadium' and 'M Chinnaswamy Stadium' are one. */
function folded(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .join(' ');
}

/**
 * A ground's name without the places Cricsheet appends to it: 'Wankhede Stadium, Mumbai' and
 * 'Wankhede Stadium' are 'Wankhede Stadium'; 'MA Chidambaram Stadium, Chepauk, Chennai' is 'MA
 * Chidambaram Stadium'. Cut at the first comma (or '. ', a comma mistyped).
 */
export function groundName(name: string): string {
  const cut = name.search(/,|\. /);
  return (cut > 0 ? name.slice(0, cut) : name).trim();
}

/** A ground's name as a key: case, accents and punctuation do not count ('M.Chinnaswamy' is 'M Chinnaswamy'). */
export function venueIdentity(name: string): string {
  return folded(groundName(name));
}

/** The places a venue's name and city name ('Kensington Oval, Bridgetown' in 'Barbados': bridgetown, barbados). */
export function venuePlaces(name: string, city: string): string[] {
  const places = name.slice(groundName(name).length).split(/,|\. /).map(folded);
  return [...new Set([...places, folded(city)].filter((place) => place !== ''))];
}

/** The lookup key of a team's or venue's Latin name. */
function keyOf(kind: NameKind, latin: string): string {
  return kind === 'venue' ? venueIdentity(latin) : kind === 'team' ? folded(latin) : latin;
}

const WOMEN = / women$/i;
const REPLAY_PREFIX = 'Replay: ';
const REPLAY_HI = 'रीप्ले: ';
const WOMEN_HI = 'महिला';

/** Names by kind and key: a book to look names up in. Build one with bookOf(). */
export interface NameBook {
  byKey: Map<string, LocalName>;
  /** Players by their Latin name, when only one player of the book has it. */
  playerByLatin: Map<string, LocalName | null>;
}

/** A book of the rows given, later rows winning over earlier ones with the same key. */
export function bookOf(rows: Iterable<LocalNameRow>): NameBook {
  const byKey = new Map<string, LocalName>();
  const playerByLatin = new Map<string, LocalName | null>();
  const latinOwner = new Map<string, string>();
  for (const row of rows) {
    const entry = { name: row.hi, source: row.source };
    byKey.set(`${row.kind}:${keyOf(row.kind, row.key)}`, entry);
    if (row.kind === 'player' && row.latin) {
      const owner = latinOwner.get(row.latin);
      // Two players of one name: the name alone says neither.
      if (owner !== undefined && owner !== row.key) playerByLatin.set(row.latin, null);
      else {
        latinOwner.set(row.latin, row.key);
        playerByLatin.set(row.latin, entry);
      }
    }
  }
  return { byKey, playerByLatin };
}

/** Every name written into the code base. */
export const SHIPPED_NAME_ROWS: readonly LocalNameRow[] = [...TEAM_NAMES, ...VENUE_NAMES, ...PLAYER_NAMES];

/**
 * The Hindi name of a team, venue or player, with its source; null when none is known.
 * A pure lookup in `book`. Teams by their Latin name ('Royal Challengers Bengaluru'; 'India
 * Women' is India's name and 'महिला'), venues by any variant of theirs, players by register id
 * (`key`) or, without one, by a Latin name only one player has.
 */
export function lookupName(book: NameBook, kind: NameKind, latin: string, key?: string | null): LocalName | null {
  if (kind === 'tournament') return null;
  if (kind === 'player') {
    if (key) {
      const found = book.byKey.get(`player:${key}`);
      if (found) return found;
    }
    return book.playerByLatin.get(latin) ?? null;
  }
  const found = book.byKey.get(`${kind}:${keyOf(kind, latin)}`);
  if (found) return found;
  if (kind === 'team' && WOMEN.test(latin)) {
    const base = book.byKey.get(`team:${keyOf('team', latin.replace(WOMEN, ''))}`);
    if (base) return { name: `${base.name} ${WOMEN_HI}`, source: base.source };
  }
  return null;
}

const INSTALLED = Symbol.for('crease.localNames');
type Holder = { [INSTALLED]?: NameBook };

const shippedBook = bookOf(SHIPPED_NAME_ROWS);

/** The book in use: the shipped names, plus whatever the server installed. */
export function currentNameBook(): NameBook {
  return (globalThis as Holder)[INSTALLED] ?? shippedBook;
}

/** Puts `rows` (profiles' Hindi labels) over the shipped names for every later lookup in this process. */
export function installLocalNames(rows: Iterable<LocalNameRow>): void {
  (globalThis as Holder)[INSTALLED] = bookOf([...SHIPPED_NAME_ROWS, ...rows]);
}

/**
 * The name to show in `lang`: the Hindi name when one is known, else `latin` unchanged. English
 * is always `latin`. `key` is a player's register id (players are found by it first).
 *
 *   localName('team', 'Royal Challengers Bengaluru', 'hi')   // 'रॉयल चैलेंजर्स बेंगलुरु'
 *   localName('player', 'V Kohli', 'hi', 'ba607b88')          // 'विराट कोहली'
 *   localName('venue', 'Wankhede Stadium, Mumbai', 'hi')     // 'वानखेड़े स्टेडियम'
 */
export function localName(kind: NameKind, latin: string, lang: Lang, key?: string | null): string {
  if (lang === 'en') return latin;
  // A replay's tournament is stored as 'Replay: <its name>' (jobs/replay.ts): the label is ours to translate.
  if (kind === 'tournament') {
    if (latin.startsWith(REPLAY_PREFIX)) return `${REPLAY_HI}${localName('tournament', latin.slice(REPLAY_PREFIX.length), lang)}`;
    // Events and tours in Hindi where a Hindi name exists (src/i18n/tournament-names.ts).
    return hindiTournamentName(latin, (team) => localName('team', team, lang)) ?? latin;
  }
  return lookupName(currentNameBook(), kind, latin, key)?.name ?? latin;
}

/** Where the Hindi name of a team, venue or player comes from; null when it has none. */
export function localNameSource(kind: NameKind, latin: string, key?: string | null): string | null {
  return lookupName(currentNameBook(), kind, latin, key)?.source ?? null;
}

/** A player's name in `lang`, by register id first: localName('player', player.name, lang, player.key). */
export function localPlayerName(player: { name: string; key?: string | null }, lang: Lang): string {
  return localName('player', player.name, lang, player.key);
}
