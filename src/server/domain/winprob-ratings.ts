// Team ratings and competition pars, and how each result moves them (decision 039). One
// implementation for the trainer (ratings before each training match), the online study and the
// server, which starts from the standing at the end of training (winprob-standing.json) and
// follows every stored result after it, in the trainer's order, before the next match is judged.
import type { FormatType } from './format-type.ts';
import { parIn, ratingKey, type WinProbFormat } from './winprob.ts';

export const START_RATING = 1500;
/** A competition's par is the mean over its last this many first innings... */
export const PAR_WINDOW = 60;
/** ...and needs this many before it counts (else its kind's par answers). */
export const PAR_MINIMUM = 10;

export interface TeamRating {
  rating: number;
  /** Results counted for the side in this format (its first ten move it faster). */
  games: number;
}

/** Elo's K: 48 for a side's first ten results (its rating is still a guess), then 24. */
export function kFactor(games: number): number {
  return games < 10 ? 48 : 24;
}

/** One result: scoreA 1 when a won, 0 when b won, 0.5 for a tie or a draw. */
export function eloUpdate(a: TeamRating, b: TeamRating, scoreA: number): { a: TeamRating; b: TeamRating } {
  const expected = 1 / (1 + 10 ** ((b.rating - a.rating) / 400));
  const change = scoreA - expected;
  return {
    a: { rating: a.rating + kFactor(a.games) * change, games: a.games + 1 },
    b: { rating: b.rating - kFactor(b.games) * change, games: b.games + 1 },
  };
}

/** The window with a first innings' pace added, the oldest dropped beyond PAR_WINDOW. */
export function windowWith(window: readonly number[], pace: number): number[] {
  const next = [...window, pace];
  return next.length > PAR_WINDOW ? next.slice(next.length - PAR_WINDOW) : next;
}

/** A window's mean, rounded to 4 decimals as the model stores pars; null below PAR_MINIMUM values. */
export function windowMean(window: readonly number[] | undefined): number | null {
  if (!window || window.length < PAR_MINIMUM) return null;
  return Math.round((window.reduce((sum, value) => sum + value, 0) / window.length) * 10_000) / 10_000;
}

/** Elo ratings in pools keyed by the caller; a side never seen starts at START_RATING. */
export class Elo {
  private readonly ratings = new Map<string, TeamRating>();

  readonly start = START_RATING;

  rating(key: string): number {
    return this.ratings.get(key)?.rating ?? this.start;
  }

  /** Results counted for the side (0: never seen). */
  games(key: string): number {
    return this.ratings.get(key)?.games ?? 0;
  }

  update(keyA: string, keyB: string, scoreA: number): void {
    const fresh = { rating: this.start, games: 0 };
    const next = eloUpdate(this.ratings.get(keyA) ?? fresh, this.ratings.get(keyB) ?? fresh, scoreA);
    this.ratings.set(keyA, next.a);
    this.ratings.set(keyB, next.b);
  }

  set(key: string, value: TeamRating): void {
    this.ratings.set(key, { ...value });
  }

  clone(): Elo {
    const copy = new Elo();
    for (const [key, value] of this.ratings) copy.set(key, value);
    return copy;
  }

  entries(): [string, TeamRating][] {
    return [...this.ratings];
  }
}

/** Rolling windows of first-innings paces, one per par key. */
export class RollingMeans {
  private readonly windows = new Map<string, number[]>();

  add(key: string, value: number): void {
    this.windows.set(key, windowWith(this.windows.get(key) ?? [], value));
  }

  set(key: string, window: readonly number[]): void {
    this.windows.set(key, [...window]);
  }

  clone(): RollingMeans {
    const copy = new RollingMeans();
    for (const [key, window] of this.windows) copy.set(key, window);
    return copy;
  }

  mean(key: string): number | null {
    return windowMean(this.windows.get(key));
  }

  /** Every key with a mean (the model file's pars). */
  means(): [string, number][] {
    return [...this.windows.keys()].flatMap((key) => {
      const mean = this.mean(key);
      return mean === null ? [] : [[key, mean] as [string, number]];
    });
  }

  entries(): [string, number[]][] {
    return [...this.windows];
  }
}

/** The broad format a kind of match is rated in; null for the kinds the models do not cover. */
export function winProbFormatOf(formatType: FormatType): WinProbFormat | null {
  return formatType === 't20i' || formatType === 't20' ? 't20' : formatType === 'odi' || formatType === 'list_a' ? 'oneday' : formatType === 'test' ? 'test' : null;
}

/** How a match ended for team a: 1 won, 0 lost, 0.5 tied (no super over), 'draw' (Tests). */
export type AOutcome = 0 | 0.5 | 1 | 'draw';

/** A result as the ratings and pars follow it. */
export interface FollowedResult {
  /** Cricsheet's match id: the order of matches on one day (a match made here: after them, by key). */
  id: number;
  key?: string;
  /** First day (ISO). */
  date: string;
  format: WinProbFormat;
  teams: { a: string; b: string };
  outcome: AOutcome;
  /** competitionKey of the match. */
  competition: string;
  /** Limited overs: first-innings runs per ball of the match's overs; Tests: null. */
  firstInningsPace: number | null;
}

/** The trainer's order: by date, then Cricsheet id (then key, for matches made here). */
export function compareResults(x: Pick<FollowedResult, 'date' | 'id' | 'key'>, y: Pick<FollowedResult, 'date' | 'id' | 'key'>): number {
  return x.date.localeCompare(y.date) || x.id - y.id || (x.key ?? '').localeCompare(y.key ?? '');
}

/** The pars a result counts towards: its competition's, its kind's and its broad format's. */
export function parKeys(competition: string, format: WinProbFormat): string[] {
  const [kind, gender] = competition.split(':');
  return [...new Set([competition, `${kind}:${gender}`, `${format}:${gender}`])];
}

/** What a match is scored with besides the model: the rating gap (a minus b) and the par. */
export interface MatchContext {
  gap: number;
  par: number;
}

/** The standing as stored: each rating with its games, each par's window, oldest first. */
export interface StandingJson {
  /** The last day of the results counted. */
  through: string;
  ratings: Record<string, [number, number]>;
  paces: Record<string, number[]>;
}

/** The standing as read from its file, refused at load if a rating is not [rating, games]. */
export function checkedStanding(json: { through: string; ratings: Record<string, number[]>; paces: Record<string, number[]> }): StandingJson {
  for (const [key, value] of Object.entries(json.ratings)) {
    if (value.length !== 2 || !value.every(Number.isFinite)) throw new Error(`win-probability standing: rating '${key}' is not [rating, games]`);
  }
  return json as StandingJson;
}

/** Ratings and pars as they stand after some results. */
export class Standing {
  constructor(
    readonly elo = new Elo(),
    readonly paces = new RollingMeans(),
  ) {}

  static fromJson(json: StandingJson): Standing {
    const standing = new Standing();
    for (const [key, [rating, games]] of Object.entries(json.ratings)) standing.elo.set(key, { rating, games });
    for (const [key, window] of Object.entries(json.paces)) standing.paces.set(key, window);
    return standing;
  }

  toJson(through: string): StandingJson {
    return {
      through,
      ratings: Object.fromEntries(this.elo.entries().map(([key, value]) => [key, [value.rating, value.games]])),
      paces: Object.fromEntries(this.paces.entries()),
    };
  }

  clone(): Standing {
    return new Standing(this.elo.clone(), this.paces.clone());
  }

  /** The side's rating rounded as the model stores it; null for a side without a result in the format. */
  ratingOf(format: WinProbFormat, team: string): number | null {
    const key = ratingKey(format, team);
    return this.elo.games(key) === 0 ? null : Math.round(this.elo.rating(key));
  }

  /** The competition's par, else its kind's, else its broad format's (winprob.ts parIn); Tests 0. */
  parOf(competition: string, format: WinProbFormat): number {
    if (format === 'test') return 0;
    return parIn((key) => this.paces.mean(key) ?? undefined, competition, format);
  }

  contextOf(match: Pick<FollowedResult, 'format' | 'teams' | 'competition'>): MatchContext {
    const rating = (team: string) => Math.round(this.elo.rating(ratingKey(match.format, team)));
    return { gap: rating(match.teams.a) - rating(match.teams.b), par: this.parOf(match.competition, match.format) };
  }

  follow(result: FollowedResult): void {
    this.elo.update(ratingKey(result.format, result.teams.a), ratingKey(result.format, result.teams.b), result.outcome === 'draw' ? 0.5 : result.outcome);
    if (result.firstInningsPace !== null) for (const key of parKeys(result.competition, result.format)) this.paces.add(key, result.firstInningsPace);
  }
}

/**
 * Follows the results in the trainer's order from a copy of `start`, calling visit with each
 * result's context before it counts; returns the standing after them all.
 */
export function followResults(start: Standing, results: readonly FollowedResult[], visit: (result: FollowedResult, context: MatchContext) => void = () => {}): Standing {
  const standing = start.clone();
  for (const result of [...results].sort(compareResults)) {
    visit(result, standing.contextOf(result));
    standing.follow(result);
  }
  return standing;
}
