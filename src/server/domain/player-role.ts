// Player roles derived from what a player did, because Cricsheet records no roles.
//
// The rule (docs/decisions/009-player-roles.md), over the matches given (a squad's tournament,
// or a career):
// - Wicket-keeper ('wc'): made at least one stumping. Cricsheet does not say who kept wicket, and
//   only the keeper can stump, so a stumping is the one certain sign. A keeper who never stumped
//   anyone in these matches is not recognised (he falls to the rules below, usually batter).
// - Regular bowler: bowled in at least 40% of his matches, averaging at least 9 balls (1.5 overs)
//   an innings bowled, so an over or two of part-time spin does not count.
// - Regular batter: batted in at least 40% of his matches at an average position of 7 or higher
//   (1 = opener), so tail-enders do not count.
// - All-rounder ('ar'): a regular bowler and a regular batter.
// - Bowler ('bo'): a regular bowler who is not a regular batter (bats at 8 or below, or rarely).
// - Batter ('bt'): everyone else, including a player with no matches.
// Roles are listed most telling first: a keeper is ['wc', …] followed by his other role
// (['wc', 'bt'], since keepers bat); everyone else has one role.
import type { Lang } from './result.ts';

/** Batter, bowler, all-rounder, wicket-keeper: the provider's role codes, in the squads' order. */
export const PLAYER_ROLES = ['bt', 'bo', 'ar', 'wc'] as const;
export type PlayerRole = (typeof PLAYER_ROLES)[number];

/** What a player did over a set of matches. */
export interface PlayerRecord {
  matches: number;
  battingInnings: number;
  /** Mean batting position (1 for an opener) over his innings; null when he never batted. */
  averageBattingPosition: number | null;
  bowlingInnings: number;
  ballsBowled: number;
  /** Stumpings made as a fielder. */
  stumpings: number;
}

/** Share of his matches a player must bowl, or bat, in to do it regularly. */
const REGULAR_SHARE = 0.4;
/** Balls an innings a regular bowler averages: an over and a half. */
const REGULAR_BALLS_PER_SPELL = 9;
/** Lowest average batting position of a regular batter. */
const LOWEST_BATTING_POSITION = 7;

function bowlsRegularly(record: PlayerRecord): boolean {
  return (
    record.matches > 0 &&
    record.bowlingInnings >= REGULAR_SHARE * record.matches &&
    record.ballsBowled >= REGULAR_BALLS_PER_SPELL * record.bowlingInnings
  );
}

function batsRegularly(record: PlayerRecord): boolean {
  return (
    record.matches > 0 &&
    record.battingInnings >= REGULAR_SHARE * record.matches &&
    record.averageBattingPosition !== null &&
    record.averageBattingPosition <= LOWEST_BATTING_POSITION
  );
}

/** The player's roles, most telling first: ['wc', 'bt'], ['ar'], ['bo'], ['bt']. */
export function playerRoles(record: PlayerRecord): PlayerRole[] {
  const bowler = bowlsRegularly(record);
  const role: PlayerRole = bowler && batsRegularly(record) ? 'ar' : bowler ? 'bo' : 'bt';
  return record.stumpings > 0 ? ['wc', role] : [role];
}

const ROLE_LABELS: Record<Lang, Record<PlayerRole, string>> = {
  en: { bt: 'Batter', bo: 'Bowler', ar: 'All-rounder', wc: 'Wicket-keeper' },
  hi: { bt: 'बल्लेबाज़', bo: 'गेंदबाज़', ar: 'ऑलराउंडर', wc: 'विकेटकीपर' },
};

/** The role's name for people: 'All-rounder', 'ऑलराउंडर'. */
export function roleLabel(role: PlayerRole, lang: Lang = 'en'): string {
  return ROLE_LABELS[lang][role];
}
