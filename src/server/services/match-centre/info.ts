// The Info and History tabs: venue, each side's form, head to head and recent matches, from
// the teams' earlier completed matches that count (no replay, no voided match: decision 059),
// of the match's own type of cricket (a Test page compares Tests only). A replay's tabs read as
// its source's did before it was played, so they never give away the result being replayed.
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database, TeamSide } from '../../db/schema.ts';
import type { FormatType } from '../../domain/format-type.ts';
import { formLetter, headToHead } from '../../domain/form.ts';
import type { Lang } from '../../domain/result.ts';
import type { FormResult, MatchInfo } from '../match-centre-types.ts';
import type { MatchSummary } from '../match-summary.ts';
import { summariseMatches, selectMatchRows } from '../match-rows.ts';
import { teamNamesOf, type MatchCentreRow } from './shared.ts';

/** Form lists this many results per side (spec: 'last 5 matches'). */
export const FORM_LENGTH = 5;
/** The recent matches carousel shows at most this many matches of both sides together. */
export const RECENT_LIMIT = 6;
/** Head to head lists this many latest meetings. */
export const HEAD_TO_HEAD_LIMIT = 10;

/** Which earlier matches compare with this one: of its type, before the day it is played as of. */
interface Comparison {
  before: string;
  formatType: FormatType;
}

export async function buildInfo(db: Kysely<Database>, match: MatchCentreRow, lang: Lang): Promise<MatchInfo> {
  const teamIds: Record<TeamSide, number> = { a: match.team_a_id, b: match.team_b_id };
  // A replay compares as of its source's first day: its tabs read as the source's did before it was played.
  const before = (match.is_replay ? await replayedDay(db, match.id) : null) ?? match.start_date;
  const comparison: Comparison = { before, formatType: match.format_type };
  const [latestA, latestB, meetingCounts, meetings] = await Promise.all([
    latestMatchesBefore(db, teamIds.a, comparison, Math.max(FORM_LENGTH, RECENT_LIMIT)),
    latestMatchesBefore(db, teamIds.b, comparison, Math.max(FORM_LENGTH, RECENT_LIMIT)),
    headToHeadCounts(db, teamIds, comparison),
    completedBefore(db, comparison)
      .where((eb) => betweenTeams(eb, teamIds))
      .limit(HEAD_TO_HEAD_LIMIT)
      .execute(),
  ]);
  const latest: Record<TeamSide, MatchCentreRow[]> = { a: latestA, b: latestB };
  const recent = recentOfBoth(latestA, latestB);

  // One summariser call for every match shown: innings and awards in two queries.
  const shown = uniqueById([...recent, ...meetings]);
  const summaries = await summariseMatches(db, shown, lang);
  const summaryById = new Map(summaries.map((summary) => [summary.id, summary]));
  const summarised = (rows: readonly MatchCentreRow[]): MatchSummary[] =>
    rows.map((row) => summaryById.get(row.id)).filter((summary): summary is MatchSummary => summary !== undefined);

  const form = (side: TeamSide): FormResult[] =>
    latest[side].slice(0, FORM_LENGTH).map((row) => formResult(row, teamIds[side]));
  return {
    venue: match.venue_name ? { name: match.venue_name, city: match.venue_city ?? '' } : null,
    form: { a: form('a'), b: form('b') },
    headToHead: { ...meetingCounts, last: summarised(meetings) },
    recent: summarised(recent),
  };
}

/** The day the match a replay plays again started (null when the source is gone). */
async function replayedDay(db: Kysely<Database>, replayId: number): Promise<string | null> {
  const { rows } = await sql<{ day: string }>`
    -- uncounted: the one match the replay copies, by its key.
    select source.start_date::text as day from matches replay join matches source on source.match_key = replay.replay_of
    where replay.id = ${replayId}`.execute(db);
  return rows[0]?.day ?? null;
}

/**
 * A match in which a ball was bowled: a wash-out without one counts in the points table and in no
 * form or head to head (issue 28).
 */
const BALL_BOWLED = sql<boolean>`exists (select 1 from innings i where i.match_id = m.id)`;

/** Counted completed matches of the type, with a ball bowled, that started before the day, newest first. */
function completedBefore(db: Kysely<Database>, { before, formatType }: Comparison) {
  return selectMatchRows(db, 'counted_matches')
    .select(['m.team_a_id', 'm.team_b_id'])
    .where('m.status', '=', 'completed')
    .where('m.format_type', '=', formatType)
    .where('m.start_date', '<', before)
    .where(BALL_BOWLED)
    .orderBy('m.start_date', 'desc')
    .orderBy('m.id', 'desc');
}

function latestMatchesBefore(db: Kysely<Database>, teamId: number, comparison: Comparison, limit: number): Promise<MatchCentreRow[]> {
  return completedBefore(db, comparison)
    .where((eb) => eb.or([eb('m.team_a_id', '=', teamId), eb('m.team_b_id', '=', teamId)]))
    .limit(limit)
    .execute();
}

/**
 * Results of every earlier counted meeting of the two teams in the match's type, counted by the
 * domain's form rule. A team row is one name, gender and team type, so the meetings are of the
 * same gender and team type.
 */
async function headToHeadCounts(db: Kysely<Database>, teamIds: Record<TeamSide, number>, { before, formatType }: Comparison) {
  const meetings = await db
    .selectFrom('counted_matches as m')
    .select(['m.team_a_id', 'm.winner', 'm.result'])
    .where('m.status', '=', 'completed')
    .where('m.format_type', '=', formatType)
    .where('m.start_date', '<', before)
    .where(BALL_BOWLED)
    .where((eb) => betweenTeams(eb, teamIds))
    .execute();
  return headToHead(meetings.map((meeting) => formLetter(meeting, meeting.team_a_id === teamIds.a ? 'a' : 'b')));
}

/** Matches of the two teams against each other, whichever side each was listed as. */
function betweenTeams(eb: ExpressionBuilder<Database & { m: Database['matches'] }, 'm'>, teamIds: Record<TeamSide, number>) {
  return eb.or([
    eb.and([eb('m.team_a_id', '=', teamIds.a), eb('m.team_b_id', '=', teamIds.b)]),
    eb.and([eb('m.team_a_id', '=', teamIds.b), eb('m.team_b_id', '=', teamIds.a)]),
  ]);
}

/** The team's result in the match (domain form.ts: a tie decided by a super over is still 'T'). */
function formResult(row: MatchCentreRow, teamId: number): FormResult {
  const side: TeamSide = row.team_a_id === teamId ? 'a' : 'b';
  const opponent: TeamSide = side === 'a' ? 'b' : 'a';
  return { matchKey: row.match_key, result: formLetter(row, side), opponent: teamNamesOf(row)[opponent], date: row.start_date };
}

/** Up to RECENT_LIMIT matches, half from each side when both have enough, newest first. */
function recentOfBoth<T extends { id: number; start_date: string }>(latestA: readonly T[], latestB: readonly T[]): T[] {
  const half = Math.floor(RECENT_LIMIT / 2);
  const fromA = latestA.slice(0, Math.max(half, RECENT_LIMIT - Math.min(half, latestB.length)));
  const fromB = latestB.slice(0, RECENT_LIMIT - Math.min(fromA.length, RECENT_LIMIT));
  return uniqueById([...fromA, ...fromB])
    .sort((x, y) => y.start_date.localeCompare(x.start_date) || y.id - x.id)
    .slice(0, RECENT_LIMIT);
}

function uniqueById<T extends { id: number }>(rows: readonly T[]): T[] {
  const seen = new Set<number>();
  return rows.filter((row) => !seen.has(row.id) && seen.add(row.id) !== undefined);
}
