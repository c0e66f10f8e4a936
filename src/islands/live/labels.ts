// The live island's words, translated on the server and passed as props, so the island ships
// no dictionary (the island imports only the type).
import { t, type Lang } from '../../i18n/index.ts';
import type { Dictionary } from '../../i18n/en.ts';

const MATCH_CENTRE_KEYS = [
  'lastBall', 'crr', 'rrr', 'target', 'liveNoFeed', 'recentOvers', 'overN', 'batter', 'bowler', 'runsBalls', 'sixes', 'fours',
  'strikeRate', 'wickets', 'overs', 'runs', 'economyShort', 'onStrike', 'currentBowler', 'endOfOver', 'overRuns', 'overWickets',
  'out', 'noCommentary', 'liveHeading', 'readAloud', 'stopReading', 'noHindiVoice',
] as const satisfies readonly (keyof Dictionary['matchCentre'])[];

type MatchCentreLabels = Record<(typeof MATCH_CENTRE_KEYS)[number], string>;

export interface LiveLabels extends MatchCentreLabels {
  live: string;
  day: string;
  stumps: string;
  lunchBreak: string;
  inningsBreak: string;
}

export function liveLabels(lang: Lang): LiveLabels {
  const centre = Object.fromEntries(MATCH_CENTRE_KEYS.map((key) => [key, t(lang, `matchCentre.${key}`)])) as MatchCentreLabels;
  return {
    ...centre,
    live: t(lang, 'home.live'),
    day: t(lang, 'match.day'),
    stumps: t(lang, 'match.stumps'),
    lunchBreak: t(lang, 'match.lunchBreak'),
    inningsBreak: t(lang, 'match.innings'),
  };
}
