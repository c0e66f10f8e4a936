// The live fan-out (docs/decisions/080-live-engine-only-writes.md): what the live engine
// committed, presented and pushed after the commit. The engine (live/engine.ts) writes a
// command's events through LiveMatchWriter, in the write's own transaction, and hands them here as
// committed; here each event's payload is made from the committed state (payloads.ts, the same
// read models as the HTTP API), pushed to the match's room (and its apps' and the home room)
// and filled into the log. An event whose payload was never filled in (the process stopped
// after the commit) is made again from the stored state when first read (catch-up). Also here:
// what a socket is sent on 'sub' (snapshot) and 'catchup', and the priming of matches in play.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Db } from '../db/client.ts';
import type { Database } from '../db/schema.ts';
import { createLiveEngine, type CommitListener, type Committed, type LiveEngine } from '../live/engine.ts';
import type { Services } from '../services/index.ts';
import { LiveEventLog, type LiveEventKind, type LiveEventRow } from '../store/live-events.ts';
import type { MatchObject } from '../wire/presenters/match.ts';
import {
  WORDING_LANGS,
  type AppCommentoryEvent,
  type CommentoryEvent,
  type LiveBallObject,
  type ScoreEvent,
  type WordingEvent,
  type WordingLang,
} from '../wire/schemas/realtime.ts';
import { LivePayloads } from './payloads.ts';

/** Where the events go: Socket.IO rooms in the server (match-broadcaster.ts), a recorder in tests. */
export interface Broadcaster {
  /** A match's event to its sockets; a 'commentory' to those of our pages only (apps hear toApps). */
  toMatch(matchKey: string, event: 'score' | 'commentory', payload: ScoreEvent | CommentoryEvent): void;
  toHome(event: 'card', payload: unknown): void;
  /** Whether apps of API origins may listen: only then are their 'commentory' snapshots made. */
  readonly appsListen?: boolean;
  /** A match's 'commentory' as its sockets of API origins hear it: a complete snapshot (decision 061). */
  toApps?(matchKey: string, event: 'commentory', payload: AppCommentoryEvent): void;
  /** A new ball's sentence in another language, to the match's pages in that language. */
  toLanguage?(matchKey: string, lang: WordingLang, payload: WordingEvent): void;
  /** Whether any page in that language may be following the match (its sentence is built only then). */
  languageListens?(matchKey: string, lang: WordingLang): boolean;
}

/** An event as a catching-up client is sent it again. */
export type LiveEvent = { event: 'score'; payload: ScoreEvent } | { event: 'commentory'; payload: CommentoryEvent };
/** An event of a match as it stands, sent to an app on 'sub' (its 'commentory' the apps' snapshot). */
export type SnapshotEvent = { event: 'score'; payload: ScoreEvent } | { event: 'commentory'; payload: AppCommentoryEvent };

/** Matches in play primed when a server starts (primeMatchesInPlay). */
export const MATCHES_PRIMED = 20;
/**
 * Events one catch-up sends at most (decision 058): about 50 balls, several minutes of play. A
 * client that missed more is told to reload the match, which costs one page (or one match
 * detail) rather than a replay of its log.
 */
export const CATCH_UP_WINDOW = 100;

/** The answer to a catch-up: the missed events, or the match's last sequence when more than CATCH_UP_WINDOW were missed. */
export type CatchUp = { kind: 'events'; events: LiveEvent[] } | { kind: 'reload'; sequence: number };

/** What sockets read of the live matches, besides the pushes. */
export interface LiveFeed {
  /** The match's events after `afterSequence`, oldest first (at most CATCH_UP_WINDOW). */
  eventsSince(matchKey: string, afterSequence: number): Promise<LiveEvent[]>;
  /** What a client that saw up to `afterSequence` is sent: the events after it, or 'reload' when they are too many. */
  catchUp(matchKey: string, afterSequence: number): Promise<CatchUp>;
  /**
   * A match in play as it stands: its 'score', then its 'commentory' as apps hear it (the latest
   * balls, AppCommentoryEvent), both with the last sequence (what a socket of an API origin hears
   * on 'sub'); empty for a match not in play or unknown.
   */
  snapshot(matchKey: string): Promise<SnapshotEvent[]>;
  /**
   * Builds the payloads of the matches in play (at most MATCHES_PRIMED, the latest), caching what
   * the match centre caches: a server started during play serves its first ball and the fans
   * coming back without cold caches, connections and code. Returns how many it primed.
   */
  primeMatchesInPlay(): Promise<number>;
}

/** The live engine's commands with the fan-out's reads: what the server, replays and tests use. */
export type Live = LiveEngine & LiveFeed;

export interface LiveOptions {
  db: Db;
  services: Services;
  broadcaster: Broadcaster;
  logger?: Pick<FastifyBaseLogger, 'error' | 'info'>;
}

/** The live engine writing, its committed events fanned out here. */
export function createLive(options: LiveOptions): Live {
  const fanOut = new LiveFanOut(options);
  // The feed drops this process's caches as it is called; the ball's events need not wait for
  // the message to the other processes (a round trip to the transport) to be sent.
  const publish = (tags: string[]) => void options.services.feed.publish(tags);
  const engine = createLiveEngine({ db: options.db, publish, listener: fanOut, ...(options.logger ? { logger: options.logger } : {}) });
  const feed: LiveFeed = {
    eventsSince: (matchKey, afterSequence) => fanOut.eventsSince(matchKey, afterSequence),
    catchUp: (matchKey, afterSequence) => fanOut.catchUp(matchKey, afterSequence),
    snapshot: (matchKey) => fanOut.snapshot(matchKey),
    primeMatchesInPlay: () => fanOut.primeMatchesInPlay(),
  };
  return Object.assign(engine, feed);
}

/** The socket event each kind is emitted as. */
function socketEventOf(kind: LiveEventKind): 'score' | 'commentory' {
  return kind === 'state' ? 'score' : 'commentory';
}

export class LiveFanOut implements CommitListener, LiveFeed {
  private readonly log: LiveEventLog;
  private readonly payloads: LivePayloads;
  private readonly broadcaster: Broadcaster;
  private readonly logger: LiveOptions['logger'];
  private readonly db: Kysely<Database>;

  constructor(options: LiveOptions) {
    this.log = new LiveEventLog(options.db);
    this.payloads = new LivePayloads(options.services);
    this.broadcaster = options.broadcaster;
    this.logger = options.logger;
    this.db = options.db.kysely;
  }

  async draftDeleted(matchKey: string, ballKey: string): Promise<Record<string, unknown>> {
    const ball = await this.payloads.liveBall(matchKey, ballKey);
    if (!ball) throw new Error(`ball ${ballKey} of ${matchKey} is not in its commentary`);
    const deleted: LiveBallObject = { ...ball, is_delete: true, update_reason: 'undo', updated_time: Date.now() };
    return { commentory: [deleted] };
  }

  /**
   * Makes the committed events' payloads, pushes them, then fills them into the log; the writes
   * stand even if this fails. A ball's 'commentory' goes first, made from the ball (its draft for
   * a deleted one, else read from the committed state) and the live state alone (decision 029):
   * the match object, which the 'score' event and the home card need, is read after it is pushed,
   * and the log's rows are filled after every push (a client catching up in between gets the
   * event made again from the stored state). A new or corrected ball's sentence goes to pages in
   * other languages last, not awaited.
   */
  async committed({ matchId, matchKey, events, correction = false }: Committed): Promise<boolean> {
    if (events.length === 0) {
      // A new fixture: its card alone.
      await this.pushCard(matchKey, 0);
      return true;
    }
    let filled = false;
    try {
      const payloads: (ScoreEvent | CommentoryEvent)[] = [];
      let matchObject: MatchObject | null = null;
      for (const event of events) {
        const row: LiveEventRow = { sequence: event.sequence, kind: event.kind, ballKey: event.ballKey, payload: event.draft ?? null };
        let payload: ScoreEvent | CommentoryEvent;
        if (row.kind === 'state') {
          matchObject ??= await this.payloads.matchObject(matchKey);
          payload = await this.payloadOf(matchKey, row, matchObject, matchId);
        } else {
          if (correction) row.payload = await this.correctionDraft(matchKey, row.ballKey!);
          payload = await this.payloadOf(matchKey, row, null, matchId);
        }
        this.broadcaster.toMatch(matchKey, socketEventOf(row.kind), payload);
        if (row.kind !== 'state') await this.toApps(payload as CommentoryEvent);
        payloads.push(payload);
      }
      matchObject ??= await this.payloads.matchObject(matchKey);
      this.broadcaster.toHome('card', this.payloads.card({ match_key: matchKey, sequence: events.at(-1)!.sequence }, matchObject));
      filled = (await this.log.fill(matchId, events.map((event, index) => ({ sequence: event.sequence, payload: payloads[index]! })))) === events.length;
    } catch (error) {
      // Caught-up clients get the events rebuilt from the stored state (eventsSince).
      this.logger?.error({ err: error, match_key: matchKey }, 'live events could not be pushed');
    }
    for (const event of events) if (event.kind === 'ball') void this.toLanguages(matchKey, event.ballKey!);
    return filled;
  }

  async eventsSince(matchKey: string, afterSequence: number): Promise<LiveEvent[]> {
    const match = await this.db.selectFrom('matches').select('id').where('match_key', '=', matchKey).executeTakeFirst();
    if (!match) return [];
    const rows = await this.log.since(match.id, afterSequence, CATCH_UP_WINDOW);
    const events: LiveEvent[] = [];
    for (const row of rows) {
      const payload = row.payload && 'sequence' in row.payload ? row.payload : await this.rebuild(match.id, matchKey, row);
      events.push({ event: socketEventOf(row.kind), payload } as LiveEvent);
    }
    return events;
  }

  async catchUp(matchKey: string, afterSequence: number): Promise<CatchUp> {
    // Sequences are consecutive: the gap is known from the counter alone, without reading the log.
    const last = await this.log.lastSequence(matchKey);
    if (last !== null && last - afterSequence > CATCH_UP_WINDOW) return { kind: 'reload', sequence: last };
    return { kind: 'events', events: await this.eventsSince(matchKey, afterSequence) };
  }

  async snapshot(matchKey: string): Promise<SnapshotEvent[]> {
    const match = await this.db.selectFrom('matches').select(['id', 'status', 'live_sequence']).where('match_key', '=', matchKey).executeTakeFirst();
    if (match?.status !== 'started') return [];
    const sequence = match.live_sequence;
    const events: SnapshotEvent[] = [
      { event: 'score', payload: await this.payloads.score({ match_key: matchKey, sequence }, await this.payloads.matchObject(matchKey)) },
    ];
    const lastBall = await this.log.lastBallKey(match.id);
    if (lastBall !== null) {
      const payload = await this.payloadOf(matchKey, { sequence, kind: 'ball', ballKey: lastBall, payload: null }, null);
      events.push({ event: 'commentory', payload: await this.payloads.appCommentory(payload as CommentoryEvent) });
    }
    return events;
  }

  async primeMatchesInPlay(): Promise<number> {
    const rows = await this.db
      .selectFrom('matches')
      .select(['id', 'match_key', 'live_sequence'])
      .where('play_status', '<>', 'result')
      .where('status', '=', 'started')
      .orderBy('id', 'desc')
      .limit(MATCHES_PRIMED)
      .execute();
    for (const { id, match_key: matchKey, live_sequence: sequence } of rows) {
      const matchObject = await this.payloads.matchObject(matchKey);
      await this.payloads.score({ match_key: matchKey, sequence }, matchObject);
      const lastBall = await this.log.lastBallKey(id);
      if (lastBall !== null) await this.payloadOf(matchKey, { sequence, kind: 'ball', ballKey: lastBall, payload: null }, null);
    }
    return rows.length;
  }

  /** A corrected ball as stored after the commit, saying why it comes again; null (made as any ball) when it is not found. */
  private async correctionDraft(matchKey: string, ballKey: string): Promise<Record<string, unknown> | null> {
    const corrected = await this.payloads.liveBall(matchKey, ballKey);
    return corrected && { commentory: [{ ...corrected, update_reason: 'correction' }] };
  }

  /** An event's 'commentory' to the match's apps, as the complete snapshot they replace their list with; a failure is theirs alone. */
  private async toApps(event: CommentoryEvent): Promise<void> {
    if (!this.broadcaster.appsListen || !this.broadcaster.toApps) return;
    try {
      this.broadcaster.toApps(event.match_key, 'commentory', await this.payloads.appCommentory(event));
    } catch (error) {
      this.logger?.error({ err: error, match_key: event.match_key }, "apps' commentory could not be pushed");
    }
  }

  /**
   * A new ball's sentence in each other language our pages are read in, after its events went
   * out: a Hindi page replaces the English sentence of the ball it has just shown. Built from the
   * commentary the Hindi page renders (cached until the next ball), once per ball however many
   * listen, and not at all while none does; a failure costs only the sentence (the page shows the
   * English one).
   */
  private async toLanguages(matchKey: string, ballKey: string): Promise<void> {
    if (!this.broadcaster.toLanguage) return;
    for (const lang of WORDING_LANGS) {
      if (this.broadcaster.languageListens?.(matchKey, lang) === false) continue;
      try {
        const wording = await this.payloads.wording(matchKey, ballKey, lang);
        if (wording) this.broadcaster.toLanguage(matchKey, lang, wording);
      } catch (error) {
        this.logger?.error({ err: error, match_key: matchKey, lang }, 'a ball could not be worded');
      }
    }
  }

  private async pushCard(matchKey: string, sequence: number): Promise<void> {
    try {
      const matchObject = await this.payloads.matchObject(matchKey);
      this.broadcaster.toHome('card', this.payloads.card({ match_key: matchKey, sequence }, matchObject));
    } catch (error) {
      this.logger?.error({ err: error, match_key: matchKey }, 'home card could not be pushed');
    }
  }

  /**
   * The payload of a committed event, from the committed state (and the draft the event was
   * logged with). A 'score' needs the match object; a 'commentory' reads the live state alone.
   */
  private async payloadOf(matchKey: string, row: LiveEventRow, matchObject: MatchObject | null, matchId?: number): Promise<ScoreEvent | CommentoryEvent> {
    const header = { match_key: matchKey, sequence: row.sequence };
    if (row.kind === 'state') return this.payloads.score(header, matchObject ?? (await this.payloads.matchObject(matchKey)));
    const drafted = (row.payload as { commentory?: LiveBallObject[] } | null)?.commentory?.[0];
    // With the match's id (a commit's, the log's), the ball's and the live state's reads go out with the match row's (decision 086).
    const [ball, live] = await Promise.all([drafted ?? this.payloads.liveBall(matchKey, row.ballKey!, matchId), this.payloads.live(matchKey, matchId)]);
    if (!ball) throw new Error(`ball ${row.ballKey} of ${matchKey} is neither stored nor drafted`);
    return this.payloads.commentory(header, ball, live);
  }

  /** An event whose payload was never filled in (the process stopped after the commit). */
  private async rebuild(matchId: number, matchKey: string, row: LiveEventRow): Promise<ScoreEvent | CommentoryEvent> {
    const payload = await this.payloadOf(matchKey, row, null, matchId);
    await this.log.fill(matchId, [{ sequence: row.sequence, payload }]);
    return payload;
  }
}
