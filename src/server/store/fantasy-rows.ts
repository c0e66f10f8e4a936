// Fantasy points as stored rows (fantasy_points, one per listed player per match), derived by
// domain/fantasy.ts from a match's scorecard figures with the rules version the site shows
// (docs/decisions/038-fantasy-points.md). The writer fills them with every whole match it writes,
// rebuilds them with rederive() and refreshes a live match's when an innings closes or the
// result changes; pages that add up a player's matches read them.
import type { Kysely } from 'kysely';
import { anyInteger } from '../db/any-of.ts';
import { CopyBuffer } from '../db/copy-format.ts';
import type { BulkTransaction } from '../db/client.ts';
import type { Database, TeamSide } from '../db/schema.ts';
import { fantasyPoints, type FantasyBatting, type FantasyBowling, type FantasyInnings, type FantasyScore } from '../domain/fantasy.ts';
import { FANTASY_RULES, FANTASY_RULES_VERSION } from '../domain/fantasy-rules.ts';
import { broadFormatOf, type FormatType } from '../domain/format-type.ts';

export const FANTASY_TABLE = FANTASY_RULES[FANTASY_RULES_VERSION]!;

export function fantasyBuffer(): CopyBuffer {
  return new CopyBuffer('fantasy_points', ['match_id', 'person_id', 'team', 'rules', 'points', 'lines']);
}

/** A match's points with the site's rules; people as the caller names them. */
export function matchFantasy<P>(
  formatType: FormatType,
  players: readonly { player: P; team: TeamSide }[],
  innings: readonly FantasyInnings<P>[],
): FantasyScore<P>[] {
  const format = broadFormatOf(formatType);
  return fantasyPoints({ format, players, innings }, FANTASY_TABLE.tables[format]);
}

export function addFantasyRows<P>(buffer: CopyBuffer, matchId: number, scores: readonly FantasyScore<P>[], person: (player: P) => number): void {
  for (const score of scores) {
    buffer.add([matchId, person(score.player), score.team, FANTASY_RULES_VERSION, score.points, JSON.stringify(score.lines)]);
  }
}

/** Each match's innings as fantasyPoints reads them, by match id. */
export type FantasyInningsByMatch = Map<number, FantasyInnings<number>[]>;

/**
 * The points of the given matches from their stored scorecard rows (batting and bowling
 * innings, the listed players), people by database id. Live matches included: their scorecard
 * rows are current after every ball.
 */
export async function fantasyFromScorecards(db: Kysely<Database>, matchIds: readonly number[]): Promise<Map<number, FantasyScore<number>[]>> {
  if (matchIds.length === 0) return new Map();
  return fantasyOf(db, await scorecardInnings(db, matchIds));
}

/** The points of each match given its innings: its format and listed players are read. */
async function fantasyOf(db: Kysely<Database>, inningsOf: FantasyInningsByMatch): Promise<Map<number, FantasyScore<number>[]>> {
  const result = new Map<number, FantasyScore<number>[]>();
  const ids = anyInteger([...inningsOf.keys()]);
  const matches = await db.selectFrom('matches').select(['id', 'format_type']).where('id', '=', ids).execute();
  const players = await db
    .selectFrom('match_players')
    .select(['match_id', 'person_id', 'team'])
    .where('match_id', '=', ids)
    .orderBy('match_id')
    .orderBy('team')
    .orderBy('position')
    .execute();
  const playersOf = new Map<number, { player: number; team: TeamSide }[]>();
  for (const row of players) playersOf.set(row.match_id, [...(playersOf.get(row.match_id) ?? []), { player: row.person_id, team: row.team }]);
  for (const match of matches) {
    result.set(match.id, matchFantasy(match.format_type, playersOf.get(match.id) ?? [], inningsOf.get(match.id) ?? []));
  }
  return result;
}

/** The innings of the given matches from their batting and bowling rows (every match given has an entry). */
async function scorecardInnings(db: Kysely<Database>, matchIds: readonly number[]): Promise<FantasyInningsByMatch> {
  const ids = [...matchIds];
  const innings = await db
    .selectFrom('innings')
    .select(['match_id', 'innings_no', 'super_over'])
    .where('match_id', '=', anyInteger(ids))
    .orderBy('match_id')
    .orderBy('innings_no')
    .execute();
  const batting = await db
    .selectFrom('batting_innings')
    .select(['match_id', 'innings_no', 'person_id', 'runs', 'balls', 'fours', 'sixes', 'dismissal_kind', 'bowler_id', 'fielder_ids', 'fielder_names'])
    .where('match_id', '=', anyInteger(ids))
    .orderBy('match_id')
    .orderBy('innings_no')
    .orderBy('position')
    .execute();
  const bowling = await db
    .selectFrom('bowling_innings')
    .select(['match_id', 'innings_no', 'person_id', 'called_balls', 'runs', 'wickets', 'maidens'])
    .where('match_id', '=', anyInteger(ids))
    .orderBy('match_id')
    .orderBy('innings_no')
    .orderBy('position')
    .execute();
  const key = (matchId: number, inningsNo: number) => `${matchId}/${inningsNo}`;
  const built = new Map<string, { superOver: boolean; batting: FantasyBatting<number>[]; bowling: FantasyBowling<number>[] }>();
  const inningsOf: FantasyInningsByMatch = new Map(ids.map((id) => [id, []]));
  for (const row of innings) {
    const inn = { superOver: row.super_over, batting: [] as FantasyBatting<number>[], bowling: [] as FantasyBowling<number>[] };
    built.set(key(row.match_id, row.innings_no), inn);
    inningsOf.get(row.match_id)?.push(inn);
  }
  for (const row of batting) {
    built.get(key(row.match_id, row.innings_no))?.batting.push({
      player: row.person_id, runs: row.runs, balls: row.balls, fours: row.fours, sixes: row.sixes,
      dismissal: row.dismissal_kind === null ? null : {
        kind: row.dismissal_kind, bowler: row.bowler_id, fielders: row.fielder_ids, fielderNames: row.fielder_names,
      },
    });
  }
  for (const row of bowling) {
    built.get(key(row.match_id, row.innings_no))?.bowling.push({
      player: row.person_id, calledBalls: row.called_balls, runs: row.runs, wickets: row.wickets, maidens: row.maidens,
    });
  }
  return inningsOf;
}

/** Replaces the stored points of the given matches with what their scorecard rows give now. */
export async function refreshFantasyRows(tx: BulkTransaction, matchIds: readonly number[]): Promise<void> {
  if (matchIds.length === 0) return;
  await replaceFantasyRows(tx, await scorecardInnings(tx.kysely, matchIds));
}

/** Replaces the stored points of each match given with those of its innings (people by database id). */
export async function replaceFantasyRows(tx: BulkTransaction, inningsOf: FantasyInningsByMatch): Promise<void> {
  if (inningsOf.size === 0) return;
  const scores = await fantasyOf(tx.kysely, inningsOf);
  await tx.kysely.deleteFrom('fantasy_points').where('match_id', '=', anyInteger([...inningsOf.keys()])).execute();
  const buffer = fantasyBuffer();
  for (const [matchId, list] of scores) addFantasyRows(buffer, matchId, list, (id) => id);
  if (buffer.size > 0) await tx.copy(buffer);
}
