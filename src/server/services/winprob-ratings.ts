// Team ratings and competition pars that follow results (issue 26, decision 039): the standing at
// the end of training (winprob-standing.json) moved by every stored result after it, in the
// trainer's order and with its filters, by the domain's update rules (domain/winprob-ratings.ts).
// Loaded once (the whole replay), then kept up to date from the change feed: a publication naming
// a match re-reads that match's result, so a completed match counts before the next match's
// probability is computed. A match is judged on the standing before it (every result that comes
// earlier in the trainer's order): a completed match keeps what it had at its start. So a match's
// own publication (every live ball publishes one) never moves the standing it is judged on: its
// win probability does not wait for that re-read (settledFor).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { FormatType } from '../domain/format-type.ts';
import { WIN_PROB_STANDING } from '../domain/winprob-model.ts';
import { competitionKey } from '../domain/winprob.ts';
import {
  compareResults, followResults, Standing, winProbFormatOf, type AOutcome, type FollowedResult, type StandingJson,
} from '../domain/winprob-ratings.ts';
import type { ChangeFeed } from '../feed/change-feed.ts';
import { tags } from '../feed/tags.ts';

/** A publication naming more matches than this (an import) re-reads every result. */
const REREAD_ALL_ABOVE = 200;
const MATCH_TAG = tags.match('');

/** A stored result, keyed by its match. */
export type StoredResult = FollowedResult & { key: string };

/** Where a match sits in the trainer's order. */
export type MatchPlace = Pick<FollowedResult, 'date' | 'id' | 'key'>;

/** Cricsheet's id orders a day's matches; a match made here (no numeric key) comes after them, by key. */
export function placeOf(key: string, date: string): MatchPlace {
  return { date, id: /^\d{1,15}$/.test(key) ? Number(key) : Number.MAX_SAFE_INTEGER, key };
}

/**
 * A match's place. A replay takes the start of the day of the match it replays: that match's
 * result (and the day's) must not count before it.
 */
export function placeOfMatch(match: { match_key: string; start_date: string; is_replay: boolean; replay_of_date?: string | null }): MatchPlace {
  return match.is_replay && match.replay_of_date ? { date: match.replay_of_date, id: -1, key: '' } : placeOf(match.match_key, match.start_date);
}

interface ResultRow {
  match_key: string;
  date: string;
  format_type: FormatType;
  gender: string;
  team_type: string;
  overs_limit: number | null;
  winner: 'a' | 'b' | null;
  eliminator: 'a' | 'b' | null;
  bowl_out: 'a' | 'b' | null;
  result: string | null;
  a_key: string;
  b_key: string;
  event_name: string | null;
  innings: number;
  first_runs: number | null;
}

/**
 * The trainer's filters (scripts/winprob/archive.ts trainingMatchOf) on a stored match: a kind the
 * models cover, six-ball overs, a winner (a super over's or a bowl-out's too), a tie, or a Test's
 * draw; limited overs with an overs limit and both innings.
 */
export function resultOf(row: ResultRow): StoredResult | null {
  const format = winProbFormatOf(row.format_type);
  if (!format || (row.gender !== 'male' && row.gender !== 'female')) return null;
  const winner = row.winner ?? row.eliminator ?? row.bowl_out;
  const outcome: AOutcome | null = winner ? (winner === 'a' ? 1 : 0) : row.result === 'tie' ? 0.5 : row.result === 'draw' && format === 'test' ? 'draw' : null;
  if (outcome === null || row.innings === 0) return null;
  if (format !== 'test' && (row.overs_limit === null || row.innings !== 2 || row.first_runs === null)) return null;
  return {
    ...placeOf(row.match_key, row.date),
    key: row.match_key,
    format,
    teams: { a: row.a_key, b: row.b_key },
    outcome,
    competition: competitionKey({ formatType: row.format_type, gender: row.gender, international: row.team_type === 'international', eventName: row.event_name }),
    firstInningsPace: format === 'test' ? null : row.first_runs! / (row.overs_limit! * 6),
  };
}

export interface RatingsFollowed {
  /** The last day of training (where the standing starts). */
  trainedThrough: string;
  /** Results counted since. */
  results: number;
  /** The day of the last result counted; null when none is stored after training. */
  lastResult: string | null;
}

export class WinProbRatings {
  private readonly start: Standing;
  private readonly results = new Map<string, StoredResult>();
  /** The standing after every result counted, and the last of them in the trainer's order. */
  private current: Standing;
  private last: StoredResult | null = null;
  private loaded = false;
  /** Loads and refreshes run one after another, in the order asked. */
  private queue: Promise<void> = Promise.resolve();
  /** Matches named by the refreshes queued or running, with how many of them name each; and reloads queued or running. */
  private readonly refreshing = new Map<string, number>();
  private reloading = 0;
  /** Bumped whenever the standing changes: what was computed from an older one is stale. */
  version = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly standing: StandingJson = WIN_PROB_STANDING,
  ) {
    this.start = Standing.fromJson(standing);
    this.current = this.start;
  }

  /** Reads every stored result after training and replays them; returns the results counted. */
  load(): Promise<number> {
    return this.enqueue(async () => {
      const rows = await this.read(null);
      this.results.clear();
      for (const row of rows) {
        const result = resultOf(row);
        if (result) this.results.set(result.key, result);
      }
      this.loaded = true;
      this.rebuild();
    }).then(() => this.results.size);
  }

  /** Follows the change feed: a publication naming matches re-reads their results; returns the unsubscribe. */
  follow(feed: ChangeFeed): () => void {
    return feed.subscribe((published) => {
      // Before the first load there is nothing to correct: the load reads what is committed then.
      if (!this.loaded) return;
      const keys = published.filter((tag) => tag.startsWith(MATCH_TAG)).map((tag) => tag.slice(MATCH_TAG.length));
      if (published.includes(tags.all) || keys.length > REREAD_ALL_ABOVE) {
        this.reloading += 1;
        void this.load()
          .catch(() => this.markStale())
          .finally(() => (this.reloading -= 1));
      } else if (keys.length > 0) {
        for (const key of keys) this.refreshing.set(key, (this.refreshing.get(key) ?? 0) + 1);
        void this.enqueue(() => this.refresh(keys))
          .catch(() => this.markStale())
          .finally(() => {
            for (const key of keys) {
              const left = this.refreshing.get(key)! - 1;
              if (left === 0) this.refreshing.delete(key);
              else this.refreshing.set(key, left);
            }
          });
      }
    });
  }

  /**
   * The standing a match is judged on (every result before it in the trainer's order), and the
   * day of the last of those results (the end of training when there is none).
   */
  async standingBefore(place: MatchPlace, matchKey = place.key ?? ''): Promise<{ standing: Standing; through: string }> {
    await this.settledFor(matchKey);
    if (this.last === null || compareResults(this.last, place) < 0) return { standing: this.current, through: this.last?.date ?? this.standing.through };
    const earlier = [...this.results.values()].filter((result) => compareResults(result, place) < 0).sort(compareResults);
    return { standing: followResults(this.start, earlier), through: earlier.at(-1)?.date ?? this.standing.through };
  }

  /** The results counted, in no order. */
  async counted(): Promise<StoredResult[]> {
    await this.settled();
    return [...this.results.values()];
  }

  async followed(): Promise<RatingsFollowed> {
    await this.settled();
    return { trainedThrough: this.standing.through, results: this.results.size, lastResult: this.last?.date ?? null };
  }

  /** Waits for the refreshes asked so far (loading first if nothing is loaded). */
  async settled(): Promise<void> {
    if (!this.loaded) await this.load();
    await this.queue;
  }

  /**
   * Waits for what may move the standing before match `matchKey`: every refresh asked so far but
   * those naming that match alone (its own result never counts before it), so a live ball's
   * probability waits on no query of its own publication.
   */
  async settledFor(matchKey: string): Promise<void> {
    if (!this.loaded || this.reloading > 0 || [...this.refreshing.keys()].some((key) => key !== matchKey)) await this.settled();
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** A refresh failed (the database away): the next reader reloads everything. */
  private markStale(): void {
    this.loaded = false;
  }

  /** Re-reads the named matches; a new result after the last counted one is followed, anything else replays all. */
  private async refresh(keys: readonly string[]): Promise<void> {
    const found = new Map((await this.read(keys)).flatMap((row) => {
      const result = resultOf(row);
      return result ? [[result.key, result] as const] : [];
    }));
    const appended: StoredResult[] = [];
    let replay = false;
    for (const key of new Set(keys)) {
      const before = this.results.get(key);
      const after = found.get(key);
      if (JSON.stringify(before) === JSON.stringify(after)) continue;
      if (after) this.results.set(key, after);
      else this.results.delete(key);
      if (!before && after && (this.last === null || compareResults(this.last, after) < 0)) appended.push(after);
      else replay = true;
    }
    if (replay) this.rebuild();
    else if (appended.length > 0) {
      // Copy on write: a standing handed out for a match keeps its numbers.
      this.current = followResults(this.current, appended);
      this.last = [...appended].sort(compareResults).at(-1)!;
      this.version += 1;
    }
  }

  private rebuild(): void {
    const all = [...this.results.values()];
    this.current = followResults(this.start, all);
    this.last = all.sort(compareResults).at(-1) ?? null;
    this.version += 1;
  }

  /** Completed matches after training that may count (every one, or the named ones), with what resultOf needs. */
  private async read(keys: readonly string[] | null): Promise<ResultRow[]> {
    if (keys !== null && keys.length === 0) return [];
    const rows = await sql<ResultRow>`
      select m.match_key, m.start_date::text as date, m.format_type, m.gender, m.team_type, m.overs_limit,
        m.winner, m.eliminator, m.bowl_out, m.result, ta.team_key as a_key, tb.team_key as b_key, t.event_name,
        (select count(*)::int from innings i where i.match_id = m.id and not i.super_over) as innings,
        (select i.runs from innings i where i.match_id = m.id and not i.super_over order by i.innings_no limit 1) as first_runs
      from counted_matches m
        join teams ta on ta.id = m.team_a_id
        join teams tb on tb.id = m.team_b_id
        join tournaments t on t.id = m.tournament_id
      where m.status = 'completed' and m.balls_per_over = 6 and m.start_date > ${this.standing.through}
        and m.format_type in ('t20i', 't20', 'odi', 'list_a', 'test')
        ${keys === null ? sql`` : sql`and m.match_key in (${sql.join(keys)})`}
    `.execute(this.db);
    return rows.rows;
  }
}
