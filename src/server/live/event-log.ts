// The event log of live matches (table live_events): every event pushed to a match's room, with
// a sequence number consecutive per match (matches.live_sequence is the last one given). A
// client that missed events asks for those after its last sequence ('catchup').
//
// A ball and its events commit together: the events' rows are written inside the transaction
// of the MatchWriter's own write (see `within`), so a crash can never leave a ball without its
// event, nor an event without its ball. The payloads are made from the committed state (the
// services' read models), so they are filled in just after the commit; an event whose payload
// is still missing (the process stopped in between) is made again from the stored state when
// it is first read.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { BulkTransaction, Db } from '../db/client.ts';
import { queryRows } from '../store/stored-deliveries.ts';

/** 'ball': a ball written; 'ball_deleted': a ball taken back; 'state': the score or state changed. */
export type LiveEventKind = 'ball' | 'ball_deleted' | 'state';

export interface LiveEventRow {
  sequence: number;
  kind: LiveEventKind;
  ballKey: string | null;
  /** The payload as emitted (it has a sequence); before it is filled in after the commit, the draft or null. */
  payload: Record<string, unknown> | null;
}

/** The socket event each kind is emitted as. */
export function socketEventOf(kind: LiveEventKind): 'score' | 'commentory' {
  return kind === 'state' ? 'score' : 'commentory';
}

export interface NewEvent {
  kind: LiveEventKind;
  ballKey: string | null;
  /** Part of the payload known before the write (a deleted ball, which the write takes away). */
  draft?: Record<string, unknown>;
}

/** Work to run inside the next transaction of a write; it runs once. */
interface PendingWork {
  run: (tx: BulkTransaction) => Promise<void>;
  done: boolean;
}

export class EventLog {
  private readonly pending = new AsyncLocalStorage<PendingWork>();
  /**
   * The database for the engine's MatchWriter: its transactions also run the work `within`
   * gave, just before they commit. (The writer's methods own their transaction; this shares it
   * without widening each method's signature.)
   */
  readonly writerDb: Db;

  constructor(private readonly db: Db) {
    this.writerDb = {
      ...db,
      bulkTransaction: (fn) =>
        db.bulkTransaction(async (tx) => {
          const result = await fn(tx);
          const work = this.pending.getStore();
          if (work && !work.done) {
            work.done = true;
            await work.run(tx);
          }
          return result;
        }),
    };
  }

  /**
   * Runs `write` (a MatchWriter call over writerDb); `inTransaction` runs inside its first
   * transaction, after the write's own statements. Throws when the write made no transaction.
   */
  async within<T>(inTransaction: (tx: BulkTransaction) => Promise<void>, write: () => Promise<T>): Promise<T> {
    const work: PendingWork = { run: inTransaction, done: false };
    const result = await this.pending.run(work, write);
    if (!work.done) throw new Error('the write committed no transaction for its events');
    return result;
  }

  /** Appends events to a match's log inside `tx`; returns the first sequence given. */
  async append(tx: BulkTransaction, matchId: number, events: readonly NewEvent[]): Promise<number> {
    // One statement (one round trip inside the ball's transaction): the counter moved, the rows written.
    const rows = await tx.query<{ sequence: number }>(
      `with moved as (update matches set live_sequence = live_sequence + $2 where id = $1 returning live_sequence)
       insert into live_events (match_id, sequence, kind, ball_key, payload)
       select $1, moved.live_sequence - $2 + event.position, event.kind, event.ball_key, event.payload::jsonb
       from moved, unnest($3::text[], $4::text[], $5::text[]) with ordinality as event(kind, ball_key, payload, position)
       returning sequence`,
      [matchId, events.length, events.map((event) => event.kind), events.map((event) => event.ballKey), events.map((event) => JSON.stringify(event.draft ?? null))],
    );
    if (rows.length !== events.length) throw new Error(`no match ${matchId}`);
    return Math.min(...rows.map((row) => row.sequence));
  }

  /** Fills in the payloads of events after their commit, in one statement (one commit); returns how many rows it filled. */
  async fill(matchId: number, filled: readonly { sequence: number; payload: object }[]): Promise<number> {
    const rows = await queryRows(this.db.kysely)<{ sequence: number }>(
      `update live_events e set payload = f.payload::jsonb from unnest($2::integer[], $3::text[]) as f(sequence, payload)
       where e.match_id = $1 and e.sequence = f.sequence returning e.sequence`,
      [matchId, filled.map((row) => row.sequence), filled.map((row) => JSON.stringify(row.payload))],
    );
    return rows.length;
  }

  /**
   * Resolves once every transaction committed before it is on disk, also those committed with
   * synchronous_commit off: it commits a transaction that takes an id (a commit record) with
   * synchronous_commit on, and PostgreSQL flushes its log up to that record, after every earlier one.
   */
  async durable(): Promise<void> {
    await queryRows(this.db.kysely)('select txid_current()', []);
  }

  /** The events after `afterSequence`, oldest first, at most `limit`. */
  async since(matchId: number, afterSequence: number, limit: number): Promise<LiveEventRow[]> {
    const rows = await queryRows(this.db.kysely)<{ sequence: number; kind: LiveEventKind; ball_key: string | null; payload: Record<string, unknown> | null }>(
      'select sequence, kind, ball_key, payload from live_events where match_id = $1 and sequence > $2 order by sequence limit $3',
      [matchId, afterSequence, limit],
    );
    return rows.map((row) => ({ sequence: row.sequence, kind: row.kind, ballKey: row.ball_key, payload: row.payload }));
  }
}
