// The live island's words, translated on the server and passed as props, so the island ships
// no dictionary (the island imports only the type).
import { t, type Lang } from '../../i18n/index.ts';
import type { Dictionary } from '../../i18n/en.ts';
import { PROVIDER_BREAK_REASONS } from '../../server/domain/live.ts';
import { DISMISSAL_KINDS, dismissalKindLabel, dismissalWording, type Wording } from '../../server/domain/dismissal.ts';

const MATCH_CENTRE_KEYS = [
  'lastBall', 'crr', 'rrr', 'target', 'liveNoFeed', 'recentOvers', 'overN', 'batter', 'bowler', 'runsBalls', 'sixes', 'fours',
  'strikeRate', 'wickets', 'overs', 'runs', 'economyShort', 'onStrike', 'currentBowler', 'endOfOver', 'overRun', 'overRuns', 'overWickets',
  'out', 'noCommentary', 'liveHeading', 'readAloud', 'stopReading', 'noHindiVoice', 'inningsPicker', 'inningsOf', 'superOver', 'allBalls', 'firstBallToCome', 'reconnecting',
  'balls', 'maidens', 'centreHeading', 'partnership', 'lastWicket', 'fellAt', 'projectedScore', 'projectionCaption', 'rateRow', 'scoreRow', 'currentMark',
  'chaseHeading', 'requiredRate', 'currentRate', 'chaseBehind', 'chaseAhead', 'atThisRate', 'winProbability', 'winDraw', 'inningsBreak', 'firstInningsScore',
] as const satisfies readonly (keyof Dictionary['matchCentre'])[];

type MatchCentreLabels = Record<(typeof MATCH_CENTRE_KEYS)[number], string>;

export interface LiveLabels extends MatchCentreLabels {
  live: string;
  day: string;
  /** Break names by match_break.reason ('day' is stumps). */
  breaks: Record<string, string>;
  /** The scorecard notation's words in the page's language (the last wicket's how-out). */
  dismissal: Wording;
  /** A wicket's kind as the commentary labels it ('कैच', 'पगबाधा'); English keeps Cricsheet's words. */
  dismissalKinds: Record<string, string>;
}

export function liveLabels(lang: Lang): LiveLabels {
  const centre = Object.fromEntries(MATCH_CENTRE_KEYS.map((key) => [key, t(lang, `matchCentre.${key}`)])) as MatchCentreLabels;
  return {
    ...centre,
    live: t(lang, 'home.live'),
    day: t(lang, 'match.day'),
    breaks: Object.fromEntries(PROVIDER_BREAK_REASONS.map((reason) => [reason, t(lang, `match.breaks.${reason}`)])),
    dismissal: dismissalWording(lang),
    dismissalKinds: Object.fromEntries(DISMISSAL_KINDS.map((kind) => [kind, dismissalKindLabel(kind, lang)])),
  };
}
