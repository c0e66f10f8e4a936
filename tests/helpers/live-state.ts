// Live states for component and presenter tests: the live engine that fills them comes in a
// later issue, so tests build the read model it will return.
import type { Extras } from '../../src/server/domain/types.ts';
import type { LiveBall, LiveState } from '../../src/server/services/live-state.ts';

const NO_EXTRAS: Extras = { wides: 0, noballs: 0, byes: 0, legbyes: 0, penalty: 0 };

/** A ball of over `over` (0-based index) at legal ball `ball`: runs off the bat, extras, a wicket. */
export function liveBall(over: number, ball: number, outcome: { runs?: number; extras?: Partial<Extras>; wicket?: boolean } = {}): LiveBall {
  const extras = { ...NO_EXTRAS, ...outcome.extras };
  return {
    key: `${over}.${ball}${extras.wides > 0 ? 'wd' : ''}`,
    position: { over, ball },
    runsBatter: outcome.runs ?? 0,
    extras,
    wickets: outcome.wicket ? [{ kind: 'bowled', playerOut: 's3', fielders: [] }] : [],
  };
}

/**
 * Gujarat Titans (side a) chasing 191 in a T20: 120/3 after 86 balls, 71 needed from 34,
 * Gill on strike; the 14th over was 1 4 W wd 6 ., the 15th has begun with a 2. The wicket was
 * Vijay Shankar's, caught at 111/3 (13.3); the stand since is 9 runs off 4 balls.
 */
export function liveChase(overrides: Partial<LiveState> = {}): LiveState {
  const fifteenth = [liveBall(14, 1, { runs: 2 })];
  return {
    battingSide: 'a',
    inningsNumber: 1,
    score: { runs: 120, wickets: 3, legalBalls: 86, calledBalls: 86, ballsPerOver: 6 },
    required: { runs: 71, balls: 34 },
    lead: null,
    breakReason: null,
    recentPlayers: {
      striker: { player: { key: 's1', name: 'Shubman Gill' }, runs: 55, balls: 38, fours: 5, sixes: 2 },
      nonStriker: { player: { key: 's2', name: 'Sai Sudharsan' }, runs: 20, balls: 15, fours: 1, sixes: 1 },
      bowler: { player: { key: 'b1', name: 'Josh Hazlewood' }, wickets: 2, calledBalls: 20, runs: 22, maidens: 0 },
      previousOverBowler: null,
    },
    recentOvers: [
      {
        number: 14,
        balls: [
          liveBall(13, 1, { runs: 1 }),
          liveBall(13, 2, { runs: 4 }),
          liveBall(13, 3, { wicket: true }),
          liveBall(13, 4, { extras: { wides: 1 } }),
          liveBall(13, 4, { runs: 6 }),
          liveBall(13, 5),
          liveBall(13, 6),
        ],
      },
      { number: 15, balls: fifteenth },
    ],
    lastBall: fifteenth[0]!,
    stand: { runs: 9, balls: 4 },
    lastWicket: {
      batter: { key: 's3', name: 'Vijay Shankar' },
      runs: 12,
      balls: 9,
      kind: 'caught',
      bowler: { key: 'b1', name: 'Josh Hazlewood' },
      fielders: [{ name: 'Virat Kohli', substitute: false }],
      wicketNumber: 3,
      teamRuns: 111,
      position: { over: 13, ball: 3 },
    },
    limitBalls: 120,
    ...overrides,
  };
}
