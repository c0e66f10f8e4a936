// Win probability of one match (issue 12 §3, decision 039): the stored deliveries walked through
// the trained model (domain/winprob.ts), with the sides' ratings and the competition's par as they
// stood before the match: the standing at the end of training moved by every stored result before
// it (services/winprob-ratings.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { WIN_PROB_MODEL } from '../../domain/winprob-model.ts';
import type { Standing } from '../../domain/winprob-ratings.ts';
import {
  competitionKey, preMatchProbability, winProbabilities,
  type WinProbFormat, type WinProbMatch, type WinProbModel, type WinProbPoint,
} from '../../domain/winprob.ts';
import { readStoredInnings } from '../../store/stored-deliveries.ts';
import type { MatchCentreRow } from './shared.ts';

export interface PreMatchChance {
  aWin: number;
  /** Tests: P(draw); null in limited overs. */
  draw: number | null;
}

export interface WinProbability {
  /** False for a match the model cannot judge (The Hundred's five-ball overs, no overs limit): no points. */
  supported: boolean;
  /** After every delivery, in ball order (super overs left out). */
  points: WinProbPoint[];
  /** Before the first ball, with team a batting first and with team b batting first. */
  preMatch: { aBatsFirst: PreMatchChance; bBatsFirst: PreMatchChance } | null;
  /** The side batting first when known (the first innings, else the toss); null before the toss. */
  battingFirst: 'a' | 'b' | null;
  /** The last day of the matches the model learnt from. */
  trainedThrough: string;
  /** The day of the last result the sides' ratings and the par followed before this match (trainedThrough when none). */
  ratingsThrough: string;
  /** Sides the model has no rating for in this format (counted as average sides). */
  unrated: ('a' | 'b')[];
}

/** The match's model input without its innings, or null when the model does not cover it. */
async function matchFacts(
  db: Kysely<Database>,
  match: MatchCentreRow,
  standing: Standing,
): Promise<Omit<WinProbMatch, 'innings'> | null> {
  const format = match.format as WinProbFormat;
  // Trained on six-ball overs, and for the long game on Tests only (a four-day match is another clock).
  if (match.balls_per_over !== 6 || (format !== 'test' && match.overs_limit === null)) return null;
  if (format === 'test' && match.format_type !== 'test') return null;
  if (match.gender !== 'male' && match.gender !== 'female') return null;
  const row = await db
    // uncounted: this match, by id.
    .selectFrom('matches as m')
    .innerJoin('tournaments as t', 't.id', 'm.tournament_id')
    .innerJoin('teams as ta', 'ta.id', 'm.team_a_id')
    .innerJoin('teams as tb', 'tb.id', 'm.team_b_id')
    .select(['t.event_name', 'ta.team_type as a_type', 'tb.team_type as b_type'])
    .where('m.id', '=', match.id)
    .executeTakeFirstOrThrow();
  const competition = competitionKey({
    formatType: match.format_type,
    gender: match.gender,
    international: row.a_type === 'international' && row.b_type === 'international',
    eventName: row.event_name,
  });
  return {
    format,
    formatType: match.format_type,
    gender: match.gender,
    ballsPerOver: 6,
    oversLimit: match.overs_limit,
    ratings: { a: standing.ratingOf(format, match.a_key), b: standing.ratingOf(format, match.b_key) },
    par: standing.parOf(competition, format),
  };
}

/** `before`: the ratings and pars before the match, and the day of the last result in them (WinProbRatings.standingBefore). */
export async function buildWinProbability(
  db: Kysely<Database>, match: MatchCentreRow, before: { standing: Standing; through: string }, model: WinProbModel = WIN_PROB_MODEL,
): Promise<WinProbability> {
  const facts = await matchFacts(db, match, before.standing);
  const ratingsThrough = before.through;
  const tossBatting = match.toss_winner === null ? null : match.toss_decision === 'bat' ? match.toss_winner : match.toss_winner === 'a' ? 'b' : 'a';
  if (!facts) return { supported: false, points: [], preMatch: null, battingFirst: tossBatting, trainedThrough: model.trainedThrough, ratingsThrough, unrated: [] };
  const [stored, targets] = await Promise.all([
    readStoredInnings(db, [match.id]),
    db.selectFrom('innings').select(['innings_no', 'target_runs', 'target_balls']).where('match_id', '=', match.id).execute(),
  ]);
  const targetOf = new Map(targets.map((row) => [row.innings_no, row]));
  const innings = stored.map((inn) => ({
    battingTeam: inn.battingTeam,
    superOver: inn.superOver,
    targetRuns: targetOf.get(inn.inningsNo)?.target_runs ?? null,
    targetBalls: targetOf.get(inn.inningsNo)?.target_balls ?? null,
    penaltyRunsPre: inn.penaltyRunsPre,
    deliveries: inn.deliveries,
  }));
  const firstInnings = innings.find((inn) => !inn.superOver);
  return {
    supported: true,
    points: winProbabilities(model, { ...facts, innings }),
    preMatch: { aBatsFirst: preMatchProbability(model, facts, 'a'), bBatsFirst: preMatchProbability(model, facts, 'b') },
    battingFirst: firstInnings?.battingTeam ?? tossBatting,
    trainedThrough: model.trainedThrough,
    ratingsThrough,
    unrated: (['a', 'b'] as const).filter((side) => facts.ratings[side] === null),
  };
}
