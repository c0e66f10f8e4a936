// The fan's live state: events applied in sequence, duplicates dropped, gaps reported (and the
// catch-up asked for), deletions removing a ball, each new ball announced once.
import { describe, expect, it } from 'vitest';
import { CATCHUP_RETRY_MS, followMatch } from '../../../src/lib/live-socket.ts';
import {
  MAX_BALLS,
  createLiveMatchStore,
  type CommentoryPayload,
  type LiveBall,
  type LiveMatchState,
  type ScorePayload,
} from '../../../src/stores/live-match.ts';
import { presentLiveState } from '../../../src/server/wire/presenters/live.ts';
import { liveChase } from '../../helpers/live-state.ts';

const live = presentLiveState(liveChase(), { a: 'Gujarat Titans', b: 'Royal Challengers Bengaluru' }, 'en');

function ball(n: number, extra: Partial<LiveBall> = {}): LiveBall {
  return {
    key: `1.${n}`,
    entry_time: n,
    overs: [Math.floor((n - 1) / 6), ((n - 1) % 6) + 1],
    comment: `Bowler to Batter, ${n}: ball ${n}`,
    batsman: { runs: 1, is_four: false, is_six: false },
    wicket: null,
    team_score: { runs: 1 },
    ...extra,
  };
}

function initial(sequence = 10, balls: LiveBall[] = [ball(2), ball(1)]): LiveMatchState {
  return { matchKey: 'm1', sequence, live, innings: {}, balls };
}

const commentory = (sequence: number, balls: LiveBall[]): { name: 'commentory'; payload: CommentoryPayload } => ({
  name: 'commentory',
  payload: { match_key: 'm1', sequence, commentory: balls, live, last_ball_key: balls[0] ?? null },
});
const score = (sequence: number, runs: number): { name: 'score'; payload: ScorePayload } => ({
  name: 'score',
  payload: { match_key: 'm1', sequence, innings: {}, live: { ...live, score: { ...live.score, runs } } },
});

describe('live match store', () => {
  it("a ball's sentence in the page's language replaces the English one, also when it overtakes the ball; a correction brings English back until its own wording", () => {
    const store = createLiveMatchStore(initial());
    const hindi = (key: string) => ({ match_key: 'm1', key, comment: `गेंदबाज़ बनाम बल्लेबाज़ (${key})`, over_summary: null });
    store.receive(commentory(11, [ball(3)]));
    store.word(hindi('1.3'));
    expect(store.$state.get().balls.map((b) => b.comment)).toEqual(['गेंदबाज़ बनाम बल्लेबाज़ (1.3)', 'Bowler to Batter, 2: ball 2', 'Bowler to Batter, 1: ball 1']);
    // Another match's wording changes nothing; one for a ball not yet here waits for it.
    store.word({ ...hindi('1.4'), match_key: 'other' });
    store.word(hindi('1.4'));
    expect(store.$state.get().balls).toHaveLength(3);
    store.receive(commentory(12, [ball(4)]));
    expect(store.$state.get().balls[0]!.comment).toBe('गेंदबाज़ बनाम बल्लेबाज़ (1.4)');
    // A corrected ball comes back in English (its own wording follows).
    store.receive(commentory(13, [ball(4, { comment: 'corrected' })]));
    expect(store.$state.get().balls[0]!.comment).toBe('corrected');
  });

  it('applies the next event, drops what it has seen, reports a gap without changing', () => {
    const store = createLiveMatchStore(initial());
    expect(store.receive(commentory(11, [ball(3)]))).toBe('applied');
    expect(store.receive(score(12, 125))).toBe('applied');
    expect(store.$state.get().live?.score.runs).toBe(125);
    expect(store.$state.get().balls.map((b) => b.key)).toEqual(['1.3', '1.2', '1.1']);
    // A catch-up overlapping the live stream.
    expect(store.receive(commentory(11, [ball(3)]))).toBe('duplicate');
    expect(store.receive(score(14, 130))).toBe('gap');
    expect(store.$state.get().sequence).toBe(12);
    expect(store.$state.get().live?.score.runs).toBe(125);
    expect(store.receive({ ...score(13, 1), payload: { ...score(13, 1).payload, match_key: 'other' } })).toBe('foreign');
  });

  it("keeps the 'score' event's win probability (the live centre's), and the last one through a commentary event or a score event without it", () => {
    const store = createLiveMatchStore({ ...initial(), winProbability: { a_win: 0.41, draw: null } });
    const chance = { innings: 2, over: 14, ball: 2, a_win: 0.372, draw: null };
    expect(store.receive({ name: 'score', payload: { ...score(11, 122).payload, win_probability: chance } })).toBe('applied');
    // Only what the page reads of it is kept.
    expect(store.$state.get().winProbability).toEqual({ a_win: 0.372, draw: null });
    expect(store.receive(commentory(12, [ball(3)]))).toBe('applied');
    expect(store.receive(score(13, 124))).toBe('applied');
    expect(store.$state.get().winProbability).toEqual({ a_win: 0.372, draw: null });
    // The model's word that it has no chance to give (a new innings' first event) clears it.
    expect(store.receive({ name: 'score', payload: { ...score(14, 124).payload, win_probability: null } })).toBe('applied');
    expect(store.$state.get().winProbability).toBeNull();
  });

  it('a deletion removes the ball; a corrected ball replaces its key; newest first by entry time', () => {
    const store = createLiveMatchStore(initial());
    store.receive(commentory(11, [ball(3)]));
    store.receive(commentory(12, [{ ...ball(3), is_delete: true }]));
    expect(store.$state.get().balls.map((b) => b.key)).toEqual(['1.2', '1.1']);
    store.receive(commentory(13, [{ ...ball(2), comment: 'A to B, FOUR: corrected' }]));
    expect(store.$state.get().balls[0]?.comment).toBe('A to B, FOUR: corrected');
    expect(store.$state.get().balls).toHaveLength(2);
  });

  it('announces each new ball once, oldest first, not corrections or replays; a ball bowled again after an undo is new', () => {
    const store = createLiveMatchStore(initial());
    const heard: string[] = [];
    store.onBallsAdded((balls) => heard.push(...balls.map((b) => b.key)));
    store.receive(commentory(11, [ball(4), ball(3)]));
    store.receive(commentory(11, [ball(4), ball(3)]));
    store.receive(commentory(12, [{ ...ball(3), comment: 'edited' }]));
    store.receive(commentory(13, [{ ...ball(4), is_delete: true }]));
    store.receive(commentory(14, [ball(5)]));
    // The undone ball's place is taken by another delivery with the same key.
    store.receive(commentory(15, [{ ...ball(4), comment: 'bowled again' }]));
    expect(heard).toEqual(['1.3', '1.4', '1.5', '1.4']);
  });

  it('keeps at most MAX_BALLS, the newest', () => {
    const many = Array.from({ length: MAX_BALLS + 5 }, (_, i) => ball(i + 1));
    const store = createLiveMatchStore(initial(0, many));
    expect(store.$state.get().balls).toHaveLength(MAX_BALLS);
    expect(store.$state.get().balls[0]?.key).toBe(`1.${MAX_BALLS + 5}`);
  });

  it('keeps MAX_BALLS of each innings: a new innings’ balls never push out those of the one a fan reads', () => {
    const first = Array.from({ length: MAX_BALLS }, (_, i) => ball(i + 1, { key: `1.${i + 1}`, innings_no: 1 }));
    const store = createLiveMatchStore(initial(10, first));
    const second = Array.from({ length: 20 }, (_, i) => ball(MAX_BALLS + i + 1, { key: `2.${i + 1}`, innings_no: 2 }));
    second.forEach((b, i) => store.receive(commentory(11 + i, [b])));
    const balls = store.$state.get().balls;
    expect(balls.filter((b) => b.innings_no === 1)).toHaveLength(MAX_BALLS);
    expect(balls.filter((b) => b.innings_no === 2)).toHaveLength(20);
    expect(balls[0]!.key).toBe('2.20');
  });
});

/** A socket that records what the client emits and lets the test play the server's events. */
function recordingSocket() {
  const handlers = new Map<string, Set<(payload?: unknown) => void>>();
  const emitted: [string, unknown][] = [];
  return {
    connected: true,
    emitted,
    on(event: string, handler: (payload?: unknown) => void) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
      return this;
    },
    off(event: string, handler: (payload?: unknown) => void) {
      handlers.get(event)?.delete(handler);
      return this;
    },
    emit(event: string, payload: unknown) {
      emitted.push([event, payload]);
      return this;
    },
    serve(event: string, payload?: unknown) {
      for (const handler of handlers.get(event) ?? []) handler(payload);
    },
  };
}

describe('following a match over the socket', () => {
  it('subscribes and catches up on (re)connection and when back online, asks once per gap until the retry time', () => {
    const socket = recordingSocket();
    const store = createLiveMatchStore(initial(10));
    let now = 1000;
    const following = followMatch(socket as never, store, () => now);
    expect(socket.emitted).toEqual([
      ['sub', { match_key: 'm1' }],
      ['catchup', { match_key: 'm1', after_sequence: 10 }],
    ]);
    socket.emitted.length = 0;
    socket.serve('commentory', commentory(11, [ball(3)]).payload);
    socket.serve('score', score(13, 200).payload);
    socket.serve('score', score(14, 201).payload);
    expect(socket.emitted).toEqual([['catchup', { match_key: 'm1', after_sequence: 11 }]]);
    now += CATCHUP_RETRY_MS;
    socket.serve('score', score(15, 202).payload);
    expect(socket.emitted).toHaveLength(2);
    // The server's answer: the missed events in order.
    socket.serve('score', score(12, 199).payload);
    socket.serve('score', score(13, 200).payload);
    expect(store.$state.get().sequence).toBe(13);
    socket.emitted.length = 0;
    socket.serve('connect');
    expect(socket.emitted).toEqual([
      ['sub', { match_key: 'm1' }],
      ['catchup', { match_key: 'm1', after_sequence: 13 }],
    ]);
    following.resync();
    expect(socket.emitted.at(-1)).toEqual(['catchup', { match_key: 'm1', after_sequence: 13 }]);
    following.stop();
    socket.serve('score', score(14, 300).payload);
    expect(store.$state.get().sequence).toBe(13);
  });

  it("reloads the match when the server answers a catch-up with 'reload' for it (more was missed than one catch-up sends)", () => {
    const socket = recordingSocket();
    let reloads = 0;
    const following = followMatch(socket as never, createLiveMatchStore(initial(10)), () => 0, () => (reloads += 1));
    socket.serve('reload', { match_key: 'another', sequence: 500 });
    expect(reloads).toBe(0);
    socket.serve('reload', { match_key: 'm1', sequence: 500 });
    expect(reloads).toBe(1);
    following.stop();
    socket.serve('reload', { match_key: 'm1', sequence: 501 });
    expect(reloads).toBe(1);
  });
});
