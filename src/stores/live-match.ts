// State of the live match a fan is watching: the provider's play.live and play.innings, and the
// commentary newest first, kept in step with the 'score' and 'commentory' socket events.
// Every event carries the match's sequence number: the next one is applied, an old one is a
// duplicate (a catch-up overlapping the live stream) and dropped, a later one means events were
// missed, so the state stays as it is and the caller asks the server to catch up from it.
// Applying is idempotent by ball key, so replays converge on the stored truth.
import { atom, type ReadableAtom } from 'nanostores';
import type { z } from 'zod';
import type { commentaryEntry } from '../server/wire/schemas/match-centre.ts';
import type { liveState, matchObject } from '../server/wire/schemas/match.ts';

export type LiveStateObject = z.output<typeof liveState>;
export type InningsScores = z.output<typeof matchObject>['play']['innings'];

/**
 * A ball of the commentary as the live view reads it: the stored commentary's entry, or the
 * 'commentory' event's ball (the provider's fields, plus is_delete for a correction).
 */
export type LiveBall = Pick<z.output<typeof commentaryEntry>, 'key' | 'entry_time' | 'overs' | 'comment'> & {
  innings_no?: number;
  runs?: number;
  batsman: { runs: number; is_four: boolean; is_six: boolean; name?: string };
  wicket: { player_key: string; player_name?: string; wicket_type?: string; kind?: string } | null;
  team_score: { runs: number };
  over_summary?: z.output<typeof commentaryEntry>['over_summary'];
  is_delete?: boolean;
};

/** The win probability after the latest ball, as the 'score' event carries it (side a's chance, a Test's draw). */
export interface WinChance {
  a_win: number;
  draw: number | null;
}

export interface ScorePayload {
  match_key: string;
  sequence: number;
  innings: InningsScores;
  live: LiveStateObject | null;
  /** Null when the model does not cover the match; absent from an event of an older server. */
  win_probability?: WinChance | null;
}

export interface CommentoryPayload {
  match_key: string;
  sequence: number;
  commentory: LiveBall[];
  live: LiveStateObject | null;
  /** The latest ball (the event's own), or null. */
  last_ball_key: LiveBall | null;
}

export type LiveEvent = { name: 'score'; payload: ScorePayload } | { name: 'commentory'; payload: CommentoryPayload };

/** A ball's sentence and over summary in the page's language ('wording' event), after its English 'commentory'. */
export interface BallWording {
  match_key: string;
  key: string;
  comment: string;
  over_summary: LiveBall['over_summary'];
}

/** Wordings kept for balls the state does not hold yet (a 'wording' that overtook a catch-up). */
const PENDING_WORDINGS = 20;

export interface LiveMatchState {
  matchKey: string;
  /** Sequence of the last event applied (the page's state at load counts as one). */
  sequence: number;
  live: LiveStateObject | null;
  innings: InningsScores;
  /** Newest first, at most MAX_BALLS of each innings. */
  balls: LiveBall[];
  /** The latest win probability (the live centre's); null when not known. */
  winProbability?: WinChance | null;
}

export type Outcome = 'applied' | 'duplicate' | 'gap' | 'foreign';

/**
 * Balls the island keeps of each innings, newest first: a T20 innings whole, a Test's latest
 * fifty overs. The page links to an innings' every ball (server-rendered), and get/commentory
 * has them all.
 */
export const MAX_BALLS = 300;

function newestFirst(x: LiveBall, y: LiveBall): number {
  return y.entry_time - x.entry_time;
}

/** Newest first, at most MAX_BALLS of each innings (a ball without its innings counts as the latest's). */
export function keepNewest(balls: readonly LiveBall[]): LiveBall[] {
  const kept = new Map<number | undefined, number>();
  return [...balls].sort(newestFirst).filter((ball) => {
    const count = kept.get(ball.innings_no) ?? 0;
    kept.set(ball.innings_no, count + 1);
    return count < MAX_BALLS;
  });
}

/** The commentary with a event's balls merged in: a ball replaces its key's old version, a deletion removes it. */
function mergeBalls(balls: readonly LiveBall[], incoming: readonly LiveBall[]): LiveBall[] {
  const byKey = new Map(balls.map((ball) => [ball.key, ball]));
  for (const ball of incoming) {
    if (ball.is_delete) byKey.delete(ball.key);
    else byKey.set(ball.key, ball);
  }
  return keepNewest([...byKey.values()]);
}

export interface Applied {
  state: LiveMatchState;
  outcome: Outcome;
  /** Balls this event added that the state did not hold before (for read-aloud). */
  added: LiveBall[];
}

export function applyEvent(state: LiveMatchState, event: LiveEvent): Applied {
  const { payload } = event;
  if (payload.match_key !== state.matchKey) return { state, outcome: 'foreign', added: [] };
  if (payload.sequence <= state.sequence) return { state, outcome: 'duplicate', added: [] };
  if (payload.sequence > state.sequence + 1) return { state, outcome: 'gap', added: [] };
  if (event.name === 'score') {
    const { live, innings, win_probability: chance } = event.payload;
    // Only what the client reads of the chance is kept (the event's ball position is not).
    const winProbability = chance === undefined ? state.winProbability : chance && { a_win: chance.a_win, draw: chance.draw };
    return { state: { ...state, sequence: payload.sequence, live, innings, winProbability }, outcome: 'applied', added: [] };
  }
  const known = new Set(state.balls.map((ball) => ball.key));
  const added = event.payload.commentory.filter((ball) => !ball.is_delete && !known.has(ball.key));
  const balls = mergeBalls(state.balls, event.payload.commentory);
  return { state: { ...state, sequence: payload.sequence, live: event.payload.live ?? state.live, balls }, outcome: 'applied', added };
}

export interface LiveMatchStore {
  readonly $state: ReadableAtom<LiveMatchState>;
  /** Applies one event; 'gap' asks the caller to request a catch-up after $state's sequence. */
  receive(event: LiveEvent): Outcome;
  /** Called with the balls each applied event adds, in the order they were bowled. */
  onBallsAdded(listener: (balls: LiveBall[]) => void): () => void;
  /** A ball's sentence in the page's language replaces the English one it came with; it needs no sequence. */
  word(wording: BallWording): void;
}

function worded(balls: readonly LiveBall[], wording: BallWording): LiveBall[] | null {
  const at = balls.findIndex((ball) => ball.key === wording.key);
  if (at === -1) return null;
  const next = [...balls];
  next[at] = { ...balls[at]!, comment: wording.comment, over_summary: wording.over_summary };
  return next;
}

export function createLiveMatchStore(initial: LiveMatchState): LiveMatchStore {
  const $state = atom<LiveMatchState>({ ...initial, balls: keepNewest(initial.balls) });
  const listeners = new Set<(balls: LiveBall[]) => void>();
  const pending = new Map<string, BallWording>();
  return {
    $state,
    receive(event) {
      const applied = applyEvent($state.get(), event);
      const { outcome, added } = applied;
      let { state } = applied;
      if (outcome !== 'applied') return outcome;
      if (event.name === 'commentory') {
        for (const ball of event.payload.commentory) {
          const wording = pending.get(ball.key);
          pending.delete(ball.key);
          if (wording && !ball.is_delete) state = { ...state, balls: worded(state.balls, wording) ?? state.balls };
        }
      }
      $state.set(state);
      if (added.length > 0) {
        const inOrder = [...added].sort((x, y) => x.entry_time - y.entry_time);
        for (const listener of listeners) listener(inOrder);
      }
      return outcome;
    },
    word(wording) {
      const state = $state.get();
      if (wording.match_key !== state.matchKey) return;
      const balls = worded(state.balls, wording);
      if (balls) {
        $state.set({ ...state, balls });
        return;
      }
      pending.set(wording.key, wording);
      if (pending.size > PENDING_WORDINGS) pending.delete(pending.keys().next().value!);
    },
    onBallsAdded(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
