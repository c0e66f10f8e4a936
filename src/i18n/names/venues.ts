// Hindi names of grounds (docs/decisions/056-names-in-hindi.md), by the ground's name without its
// city (names.ts venueIdentity): written for Crease and checked as each row says.
import type { LocalNameRow } from '../names.ts';

export const VENUE_NAMES: readonly LocalNameRow[] = [];
