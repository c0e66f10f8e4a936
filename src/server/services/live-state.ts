// The live state of a match in progress (spec §3 Live score) in the domain's units (the types
// live in domain/live.ts): loaded for started matches from each current innings' saved tally
// and its last few deliveries, never from the whole match. The provider's play.live is made
// from it at the API edge (wire/presenters/live.ts).
import type { Kysely } from 'kysely';
import { anyInteger } from '../db/any-of.ts';
import type { Database } from '../db/schema.ts';
import { ballKey, liveStateOf, RECENT_BALLS_READ, type LiveState } from '../domain/live.ts';
import { InningsTally, type InningsTallyState } from '../domain/scorecard.ts';
import { readLatestInnings, type LatestInnings } from '../store/packed-balls.ts';
import { deliveriesOf, readStoredInnings } from '../store/stored-deliveries.ts';

export { liveSituation } from '../domain/live.ts';
export type { LiveBall, LiveBatter, LiveBowler, LiveOver, LivePlayer, LiveState, LiveWicket, RecentPlayers } from '../domain/live.ts';

/** What loadLiveStates needs of a started match. */
export interface LiveMatchRow {
  id: number;
  format: 't20' | 'oneday' | 'test';
  balls_per_over: number;
  overs_limit: number | null;
  break_reason: string | null;
}

/**
 * Matches known by id whose rows are still being read: the reads by id go out at once, the rows
 * are waited for when the states are made (the live engine's ball, decision 086).
 */
export interface PendingMatches {
  ids: readonly number[];
  rows: Promise<readonly LiveMatchRow[]>;
}

/** A latest innings with its tally (a closed innings folded again). */
type CurrentInnings = Omit<LatestInnings, 'tally'> & { tally: InningsTallyState };

/**
 * Live states of the given started matches by match id, from their latest innings (closed or
 * not: between innings the panel shows the total and the break). A match with no innings yet
 * has none. Two queries for any number of matches in play (the latest innings with its recent
 * wickets, then the people), one more between innings.
 */
export async function loadLiveStates(db: Kysely<Database>, matches: readonly LiveMatchRow[] | PendingMatches): Promise<Map<number, LiveState>> {
  const states = new Map<number, LiveState>();
  const ids = 'ids' in matches ? matches.ids : matches.map((match) => match.id);
  if (ids.length === 0) return states;
  const found = await readLatestInnings(db, ids, RECENT_BALLS_READ);
  if (found.length === 0) return states;
  // Between innings the innings just closed has no saved tally: it is folded again, once.
  const closed = found.filter((row) => row.tally === null);
  const stored = closed.length > 0 ? await readStoredInnings(db, closed.map((row) => row.match_id)) : [];
  const rows: CurrentInnings[] = found.map((row) => {
    if (row.tally !== null) return { ...row, tally: row.tally };
    const inn = stored.find((candidate) => candidate.matchId === row.match_id && candidate.inningsNo === row.innings_no)!;
    const tally = InningsTally.start(inn);
    for (const delivery of inn.deliveries) tally.add(delivery);
    return { ...row, tally: tally.save() };
  });
  const personIds = new Set<number>();
  for (const row of rows) {
    for (const id of row.people ?? []) personIds.add(id);
    for (const entry of row.tally.batting) {
      personIds.add(Number(entry.player));
      // The last wicket's bowler and fielders may be older than the recent balls' people.
      if (entry.dismissal?.bowler) personIds.add(Number(entry.dismissal.bowler));
      for (const fielder of entry.dismissal?.fielders ?? []) if (fielder.id !== null) personIds.add(Number(fielder.id));
    }
  }
  const people = await db.selectFrom('people').select(['id', 'registry_id', 'name']).where('id', '=', anyInteger([...personIds])).execute();
  const personOf = new Map(people.map((person) => [String(person.id), { key: person.registry_id, name: person.name }]));
  const matchOf = new Map(('ids' in matches ? await matches.rows : matches).map((match) => [match.id, match]));
  for (const row of rows) {
    const match = matchOf.get(row.match_id);
    if (!match) continue;
    const first = firstRecentSeq(row);
    const ownWickets = row.recent_wickets.map((wicket) => ({ ...wicket, seq: wicket.seq - first + 1 }));
    const deliveries = row.recent && row.people ? deliveriesOf({ people: row.people, balls: row.recent }, ownWickets) : [];
    // A super over is one over, whatever the match's limit.
    const allotment = row.super_over ? match.balls_per_over : match.overs_limit === null ? null : match.overs_limit * match.balls_per_over;
    const limitBalls = row.target_balls ?? allotment;
    const limitedOvers = match.format !== 'test';
    states.set(
      row.match_id,
      liveStateOf({
        battingSide: row.batting_team,
        inningsNumber: Math.min(2, row.side_innings) as 1 | 2,
        tally: row.tally,
        recent: deliveries.map((delivery, index) => ({ seq: first + index, delivery })),
        // A limited-overs chase in its balls; a Test's fourth innings has a target and no limit.
        target: row.target_runs === null ? null : limitedOvers ? (limitBalls === null ? null : { runs: row.target_runs, balls: limitBalls }) : { runs: row.target_runs, balls: null },
        // A Test's first innings leads nobody yet.
        lead: limitedOvers || row.super_over || row.innings_no === 1 ? null : row.lead,
        breakReason: match.break_reason,
        limitBalls: limitedOvers ? limitBalls : null,
        player: (id) => personOf.get(id) ?? { key: id, name: id },
        ballKey: (seq, position) => ballKey(row.innings_no, position, row.balls_before + seq),
      }),
    );
  }
  return states;
}

/** The innings seq of the first ball read back. */
function firstRecentSeq(row: Pick<CurrentInnings, 'ball_count'>): number {
  return Math.max(1, row.ball_count - RECENT_BALLS_READ + 1);
}
