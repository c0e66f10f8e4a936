// The live island's words, translated on the server and passed as props, so the island ships
// no dictionary (the island imports only the type).
import { t, type Lang } from '../../i18n/index.ts';
import type { Dictionary } from '../../i18n/en.ts';

const MATCH_CENTRE_KEYS = [
  'lastBall', 'crr', 'rrr', 'target', 'liveNoFeed', 'recentOvers', 'overN', 'batter', 'bowler', 'runsBalls', 'sixes', 'fours',
  'strikeRate', 'wickets', 'overs', 'runs', 'economyShort', 'onStrike', 'currentBowler', 'endOfOver', 'overRuns', 'overWickets',
  'out', 'noCommentary', 'liveHeading', 'readAloud', 'stopReading', 'noHindiVoice', 'inningsPicker', 'inningsOf', 'superOver', 'allBalls', 'firstBallToCome',
] as const satisfies readonly (keyof Dictionary['matchCentre'])[];

const BREAK_REASONS = ['day', 'lunch', 'tea', 'drinks', 'innings', 'rain', 'bad_light'] as const satisfies readonly (keyof Dictionary['match']['breaks'])[];

type MatchCentreLabels = Record<(typeof MATCH_CENTRE_KEYS)[number], string>;

export interface LiveLabels extends MatchCentreLabels {
  live: string;
  day: string;
  /** Break names by match_break.reason ('day' is stumps). */
  breaks: Record<string, string>;
}

export function liveLabels(lang: Lang): LiveLabels {
  const centre = Object.fromEntries(MATCH_CENTRE_KEYS.map((key) => [key, t(lang, `matchCentre.${key}`)])) as MatchCentreLabels;
  return {
    ...centre,
    live: t(lang, 'home.live'),
    day: t(lang, 'match.day'),
    breaks: Object.fromEntries(BREAK_REASONS.map((reason) => [reason, t(lang, `match.breaks.${reason}`)])),
  };
}
