// The event log of live matches (table live_events): every event pushed to a match's room, with
// a sequence number consecutive per match (matches.live_sequence is the last one given). A
// client that missed events asks for those after its last sequence ('catchup').
//
// A ball and its events commit together: LiveMatchWriter's live methods take the events as data and
// write their rows in the write's own transaction (appendEvents), so a crash can never leave a
// ball without its event, nor an event without its ball. The payloads are made from the
// committed state by the fan-out (realtime/fan-out.ts) and filled in just after the commit; an
// event whose payload is still missing (the process stopped in between) is made again from the
// stored state when it is first read.
import { sql, type Kysely } from 'kysely';
import type { BulkTransaction, Db } from '../db/client.ts';
import type { Database } from '../db/schema.ts';
import { ballKey, RECENT_BALLS_READ } from '../domain/live.ts';
import { isLegalDelivery } from '../domain/overs.ts';
import { readLastBalls } from './packed-balls.ts';
import { deliveriesOf, readStoredInnings } from './stored-deliveries.ts';

/** 'ball': a ball written; 'ball_deleted': a ball taken back; 'state': the score or state changed. */
export type LiveEventKind = 'ball' | 'ball_deleted' | 'state';

export interface NewEvent {
  kind: LiveEventKind;
  ballKey: string | null;
  /** Part of the payload known before the write (a deleted ball, which the write takes away). */
  draft?: Record<string, unknown>;
}

/** An event as committed: its sequence in the match's log. */
export interface CommittedEvent extends NewEvent {
  sequence: number;
}

export interface LiveEventRow {
  sequence: number;
  kind: LiveEventKind;
  ballKey: string | null;
  /** The payload as emitted (it has a sequence); before it is filled in after the commit, the draft or null. */
  payload: Record<string, unknown> | null;
}

/**
 * Appends events to a match's log inside the write's transaction `tx`, the counter moved with
 * them; nothing (no statement) for none. SQL through Kysely's `sql` tag: one statement (one round
 * trip inside the ball's transaction) that the builders cannot say (a CTE feeding `unnest ... with ordinality`).
 */
export async function appendEvents(tx: BulkTransaction, matchId: number, events: readonly NewEvent[]): Promise<CommittedEvent[]> {
  if (events.length === 0) return [];
  const kinds = events.map((event) => event.kind);
  const ballKeys = events.map((event) => event.ballKey);
  const payloads = events.map((event) => JSON.stringify(event.draft ?? null));
  const { rows } = await sql<{ sequence: number }>`with moved as (update matches set live_sequence = live_sequence + ${events.length} where id = ${matchId} returning live_sequence)
     insert into live_events (match_id, sequence, kind, ball_key, payload)
     select ${matchId}::integer, moved.live_sequence - ${events.length} + event.position, event.kind, event.ball_key, event.payload::jsonb
     from moved, unnest(${kinds}::text[], ${ballKeys}::text[], ${payloads}::text[]) with ordinality as event(kind, ball_key, payload, position)
     returning sequence`.execute(tx.kysely);
  if (rows.length !== events.length) throw new Error(`no match ${matchId}`);
  const first = Math.min(...rows.map((row) => row.sequence));
  return events.map((event, index) => ({ ...event, sequence: first + index }));
}

/** The log's reads and the payloads' fill after the commit, outside any write's transaction. */
export class LiveEventLog {
  private readonly db: Kysely<Database>;

  constructor(db: Db) {
    this.db = db.kysely;
  }

  /** Fills in the payloads of events after their commit, in one statement (one commit); returns how many rows it filled. */
  async fill(matchId: number, filled: readonly { sequence: number; payload: object }[]): Promise<number> {
    // An update from unnest() of two arrays (one parameter a column): plain SQL, as the builders cannot alias its columns.
    const { rows } = await sql<{ sequence: number }>`update live_events e set payload = f.payload::jsonb
       from unnest(${filled.map((row) => row.sequence)}::integer[], ${filled.map((row) => JSON.stringify(row.payload))}::text[]) as f(sequence, payload)
       where e.match_id = ${matchId} and e.sequence = f.sequence returning e.sequence`.execute(this.db);
    return rows.length;
  }

  /**
   * Resolves once every transaction committed before it is on disk, also those committed with
   * synchronous_commit off: it commits a transaction that takes an id (a commit record) with
   * synchronous_commit on, and PostgreSQL flushes its log up to that record, after every earlier one.
   */
  async durable(): Promise<void> {
    await this.db.selectNoFrom((eb) => eb.fn('txid_current').as('txid')).execute();
  }

  /** The events after `afterSequence`, oldest first, at most `limit`. */
  async since(matchId: number, afterSequence: number, limit: number): Promise<LiveEventRow[]> {
    const rows = await this.db
      .selectFrom('live_events')
      .select(['sequence', 'kind', 'ball_key', 'payload'])
      .where('match_id', '=', matchId)
      .where('sequence', '>', afterSequence)
      .orderBy('sequence')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ sequence: row.sequence, kind: row.kind, ballKey: row.ball_key, payload: row.payload as LiveEventRow['payload'] }));
  }

  /** The match's last event sequence; null for an unknown match. */
  async lastSequence(matchKey: string): Promise<number | null> {
    const row = await this.db.selectFrom('matches').select('live_sequence').where('match_key', '=', matchKey).executeTakeFirst();
    return row?.live_sequence ?? null;
  }

  /** The key of the match's latest delivery (lastBallKey). */
  lastBallKey(matchId: number): Promise<string | null> {
    return lastBallKey(this.db, matchId);
  }
}

/**
 * The key of the match's latest delivery, as the commentary keys it: innings, over, ball number
 * in the over (legal balls before it in the over, plus one), and its position among the match's
 * deliveries. Reads the latest innings' last few balls, not the whole match: the whole innings
 * only when its over in progress has more deliveries than that.
 */
async function lastBallKey(db: Kysely<Database>, matchId: number): Promise<string | null> {
  const latest = await readLastBalls(db, matchId, RECENT_BALLS_READ);
  if (!latest) return null;
  let deliveries = deliveriesOf({ people: latest.people, balls: latest.recent }, []);
  const delivery = deliveries.at(-1)!;
  // The over in progress must start inside what was read (or the read holds the whole innings).
  if (deliveries.length < latest.ball_count && deliveries[0]!.over === delivery.over) {
    const [innings] = await readStoredInnings(db, [matchId], latest.innings_no);
    deliveries = innings!.deliveries;
  }
  const legalBefore = deliveries.slice(0, -1).filter((other) => other.over === delivery.over && isLegalDelivery(other)).length;
  return ballKey(latest.innings_no, { over: delivery.over, ball: legalBefore + 1 }, latest.balls_before + latest.ball_count);
}
