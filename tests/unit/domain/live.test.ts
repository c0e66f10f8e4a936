// Live play rules on real matches (tests/fixtures/cricsheet) and hand-made overs: the live
// state of an innings, the batters' ends after each ball, when an innings is over, how play
// status moves, and the result from the innings' totals.
import { describe, expect, it } from 'vitest';
import {
  absentBatters,
  ballKey,
  canMovePlay,
  endsAfter,
  inningsEnd,
  liveSituation,
  liveStateOf,
  matchOutcome,
  PLAY_STATUSES,
  type OutcomeInnings,
  type PlayStatus,
  type SequencedDelivery,
} from '../../../src/server/domain/live.ts';
import { ballSymbol } from '../../../src/server/domain/commentary.ts';
import { InningsTally, summariseInnings } from '../../../src/server/domain/scorecard.ts';
import type { Delivery, InningsInput } from '../../../src/server/domain/types.ts';
import { ball, innings, overOf, readMatch, realInnings } from './cricket-data.ts';

const REAL = ['real/1216517', 'real/1304066', 'real/1392691', 'real/1415708', 'real/1415725', 'real/392183', 'e2e/1455615', 'e2e/1491710', 'e2e/1511691', 'e2e/1528293', 'e2e/1529281', 'e2e/1529293', 'e2e/1529312', '335982', '336040'];

function stateAfter(input: InningsInput, count: number, options: { target?: { runs: number; balls: number } | null; lead?: number | null } = {}) {
  const tally = InningsTally.start(input);
  const recent: SequencedDelivery[] = [];
  input.deliveries.slice(0, count).forEach((delivery, index) => {
    tally.add(delivery);
    recent.push({ seq: index + 1, delivery });
  });
  return liveStateOf({
    battingSide: input.battingTeam,
    inningsNumber: 1,
    tally: tally.save(),
    recent,
    target: options.target ?? null,
    lead: options.lead ?? null,
    breakReason: null,
    player: (id) => ({ key: id, name: id }),
    ballKey: (seq, position) => ballKey(1, position, seq),
  });
}

describe('the batters’ ends after a ball', () => {
  it('follows every ball of fifteen real matches: the next ball is faced from the ends the rule gives', () => {
    let checked = 0;
    const misses: string[] = [];
    for (const id of REAL) {
      const match = readMatch(id);
      match.innings.forEach((_source, index) => {
        const input = realInnings(match, index);
        const tally = InningsTally.start(input);
        input.deliveries.forEach((delivery, i) => {
          tally.add(delivery);
          const next = input.deliveries[i + 1];
          // A wicket brings a batter nobody can name in advance; a retirement too.
          if (!next || delivery.wickets.length > 0) return;
          const state = tally.save();
          const overComplete = state.over === null || state.over.legalBalls >= input.ballsPerOver || next.over !== delivery.over;
          const ends = endsAfter(delivery, overComplete);
          checked += 1;
          if (ends.striker !== next.batter || ends.nonStriker !== next.nonStriker) misses.push(`${id} innings ${index + 1} ball ${i + 1}`);
        });
      });
    }
    expect(checked).toBeGreaterThan(7000);
    expect(misses).toEqual([]);
  });

  it('swaps on odd runs run (wides beyond the first, byes, leg byes) and at the over’s end, and leaves the end of a batter out empty', () => {
    const cases: [Delivery, boolean, [string | null, string | null]][] = [
      [ball(0, 'A', 'B', 'X', { bat: 1 }), false, ['B', 'A']],
      [ball(0, 'A', 'B', 'X', { bat: 4 }), false, ['A', 'B']],
      [ball(0, 'A', 'B', 'X', { bat: 1 }), true, ['A', 'B']],
      [ball(0, 'A', 'B', 'X'), true, ['B', 'A']],
      [ball(0, 'A', 'B', 'X', { wides: 1 }), false, ['A', 'B']],
      [ball(0, 'A', 'B', 'X', { wides: 2 }), false, ['B', 'A']],
      [ball(0, 'A', 'B', 'X', { wides: 5 }), false, ['A', 'B']],
      [ball(0, 'A', 'B', 'X', { noballs: 1, bat: 1 }), false, ['B', 'A']],
      [ball(0, 'A', 'B', 'X', { legbyes: 1 }), false, ['B', 'A']],
      [ball(0, 'A', 'B', 'X', { byes: 4 }), false, ['A', 'B']],
      [ball(0, 'A', 'B', 'X', { penalty: 5 }), false, ['A', 'B']],
      [ball(0, 'A', 'B', 'X', { out: [['bowled', 'A']] }), false, [null, 'B']],
      [ball(0, 'A', 'B', 'X', { bat: 1, out: [['run out', 'A']] }), false, ['B', null]],
      [ball(0, 'A', 'B', 'X', { out: [['caught', 'A']] }), true, ['B', null]],
    ];
    for (const [delivery, overComplete, [striker, nonStriker]] of cases) {
      expect(endsAfter(delivery, overComplete), JSON.stringify(delivery.extras) + delivery.runsBatter).toEqual({ striker, nonStriker });
    }
  });
});

describe('the live state of an innings', () => {
  const match = readMatch('real/1304066');
  const first = realInnings(match, 0);
  const chase = realInnings(match, 1);
  const target = { runs: summariseInnings(first).runs + 1, balls: 120 };

  it('is the same from the tally and the last 24 balls as from every ball, after each ball of a real T20', () => {
    for (const input of [first, chase]) {
      const tally = InningsTally.start(input);
      const all: SequencedDelivery[] = [];
      input.deliveries.forEach((delivery, index) => {
        tally.add(delivery);
        all.push({ seq: index + 1, delivery });
        const common = {
          battingSide: input.battingTeam,
          inningsNumber: 1 as const,
          tally: tally.save(),
          target: input === chase ? target : null,
          lead: null,
          breakReason: null,
          player: (id: string) => ({ key: id, name: id }),
          ballKey: (seq: number, position: { over: number; ball: number }) => ballKey(2, position, seq),
        };
        expect(liveStateOf({ ...common, recent: all.slice(-24) }), `ball ${index + 1}`).toEqual(liveStateOf({ ...common, recent: all }));
      });
    }
  });

  it('after the first innings shows its total, the last two overs and the last ball', () => {
    const live = stateAfter(first, first.deliveries.length);
    const summary = summariseInnings(first);
    expect(live.score).toEqual({ runs: summary.runs, wickets: summary.wickets, legalBalls: summary.legalBalls, calledBalls: summary.calledBalls, ballsPerOver: 6 });
    expect(live.required).toBeNull();
    expect(live.recentOvers.map((over) => over.number)).toEqual([19, 20]);
    const twentieth = first.deliveries.filter((delivery) => delivery.over === 19);
    expect(live.recentOvers[1]!.balls.map(ballSymbol)).toEqual(twentieth.map(ballSymbol));
    expect(live.lastBall).toEqual(live.recentOvers[1]!.balls.at(-1));
    expect(live.lastBall!.key).toBe(`1.19.${live.lastBall!.position.ball}.${first.deliveries.length}`);
    expect(live.recentPlayers.bowler!.player.key).toBe(twentieth.at(-1)!.bowler);
    const nineteenth = first.deliveries.filter((delivery) => delivery.over === 18);
    expect(live.recentPlayers.previousOverBowler!.player.key).toBe(nineteenth.at(-1)!.bowler);
  });

  it('in the chase gives what is needed from the balls left, and the batters the next ball finds at the crease', () => {
    // Every ball of the chase that a ball without a wicket before it follows.
    chase.deliveries.forEach((delivery, index) => {
      const next = chase.deliveries[index + 1];
      if (!next || delivery.wickets.length > 0) return;
      const live = stateAfter(chase, index + 1, { target });
      const tally = summariseInnings({ ...chase, deliveries: chase.deliveries.slice(0, index + 1) });
      expect(live.required).toEqual({ runs: target.runs - tally.runs, balls: 120 - tally.legalBalls });
      expect([live.recentPlayers.striker?.player.key, live.recentPlayers.nonStriker?.player.key]).toEqual([next.batter, next.nonStriker]);
      const striker = tally.batting.find((entry) => entry.player === next.batter)!;
      expect(live.recentPlayers.striker).toMatchObject({ runs: striker.runs, balls: striker.balls, fours: striker.fours, sixes: striker.sixes });
    });
    // Rajasthan Royals won by 3 runs: Lucknow needed 4 off the last ball... and got 0 of them.
    const end = stateAfter(chase, chase.deliveries.length, { target });
    expect(end.required).toEqual({ runs: 3 + 1, balls: 0 });
    expect(liveSituation(end)).toEqual({ kind: 'need', team: chase.battingTeam, runs: 4, balls: 0 });
  });

  it('gives a Test side its lead or trail, and the striker’s empty end after a wicket', () => {
    const over = [ball(0, 'A', 'B', 'X', { bat: 1 }), ball(0, 'B', 'A', 'X', { bat: 4 }), ball(0, 'B', 'A', 'X', { out: [['bowled', 'B']] })];
    const live = stateAfter(innings(over), 3, { lead: -120 });
    expect(liveSituation(live)).toEqual({ kind: 'trail', team: 'a', runs: 120 });
    expect(live.recentPlayers.striker).toBeNull();
    expect(live.recentPlayers.nonStriker).toMatchObject({ player: { key: 'A' }, runs: 1, balls: 1 });
    expect(liveSituation({ ...live, lead: 0 })).toEqual({ kind: 'level', team: 'a' });
    expect(liveSituation({ ...live, lead: 15 })).toEqual({ kind: 'lead', team: 'a', runs: 15 });
    expect(live.recentOvers).toEqual([{ number: 1, balls: live.recentOvers[0]!.balls }]);
    expect(live.recentOvers[0]!.balls.map((b) => b.position.ball)).toEqual([1, 2, 3]);
  });

  it('numbers the balls of an over with extras by the legal balls before them', () => {
    const over = overOf(4, 'A', 'B', 'X', [{}, { wides: 1 }, { bat: 2 }, { noballs: 1 }, { noballs: 1, bat: 6 }, {}, {}, {}, {}]);
    const live = stateAfter(innings(over), over.length);
    expect(live.recentOvers[0]!.balls.map((b) => b.key)).toEqual(['1.4.1.1', '1.4.2.2', '1.4.2.3', '1.4.3.4', '1.4.3.5', '1.4.3.6', '1.4.4.7', '1.4.5.8', '1.4.6.9']);
    expect(live.recentOvers[0]!.balls.map(ballSymbol)).toEqual(['.', 'wd', '2', 'nb', '6nb', '.', '.', '.', '.']);
    expect(live.score.calledBalls).toBe(6);
  });
});

describe('the end of an innings', () => {
  const progress = { runs: 150, wickets: 5, legalBalls: 100, limitBalls: 120, targetRuns: null };
  it('comes with ten wickets (fewer with batters absent), the overs, the target or a declaration', () => {
    expect(inningsEnd(progress)).toBeNull();
    expect(inningsEnd({ ...progress, wickets: 10 })).toBe('all out');
    expect(inningsEnd({ ...progress, wickets: 9 })).toBeNull();
    expect(inningsEnd({ ...progress, wickets: 9, absentBatters: absentBatters(11, 1) })).toBe('all out');
    expect(inningsEnd({ ...progress, wickets: 8, absentBatters: absentBatters(10, 1) })).toBe('all out');
    expect(inningsEnd({ ...progress, legalBalls: 120 })).toBe('overs');
    expect(inningsEnd({ ...progress, limitBalls: null, legalBalls: 900 })).toBeNull();
    expect(inningsEnd({ ...progress, targetRuns: 150 })).toBe('target');
    expect(inningsEnd({ ...progress, targetRuns: 151 })).toBeNull();
    expect(inningsEnd({ ...progress, declared: true })).toBe('declared');
  });
});

describe('play status', () => {
  const allowed = (from: PlayStatus) => PLAY_STATUSES.filter((to) => to !== from && canMovePlay(from, to));
  it('goes scheduled → pre_match → in_play ⇄ breaks → result, and nowhere after the end', () => {
    expect(allowed('scheduled')).toEqual(['pre_match', 'in_play', 'rain_delay', 'bad_light', 'result', 'abandoned']);
    expect(allowed('pre_match')).toEqual(['in_play', 'rain_delay', 'bad_light', 'result', 'abandoned']);
    expect(allowed('in_play')).toEqual(['drinks_break', 'innings_break', 'stumps', 'rain_delay', 'bad_light', 'lunch', 'tea', 'result', 'abandoned']);
    expect(allowed('tea')).toEqual(['in_play', 'drinks_break', 'innings_break', 'stumps', 'rain_delay', 'bad_light', 'lunch', 'result', 'abandoned']);
    expect(allowed('result')).toEqual([]);
    expect(allowed('abandoned')).toEqual([]);
    expect(canMovePlay('stumps', 'stumps')).toBe(true);
  });
});

describe('the result from the innings’ totals', () => {
  const inn = (battingTeam: 'a' | 'b', runs: number, wickets: number, more: Partial<OutcomeInnings> = {}): OutcomeInnings => ({
    battingTeam, superOver: false, runs, wickets, targetRuns: null, declared: false, allOut: wickets === 10, ...more,
  });
  it('decides limited-overs matches by the chase', () => {
    expect(matchOutcome('t20', [inn('a', 180, 6), inn('b', 181, 2)])).toMatchObject({ winner: 'b', winByWickets: 8, winByRuns: null });
    expect(matchOutcome('t20', [inn('a', 180, 6), inn('b', 170, 10)])).toMatchObject({ winner: 'a', winByRuns: 10 });
    expect(matchOutcome('oneday', [inn('a', 180, 6), inn('b', 180, 9)])).toMatchObject({ winner: null, result: 'tie', eliminator: null });
    expect(matchOutcome('t20', [inn('a', 180, 6)])).toMatchObject({ winner: null, result: 'no result' });
    // A revised target: 150 to win in fewer overs, 140 made: lost by 9 runs (D/L).
    expect(matchOutcome('t20', [inn('a', 180, 6), inn('b', 140, 4, { targetRuns: 150 })], true)).toMatchObject({ winner: 'a', winByRuns: 9, method: 'D/L' });
    // Super overs tied once, then won.
    const supers = [inn('b', 10, 1, { superOver: true }), inn('a', 10, 0, { superOver: true }), inn('a', 8, 1, { superOver: true }), inn('b', 9, 0, { superOver: true })];
    expect(matchOutcome('t20', [inn('a', 150, 7), inn('b', 150, 10), ...supers])).toMatchObject({ result: 'tie', eliminator: 'b', winner: null });
  });
  it('decides Tests by the totals over the match', () => {
    // Won by an innings: the side batting second and fourth fell short twice.
    expect(matchOutcome('test', [inn('a', 500, 8, { declared: true }), inn('b', 200, 10), inn('b', 250, 10)])).toMatchObject({ winner: 'a', winByInnings: true, winByRuns: 50 });
    // Followed on and won (Kolkata 2001): 171 + 657/7d against 445 + 212.
    expect(matchOutcome('test', [inn('a', 445, 10), inn('b', 171, 10), inn('b', 657, 7, { declared: true }), inn('a', 212, 10)])).toMatchObject({ winner: 'b', winByRuns: 171 });
    expect(matchOutcome('test', [inn('a', 300, 10), inn('b', 250, 10), inn('a', 200, 10), inn('b', 251, 5)])).toMatchObject({ winner: 'b', winByWickets: 5 });
    expect(matchOutcome('test', [inn('a', 300, 10), inn('b', 250, 10), inn('a', 200, 10), inn('b', 250, 10)])).toMatchObject({ result: 'tie', winner: null });
    expect(matchOutcome('test', [inn('a', 300, 10), inn('b', 250, 10), inn('a', 200, 10), inn('b', 220, 7)])).toMatchObject({ result: 'draw', winner: null });
    expect(matchOutcome('test', [inn('a', 300, 10), inn('b', 250, 3)])).toMatchObject({ result: 'draw' });
  });
});
