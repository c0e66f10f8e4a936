// Every SQL statement that knows how an innings' balls are packed (ball-codec.ts: BALL_BYTES a
// ball in innings_balls.balls, appended in order). SQL through Kysely's `sql` tag: a bytea's
// length in balls, its last bytes and its concatenation are arithmetic Kysely's builders cannot
// say (docs/decisions/081-writers-per-job.md). Column references passed in are the caller's SQL,
// never input.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { BulkTransaction } from '../db/client.ts';
import type { Database, TeamSide } from '../db/schema.ts';
import type { Delivery } from '../domain/types.ts';
import type { InningsTallyState } from '../domain/scorecard.ts';
import { anyInteger } from '../db/any-of.ts';
import { BALL_BYTES, packedBalls, PeopleDictionary, storedBall, writeBall } from './ball-codec.ts';
import { wicketRowsJson, type WicketRowRead } from './stored-deliveries.ts';

/** SQL: how many balls a packed column holds (0 for a missing row). */
export function storedBallCount(column: string): string {
  return `coalesce(length(${column}) / ${BALL_BYTES}, 0)`;
}

/** SQL: the last `count` balls of a packed column (all of them when it holds fewer). */
export function lastStoredBalls(column: string, count: number): string {
  return `substring(${column} from greatest(1, length(${column}) - ${count * BALL_BYTES} + 1))`;
}

/** storedBallCount as a fragment of a Kysely statement. */
function ballCountSql(column: string): RawBuilder<number> {
  return sql.raw<number>(storedBallCount(column));
}

/** SQL (a scalar): balls stored in the match's innings before `inningsNo`; bytes to balls is the layout's arithmetic. */
export function ballsBeforeInningsSql(matchId: number, inningsNo: number): RawBuilder<number> {
  return sql<number>`(select coalesce(sum(${ballCountSql('balls')}), 0)::int from innings_balls where match_id = ${matchId} and innings_no < ${inningsNo})`;
}

/** Balls stored in the match's innings before `inningsNo`: a ball's place in the match less these is its place in its innings. */
export async function ballsBeforeInnings(db: Kysely<Database>, matchId: number, inningsNo: number): Promise<number> {
  const { rows } = await sql<{ balls: number }>`select ${ballsBeforeInningsSql(matchId, inningsNo)} as balls`.execute(db);
  return rows[0]?.balls ?? 0;
}

/**
 * Appends one delivery to the innings' stored balls; returns its seq. `storedPeople` is the
 * innings' people dictionary as stored (null before its first ball), read by the caller under
 * the match's lock, which every write of the match's balls takes first: no other write can
 * change it before this one commits.
 */
export async function appendToBalls(tx: BulkTransaction, matchId: number, inningsNo: number, delivery: Delivery, storedPeople: readonly number[] | null): Promise<number> {
  const people = new PeopleDictionary<number>(storedPeople ?? []);
  const ball = packedBalls(1);
  writeBall(ball, 0, storedBall(delivery, (player) => people.indexOf(Number(player))));
  // The bytes concatenated, and counted in balls: the layout's arithmetic.
  const { rows } = await sql<{ balls: number }>`insert into innings_balls (match_id, innings_no, people, balls)
     values (${matchId}, ${inningsNo}, ${people.people}, ${Buffer.from(ball)})
     on conflict (match_id, innings_no) do update set people = excluded.people, balls = innings_balls.balls || excluded.balls
     returning ${ballCountSql('balls')} as balls`.execute(tx.kysely);
  return rows[0]!.balls;
}

/** A started match's latest innings (closed or not), with its place in the match and its last balls' bytes. */
export interface LatestInnings {
  match_id: number;
  innings_no: number;
  batting_team: TeamSide;
  super_over: boolean;
  target_runs: number | null;
  target_balls: number | null;
  /** The saved tally; null once the innings closed. */
  tally: InningsTallyState | null;
  /** Balls of this innings, and of the match's innings before it. */
  ball_count: number;
  balls_before: number;
  people: number[] | null;
  /** The last `recentBalls` balls' bytes. */
  recent: Uint8Array | null;
  /** The side's innings so far of this kind (regular or super over), this one included. */
  side_innings: number;
  /** The batting side's runs minus the other's over the regular innings so far. */
  lead: number;
  /** The wicket rows of the last `recentBalls` balls, in seq and position order. */
  recent_wickets: WicketRowRead[];
}

/** The latest innings of each of the given matches (none for a match without one), with its recent balls' wickets, in one statement. */
export async function readLatestInnings(db: Kysely<Database>, matchIds: readonly number[], recentBalls: number): Promise<LatestInnings[]> {
  // One statement of CTEs around the layout's arithmetic, which the builders cannot say.
  const { rows } = await sql<LatestInnings>`with totals as (
       select i.match_id, i.innings_no, i.batting_team, i.super_over, i.runs,
         ${ballCountSql('b.balls')} as balls
       from innings i left join innings_balls b using (match_id, innings_no)
       where i.match_id = ${anyInteger(matchIds)}
     ), current as (
       select distinct on (match_id) match_id, innings_no from totals order by match_id, innings_no desc
     )
     select i.match_id, i.innings_no, i.batting_team, i.super_over, i.target_runs, i.target_balls, i.tally,
       ${ballCountSql('b.balls')}::int as ball_count,
       (select coalesce(sum(t.balls), 0)::int from totals t where t.match_id = i.match_id and t.innings_no < i.innings_no) as balls_before,
       b.people,
       ${sql.raw(lastStoredBalls('b.balls', recentBalls))} as recent,
       (select count(*)::int from totals t where t.match_id = i.match_id and t.batting_team = i.batting_team
          and t.super_over = i.super_over and t.innings_no <= i.innings_no) as side_innings,
       (select coalesce(sum(case when t.batting_team = i.batting_team then t.runs else -t.runs end), 0)::int
          from totals t where t.match_id = i.match_id and not t.super_over) as lead,
       ${wicketRowsJson(sql`w.seq >= greatest(1, ${ballCountSql('b.balls')} - ${recentBalls} + 1)`)} as recent_wickets
     from current c join innings i using (match_id, innings_no)
     left join innings_balls b using (match_id, innings_no)`.execute(db);
  return rows;
}

/** The match's latest innings holding a ball: its balls, the match's balls before it, and the last `recentBalls` balls' bytes. */
export async function readLastBalls(
  db: Kysely<Database>,
  matchId: number,
  recentBalls: number,
): Promise<{ innings_no: number; ball_count: number; balls_before: number; people: number[]; recent: Uint8Array } | null> {
  // The layout's arithmetic throughout: plain SQL.
  const { rows } = await sql<{ innings_no: number; ball_count: number; balls_before: number; people: number[]; recent: Uint8Array }>`
    select b.innings_no, ${ballCountSql('b.balls')} as ball_count, b.people,
       (select coalesce(sum(${ballCountSql('o.balls')}), 0)::int from innings_balls o where o.match_id = b.match_id and o.innings_no < b.innings_no) as balls_before,
       ${sql.raw(lastStoredBalls('b.balls', recentBalls))} as recent
     from innings_balls b where b.match_id = ${matchId} and ${ballCountSql('b.balls')} > 0 order by b.innings_no desc limit 1`.execute(db);
  return rows[0] ?? null;
}
