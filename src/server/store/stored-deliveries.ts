// Deliveries as stored (innings_balls bytes plus wickets rows) turned back into the domain's
// input, people named by their database id as a string. Rebuilding derived rows and the
// commentary both read deliveries through here, so they fold the same balls with the same rules.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { anyInteger } from '../db/any-of.ts';
import type { Database, InningsBallsTable } from '../db/schema.ts';
import type { Delivery, DismissalKind, Fielder, InningsInput } from '../domain/types.ts';
import { ballCount, readBall } from './ball-codec.ts';

export interface StoredInnings extends InningsInput {
  matchId: number;
  inningsNo: number;
  /** Reviews by seq (1-based), for commentary. */
  reviews: Map<number, unknown>;
}

export type WicketRowRead = {
  match_id: number;
  innings_no: number;
  seq: number;
  kind: string;
  player_out_id: number;
  fielders: { name?: string; substitute?: boolean }[] | null;
  /** One per fielder with a name, in order; null for one named without a known person (a live scorer's). */
  fielder_ids: (number | null)[] | null;
};


/**
 * The innings of the given matches, in match and innings order, with every delivery; only the
 * innings numbered `onlyInnings` when given (one innings of a match, without the others' balls).
 */
export async function readStoredInnings(reader: Kysely<Database>, matchIds: readonly number[], onlyInnings?: number): Promise<StoredInnings[]> {
  if (matchIds.length === 0) return [];
  const db = reader;
  const ids = anyInteger(matchIds);
  // At once on the pool (each is a round trip before a live ball's commentary can be made); a
  // transaction's one connection takes them in turn (Kysely queues its queries).
  const [innings, balls, wickets] = await Promise.all([
    db
      .selectFrom('innings as i')
      .innerJoin('matches as m', 'm.id', 'i.match_id')
      .select(['i.match_id', 'i.innings_no', 'i.batting_team', 'i.super_over', 'i.penalty_runs_pre', 'i.penalty_runs_post', 'i.miscounted_overs', 'm.balls_per_over'])
      .where('i.match_id', '=', ids)
      .$if(onlyInnings !== undefined, (query) => query.where('i.innings_no', '=', onlyInnings!))
      .orderBy('i.match_id')
      .orderBy('i.innings_no')
      .execute(),
    db
      .selectFrom('innings_balls')
      .selectAll()
      .where('match_id', '=', ids)
      .$if(onlyInnings !== undefined, (query) => query.where('innings_no', '=', onlyInnings!))
      .execute(),
    db
      .selectFrom('wickets')
      .select(['match_id', 'innings_no', 'seq', 'kind', 'player_out_id', 'fielders', 'fielder_ids'])
      .where('match_id', '=', ids)
      .$if(onlyInnings !== undefined, (query) => query.where('innings_no', '=', onlyInnings!))
      .orderBy('match_id')
      .orderBy('innings_no')
      .orderBy('seq')
      .orderBy('position')
      .execute(),
  ]);
  const key = (matchId: number, inningsNo: number) => `${matchId}/${inningsNo}`;
  const ballsOf = new Map(balls.map((row) => [key(row.match_id, row.innings_no), row]));
  const wicketsOf = new Map<string, WicketRowRead[]>();
  for (const row of wickets) {
    const list = wicketsOf.get(key(row.match_id, row.innings_no));
    if (list) list.push(row);
    else wicketsOf.set(key(row.match_id, row.innings_no), [row]);
  }
  return innings.map((inn) => {
    const k = key(inn.match_id, inn.innings_no);
    return storedInningsOf(inn, ballsOf.get(k), wicketsOf.get(k) ?? []);
  });
}

/** An innings row as read with its match's balls per over. */
interface InningsRowRead {
  match_id: number;
  innings_no: number;
  batting_team: 'a' | 'b';
  super_over: boolean;
  penalty_runs_pre: number;
  penalty_runs_post: number;
  miscounted_overs: unknown;
  balls_per_over: number;
}

function storedInningsOf(inn: InningsRowRead, stored: Pick<InningsBallsTable, 'people' | 'balls' | 'reviews'> | undefined, wickets: readonly WicketRowRead[]): StoredInnings {
  return {
    matchId: inn.match_id,
    inningsNo: inn.innings_no,
    battingTeam: inn.batting_team,
    superOver: inn.super_over,
    penaltyRunsPre: inn.penalty_runs_pre,
    penaltyRunsPost: inn.penalty_runs_post,
    ballsPerOver: inn.balls_per_over,
    calledOvers: Array.isArray(inn.miscounted_overs) ? (inn.miscounted_overs as number[]) : [],
    deliveries: stored ? deliveriesOf(stored, wickets) : [],
    reviews: new Map((stored?.reviews ?? []).map((entry) => [entry.seq, entry.review])),
  };
}

/**
 * SQL: the wicket rows (WicketRowRead) of the innings `i` of the enclosing statement as a JSON
 * array in seq and position order, those meeting `also` (a condition on `w`) alone.
 */
export function wicketRowsJson(also: RawBuilder<unknown>): RawBuilder<WicketRowRead[]> {
  return sql<WicketRowRead[]>`(select coalesce(json_agg(json_build_object('match_id', w.match_id, 'innings_no', w.innings_no, 'seq', w.seq, 'kind', w.kind,
      'player_out_id', w.player_out_id, 'fielders', w.fielders, 'fielder_ids', w.fielder_ids) order by w.seq, w.position), '[]'::json)
    from wickets w where w.match_id = i.match_id and w.innings_no = i.innings_no and ${also})`;
}

/**
 * One innings of a match as readStoredInnings reads it, in one statement instead of three (the
 * live engine's ball, decision 086: its innings row, its balls and its wickets, the wickets as
 * JSON); null when the match has no such innings.
 */
export async function readOneStoredInnings(db: Kysely<Database>, matchId: number, inningsNo: number): Promise<StoredInnings | null> {
  // A correlated JSON aggregate the builders cannot alias: plain SQL.
  const { rows } = await sql<InningsRowRead & { people: number[] | null; balls: Uint8Array | null; reviews: InningsBallsTable['reviews']; wickets: WicketRowRead[] }>`
    select i.match_id, i.innings_no, i.batting_team, i.super_over, i.penalty_runs_pre, i.penalty_runs_post, i.miscounted_overs, m.balls_per_over,
      b.people, b.balls, b.reviews,
      ${wicketRowsJson(sql`true`)} as wickets
    from innings i join matches m on m.id = i.match_id
      left join innings_balls b on b.match_id = i.match_id and b.innings_no = i.innings_no
    where i.match_id = ${matchId} and i.innings_no = ${inningsNo}`.execute(db);
  const row = rows[0];
  if (!row) return null;
  const stored = row.balls === null || row.people === null ? undefined : { people: row.people, balls: row.balls, reviews: row.reviews };
  return storedInningsOf(row, stored, row.wickets);
}

/** Deliveries of stored ball bytes, with their wicket rows (seq 1 = the first ball of the bytes). */
export function deliveriesOf(stored: Pick<InningsBallsTable, 'people' | 'balls'>, wickets: readonly WicketRowRead[]): Delivery[] {
  const person = (index: number) => String(stored.people[index]);
  const bytes = stored.balls;
  const deliveries: Delivery[] = [];
  for (let i = 0; i < ballCount(bytes); i += 1) {
    const ball = readBall(bytes, i);
    const runsExtras = ball.wides + ball.noballs + ball.byes + ball.legbyes + ball.penalty;
    deliveries.push({
      over: ball.over,
      batter: person(ball.batter),
      nonStriker: person(ball.nonStriker),
      bowler: person(ball.bowler),
      runsBatter: ball.runsBatter,
      runsExtras,
      runsTotal: ball.runsBatter + runsExtras,
      nonBoundary: ball.nonBoundary,
      extras: { wides: ball.wides, noballs: ball.noballs, byes: ball.byes, legbyes: ball.legbyes, penalty: ball.penalty },
      wickets: [],
    });
  }
  for (const wicket of wickets) {
    const ids = [...(wicket.fielder_ids ?? [])];
    deliveries[wicket.seq - 1]?.wickets.push({
      kind: wicket.kind as DismissalKind,
      playerOut: String(wicket.player_out_id),
      fielders: (wicket.fielders ?? []).map(
        (fielder): Fielder => {
          const id = fielder.name === undefined ? undefined : ids.shift();
          return { id: id == null ? null : String(id), name: fielder.name ?? null, substitute: fielder.substitute ?? false };
        },
      ),
    });
  }
  return deliveries;
}
