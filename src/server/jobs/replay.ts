// Replays: a stored match played again as a live match, ball by ball through the live engine,
// at a chosen speed (docs/decisions/025-live-engine-and-events.md). The replay is a match of
// its own, marked is_replay with replay_of the source's key, so it is never taken for real play.
//
// A replay can be resumed: its balls carry idempotency keys made from their place in the source
// ('replay:<innings>:<seq>'), so playing it again skips what is stored and goes on from there.
//
// ReplayKeeper keeps LIVE_REPLAYS replays of recent real matches running while no scorer is
// scoring a match live, starting another when one ends. Only one process of those sharing a
// database runs it: the one holding a PostgreSQL advisory lock (PGlite has one process anyway).
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { anyInteger } from '../db/any-of.ts';
import type { Db } from '../db/client.ts';
import type { Database, MatchFormat, TeamSide } from '../db/schema.ts';
import { ballsToOvers } from '../domain/overs.ts';
import { isDuckworthLewis } from '../domain/result.ts';
import type { Delivery } from '../domain/types.ts';
import { Conflict } from '../errors.ts';
import type { LiveEngine } from '../live/engine.ts';
import type { CricsheetBall } from '../live/cricsheet-ball.ts';
import { readStoredInnings, type StoredInnings } from '../store/stored-deliveries.ts';

/** Speed in balls per minute; 0 plays as fast as the engine writes. */
export interface ReplaySpeed {
  ballsPerMinute: number;
}

export interface ReplayOptions extends ReplaySpeed {
  signal?: AbortSignal;
  /** Called after each ball written (not after one skipped on resume). */
  onBall?: (ballKey: string) => void;
}

interface SourceMatch {
  id: number;
  key: string;
  tournamentName: string;
  teamNames: Record<TeamSide, string>;
  venue: { name: string; city: string } | null;
  format: MatchFormat;
  matchType: string;
  oversLimit: number | null;
  ballsPerOver: number;
  gender: 'male' | 'female';
  toss: { winner: TeamSide; decision: 'bat' | 'field' } | null;
  squads: Record<TeamSide, string[]>;
  playerOfMatch: string[];
  /** The rain rule that revised the chase's target (Cricsheet's 'D/L'), if any. */
  method: string | null;
  /** Its place in its event: the replay keeps it. */
  event: { matchNumber: number | null; group: string | null; stage: string | null };
}

async function loadSource(db: Kysely<Database>, matchKey: string): Promise<SourceMatch | null> {
  const row = await db
    .selectFrom('matches as m')
    .innerJoin('tournaments as t', 't.id', 'm.tournament_id')
    .leftJoin('venues as v', 'v.id', 'm.venue_id')
    .select([
      'm.id', 't.name as tou_name', 'm.team_a_name', 'm.team_b_name', 'v.name as venue_name', 'v.city as venue_city', 'm.format', 'm.match_type',
      'm.overs_limit', 'm.balls_per_over', 'm.gender', 'm.toss_winner', 'm.toss_decision', 'm.method',
      'm.event_match_number', 'm.event_group', 'm.event_stage',
    ])
    .where('m.match_key', '=', matchKey)
    .executeTakeFirst();
  if (!row) return null;
  const players = await db
    .selectFrom('match_players as mp')
    .innerJoin('people as p', 'p.id', 'mp.person_id')
    .select(['mp.team', 'p.registry_id'])
    .where('mp.match_id', '=', row.id)
    .orderBy('mp.team')
    .orderBy('mp.position')
    .execute();
  const awards = await db
    .selectFrom('player_of_match as pm')
    .innerJoin('people as p', 'p.id', 'pm.person_id')
    .select('p.registry_id')
    .where('pm.match_id', '=', row.id)
    .orderBy('pm.position')
    .execute();
  return {
    id: row.id,
    key: matchKey,
    tournamentName: row.tou_name,
    teamNames: { a: row.team_a_name, b: row.team_b_name },
    venue: row.venue_name === null ? null : { name: row.venue_name, city: row.venue_city ?? '' },
    format: row.format,
    matchType: row.match_type,
    oversLimit: row.overs_limit,
    ballsPerOver: row.balls_per_over,
    gender: row.gender as SourceMatch['gender'],
    toss: row.toss_winner && (row.toss_decision === 'bat' || row.toss_decision === 'field') ? { winner: row.toss_winner, decision: row.toss_decision } : null,
    squads: { a: players.filter((p) => p.team === 'a').map((p) => p.registry_id), b: players.filter((p) => p.team === 'b').map((p) => p.registry_id) },
    playerOfMatch: awards.map((award) => award.registry_id),
    method: isDuckworthLewis(row.method) ? row.method : null,
    event: { matchNumber: row.event_match_number, group: row.event_group, stage: row.event_stage },
  };
}

/** A stored delivery as a live ball: people ids back to keys, its over kept. */
function liveBallOf(delivery: Delivery, keyOf: (id: string) => string): CricsheetBall {
  const { extras } = delivery;
  const extrasGiven = Object.fromEntries(Object.entries(extras).filter(([, runs]) => runs > 0));
  return {
    batter: keyOf(delivery.batter),
    non_striker: keyOf(delivery.nonStriker),
    bowler: keyOf(delivery.bowler),
    runs: { batter: delivery.runsBatter, extras: delivery.runsExtras, total: delivery.runsTotal, ...(delivery.nonBoundary ? { non_boundary: true } : {}) },
    ...(Object.keys(extrasGiven).length > 0 ? { extras: extrasGiven } : {}),
    ...(delivery.wickets.length > 0
      ? {
          wickets: delivery.wickets.map((wicket) => ({
            player_out: keyOf(wicket.playerOut),
            kind: wicket.kind,
            ...(wicket.fielders.length > 0
              ? {
                  fielders: wicket.fielders.map((fielder) => ({
                    ...(fielder.id === null ? {} : { key: keyOf(fielder.id) }),
                    ...(fielder.id === null && fielder.name !== null ? { name: fielder.name } : {}),
                    ...(fielder.substitute ? { substitute: true } : {}),
                  })),
                }
              : {}),
          })),
        }
      : {}),
    over: delivery.over,
  };
}

async function keysOfPeople(db: Kysely<Database>, innings: readonly StoredInnings[]): Promise<(id: string) => string> {
  const ids = new Set<number>();
  for (const inn of innings) {
    for (const delivery of inn.deliveries) {
      ids.add(Number(delivery.batter)).add(Number(delivery.nonStriker)).add(Number(delivery.bowler));
      for (const wicket of delivery.wickets) {
        ids.add(Number(wicket.playerOut));
        for (const fielder of wicket.fielders) if (fielder.id !== null) ids.add(Number(fielder.id));
      }
    }
  }
  const rows = await db.selectFrom('people').select(['id', 'registry_id']).where('id', '=', anyInteger([...ids])).execute();
  const keys = new Map(rows.map((row) => [String(row.id), row.registry_id]));
  return (id) => {
    const key = keys.get(id);
    if (key === undefined) throw new Error(`no person ${id}`);
    return key;
  };
}

/** Creates the replay of a stored match (not started); returns its key. */
export async function createReplay(db: Db, engine: LiveEngine, sourceKey: string): Promise<string> {
  const source = await loadSource(db.kysely, sourceKey);
  if (!source) throw new Error(`no match ${sourceKey}`);
  const { matchKey } = await engine.createFixture({
    tournament: { name: `Replay: ${source.tournamentName}` },
    teams: [{ name: source.teamNames.a }, { name: source.teamNames.b }],
    ...(source.venue ? { venue: source.venue } : {}),
    startAt: new Date(),
    format: source.format,
    matchType: source.matchType,
    oversLimit: source.oversLimit,
    ballsPerOver: source.ballsPerOver,
    gender: source.gender,
    source: 'replay',
    isReplay: true,
    replayOf: sourceKey,
    // Titled as the match it replays ('Final', 'Match 12'), not 'Only Match' of its own event.
    event: source.event,
    squads: { a: source.squads.a.map((key) => ({ key })), b: source.squads.b.map((key) => ({ key })) },
  });
  return matchKey;
}

/**
 * Plays (or goes on playing) the replay `replayKey` of `sourceKey` to its end: toss, every
 * innings ball by ball at the given speed, the result. Resolves early when the signal aborts.
 */
export async function playReplay(db: Db, engine: LiveEngine, sourceKey: string, replayKey: string, options: ReplayOptions): Promise<void> {
  const source = await loadSource(db.kysely, sourceKey);
  if (!source) throw new Error(`no match ${sourceKey}`);
  const replay = await db.kysely.selectFrom('matches').select(['id', 'status', 'toss_winner']).where('match_key', '=', replayKey).executeTakeFirst();
  if (!replay) throw new Error(`no match ${replayKey}`);
  if (replay.status === 'completed') return;
  const innings = await readStoredInnings(db.kysely, [source.id]);
  const keyOf = await keysOfPeople(db.kysely, innings);
  const pause = options.ballsPerMinute > 0 ? 60_000 / options.ballsPerMinute : 0;
  const aborted = () => options.signal?.aborted === true;

  if (source.toss && replay.toss_winner === null) await engine.setToss(replayKey, source.toss);
  for (const [index, inn] of innings.entries()) {
    if (aborted()) return;
    const inningsNo = index + 1;
    const played = await inningsOpen(db.kysely, replay.id, inningsNo);
    if (played && !played.open) continue;
    const facts = await db.kysely
      .selectFrom('innings')
      .select(['target_runs', 'target_balls', 'declared'])
      .where('match_id', '=', source.id)
      .where('innings_no', '=', inn.inningsNo)
      .executeTakeFirst();
    if (!played) {
      const target =
        facts?.target_runs != null && facts.target_balls != null
          ? { runs: facts.target_runs, overs: oversNumber(facts.target_balls, source.ballsPerOver) }
          : undefined;
      // A rain-rule target is the umpires' revision, as a scorer types it in; the result then names the method.
      if (target && source.method !== null) await engine.setRevisedTarget(replayKey, target);
      await engine.startInnings(replayKey, { battingSide: inn.battingTeam, ...(target && source.method === null ? { target } : {}) });
    }
    const open = async () => {
      const row = await inningsOpen(db.kysely, replay.id, inningsNo);
      return row?.open === true;
    };
    for (const [seq, delivery] of inn.deliveries.entries()) {
      if (aborted()) return;
      let recorded;
      try {
        recorded = await engine.recordBall(replayKey, liveBallOf(delivery, keyOf), { idempotencyKey: `replay:${inningsNo}:${seq + 1}` });
      } catch (error) {
        // The rules closed the innings before the source's last ball (an umpire's seven-ball last over): the rest is not played.
        if (error instanceof Conflict && !(await open())) break;
        throw error;
      }
      if (recorded.duplicate) continue;
      options.onBall?.(recorded.ballKey);
      if (pause > 0) await sleep(pause, undefined, options.signal ? { signal: options.signal } : {}).catch(() => undefined);
    }
    if (aborted()) return;
    if (inn.penaltyRunsPost > 0) await engine.addPenaltyRuns(replayKey, { side: inn.battingTeam, runs: inn.penaltyRunsPost });
    // The rules close an innings all out, out of overs or past its target; the source's others ended by hand.
    if (index < innings.length - 1 && (await open())) await engine.endInnings(replayKey, { declared: facts?.declared ?? false });
  }
  // The deciding ball completed the match with its result, or (a draw, a rain-stopped chase) this does; the award comes with it.
  if (!aborted()) await engine.completeMatch(replayKey, { playerOfMatch: source.playerOfMatch });
}

/** Overs as the engine takes them (e.g. 19.4) from legal balls. */
function oversNumber(balls: number, ballsPerOver: number): number {
  const [overs, rest] = ballsToOvers(balls, ballsPerOver);
  return overs + rest / 10;
}

/** Replays a stored match from the start to the end; returns the replay's key. */
export async function replayMatch(db: Db, engine: LiveEngine, sourceKey: string, options: ReplayOptions): Promise<string> {
  const replayKey = await createReplay(db, engine, sourceKey);
  await playReplay(db, engine, sourceKey, replayKey, options);
  return replayKey;
}

export interface ReplayKeeperOptions extends ReplaySpeed {
  db: Db;
  engine: LiveEngine;
  /** Replays to keep running (LIVE_REPLAYS); 0: none. */
  count: number;
  /** PostgreSQL's URL, for the advisory lock that elects the one process running replays. */
  databaseUrl?: string | undefined;
  logger?: { info(object: object, message: string): void; error(object: object, message: string): void };
  /** How often to look again (for a free slot, a scorer's match ending, the lock). Default 30 s. */
  checkEveryMs?: number;
}

/** Any number: the advisory lock of the replay keeper among the processes of one database. */
const REPLAY_LOCK = 0x6372_6570; // 'crep'
/** Real matches a new replay is picked from: the most recent completed ones. */
const RECENT_CANDIDATES = 20;

export class ReplayKeeper {
  private readonly abort = new AbortController();
  private readonly running = new Map<string, Promise<void>>();
  private lockClient: pg.Client | null = null;
  private loop: Promise<void> | null = null;

  constructor(private readonly options: ReplayKeeperOptions) {}

  start(): void {
    if (this.options.count <= 0 || this.loop) return;
    this.loop = this.run().catch((error: unknown) => this.options.logger?.error({ err: error }, 'replays stopped'));
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.loop;
    await Promise.all(this.running.values());
    await this.lockClient?.end().catch(() => undefined);
  }

  private async run(): Promise<void> {
    const { signal } = this.abort;
    const every = this.options.checkEveryMs ?? 30_000;
    while (!signal.aborted) {
      try {
        if (await this.holdsLock()) await this.fillSlots();
      } catch (error) {
        this.options.logger?.error({ err: error }, 'replays: a check failed');
      }
      await sleep(every, undefined, { signal }).catch(() => undefined);
    }
  }

  /** Whether this process runs the replays (always, on PGlite). */
  private async holdsLock(): Promise<boolean> {
    if (!this.options.databaseUrl) return true;
    if (!this.lockClient) {
      const client = new pg.Client({ connectionString: this.options.databaseUrl });
      // A dropped connection releases the lock: another process takes over at its next check.
      client.on('error', () => {
        if (this.lockClient === client) this.lockClient = null;
      });
      await client.connect();
      // A session lock lives as long as its connection: this one, outside Kysely's pool.
      const [row] = (await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [REPLAY_LOCK])).rows;
      if (!row?.locked) {
        await client.end();
        return false;
      }
      this.lockClient = client;
    }
    return true;
  }

  private async fillSlots(): Promise<void> {
    const db = this.options.db.kysely;
    // A scorer's match in play is what the site is for: no new replay beside it.
    const scoring = await db
      .selectFrom('matches')
      .select(sql<number>`count(*)::int`.as('live'))
      .where('source', 'in', ['scorer', 'ingest'])
      .where('status', '=', 'started')
      .executeTakeFirst();
    if ((scoring?.live ?? 0) > 0) return;
    // Replays left unfinished by an earlier run go on first.
    const unfinished = await unfinishedReplays(db).select('match_key').orderBy('id').execute();
    for (const replay of unfinished) {
      if (this.running.size >= this.options.count) return;
      if (!this.running.has(replay.match_key)) this.play(replay.replay_of, replay.match_key);
    }
    while (this.running.size < this.options.count) {
      const busy = [...this.running.keys()];
      const pick = await db
        .selectFrom((eb) =>
          eb
            .selectFrom('matches')
            .select('match_key')
            .where('source', '=', 'cricsheet')
            .where('status', '=', 'completed')
            .where('format', '=', 't20')
            .where((inner) => inner.exists(inner.selectFrom('innings as i').select(sql.lit(1).as('one')).whereRef('i.match_id', '=', 'matches.id')))
            .orderBy('start_date', 'desc')
            .orderBy('id', 'desc')
            .limit(RECENT_CANDIDATES)
            .as('recent'),
        )
        .select('recent.match_key')
        .where('recent.match_key', 'not in', unfinishedReplays(db))
        .orderBy(sql`random()`)
        .limit(1)
        .executeTakeFirst();
      if (!pick || busy.includes(pick.match_key)) return;
      const replayKey = await createReplay(this.options.db, this.options.engine, pick.match_key);
      this.play(pick.match_key, replayKey);
    }
  }

  private play(sourceKey: string, replayKey: string): void {
    this.options.logger?.info({ match_key: replayKey, replay_of: sourceKey }, 'replay started');
    const done = playReplay(this.options.db, this.options.engine, sourceKey, replayKey, {
      ballsPerMinute: this.options.ballsPerMinute,
      signal: this.abort.signal,
    })
      .then(() => {
        if (!this.abort.signal.aborted) this.options.logger?.info({ match_key: replayKey }, 'replay ended');
      })
      .catch((error: unknown) => this.options.logger?.error({ err: error, match_key: replayKey }, 'replay failed'))
      .finally(() => this.running.delete(replayKey));
    this.running.set(replayKey, done);
  }
}

/** Whether the innings is open (undefined: not started). */
function inningsOpen(db: Kysely<Database>, matchId: number, inningsNo: number) {
  return db
    .selectFrom('innings')
    .select((eb) => eb('tally', 'is not', null).$castTo<boolean>().as('open'))
    .where('match_id', '=', matchId)
    .where('innings_no', '=', inningsNo)
    .executeTakeFirst();
}

/** Replays not played to their end, with the key of the match each replays. */
function unfinishedReplays(db: Kysely<Database>) {
  return db
    .selectFrom('matches')
    .select('replay_of')
    .where('is_replay', '=', true)
    .where('status', '<>', 'completed')
    .where('replay_of', 'is not', null)
    .$narrowType<{ replay_of: string }>();
}
