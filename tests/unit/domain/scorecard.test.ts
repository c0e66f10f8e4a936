import { describe, it, expect } from 'vitest';
import { summariseInnings, isCreditedToBowler, isTeamWicket, bowlerRuns } from '../../../src/server/domain/scorecard.ts';
import type { DismissalKind, InningsSummary } from '../../../src/server/domain/types.ts';
import { ball, innings, overOf, readMatch, realInnings } from './cricket-data.ts';

const DOTS_OVER = [{}, {}, {}, {}, {}, {}];

function batter(summary: InningsSummary, player: string) {
  const entry = summary.batting.find((b) => b.player === player);
  if (!entry) throw new Error(`${player} did not bat`);
  return entry;
}

function bowler(summary: InningsSummary, player: string) {
  const entry = summary.bowling.find((b) => b.player === player);
  if (!entry) throw new Error(`${player} did not bowl`);
  return entry;
}

/** Each stand is its two batters' runs plus the extras while they were together; stands add up to the total less off-delivery penalties. */
function expectPartnershipsAddUp(summary: InningsSummary, offDeliveryPenalty = 0): void {
  const total = summary.partnerships.reduce((sum, stand) => sum + stand.runs, 0);
  expect(total).toBe(summary.runs - offDeliveryPenalty);
  const balls = summary.partnerships.reduce((sum, stand) => sum + stand.balls, 0);
  expect(balls).toBe(summary.legalBalls);
}

describe('dismissal kinds', () => {
  it('counts every dismissal as a team wicket except retired hurt and retired not out', () => {
    const notWickets: DismissalKind[] = ['retired hurt', 'retired not out'];
    const wickets: DismissalKind[] = ['bowled', 'caught', 'run out', 'retired out', 'timed out', 'obstructing the field', 'handled the ball', 'hit the ball twice'];
    for (const kind of notWickets) expect(isTeamWicket(kind)).toBe(false);
    for (const kind of wickets) expect(isTeamWicket(kind)).toBe(true);
  });

  it('credits the bowler only with bowled, caught, caught and bowled, lbw, stumped and hit wicket', () => {
    const credited: DismissalKind[] = ['bowled', 'caught', 'caught and bowled', 'lbw', 'stumped', 'hit wicket'];
    const notCredited: DismissalKind[] = [
      'run out',
      'retired hurt',
      'retired not out',
      'retired out',
      'obstructing the field',
      'handled the ball',
      'hit the ball twice',
      'timed out',
    ];
    for (const kind of credited) expect(isCreditedToBowler(kind)).toBe(true);
    for (const kind of notCredited) expect(isCreditedToBowler(kind)).toBe(false);
  });
});

describe('bowlerRuns', () => {
  it('charges runs off the bat, wides and no-balls, never byes, leg byes or penalties', () => {
    expect(bowlerRuns(ball(0, 'A', 'B', 'X', { bat: 4 }))).toBe(4);
    expect(bowlerRuns(ball(0, 'A', 'B', 'X', { wides: 5 }))).toBe(5);
    expect(bowlerRuns(ball(0, 'A', 'B', 'X', { noballs: 1, bat: 6 }))).toBe(7);
    expect(bowlerRuns(ball(0, 'A', 'B', 'X', { noballs: 1, byes: 2 }))).toBe(1);
    expect(bowlerRuns(ball(0, 'A', 'B', 'X', { legbyes: 4 }))).toBe(0);
    expect(bowlerRuns(ball(0, 'A', 'B', 'X', { penalty: 5 }))).toBe(0);
  });
});

describe('summariseInnings: totals and extras', () => {
  const summary = summariseInnings(
    innings(
      [
        ball(0, 'A', 'B', 'X', { bat: 4 }),
        ball(0, 'A', 'B', 'X', { wides: 1 }),
        ball(0, 'A', 'B', 'X', { wides: 5 }), // a wide that ran away for four byes: all five are wides
        ball(0, 'A', 'B', 'X', { noballs: 1, bat: 2 }),
        ball(0, 'A', 'B', 'X', { noballs: 1, byes: 1 }),
        ball(0, 'A', 'B', 'X', { byes: 2 }),
        ball(0, 'A', 'B', 'X', { legbyes: 1 }),
        ball(0, 'B', 'A', 'X', { bat: 1, penalty: 5 }), // five penalty runs for the ball hitting a fielder's helmet
      ],
      { penaltyRunsPre: 5, penaltyRunsPost: 5 },
    ),
  );

  it('adds every delivery’s runs and the penalty runs outside deliveries', () => {
    // 4 + 1 + 5 + 3 + 2 + 2 + 1 + 6 = 24 on deliveries, + 5 before + 5 after
    expect(summary.runs).toBe(34);
    expect(summary.extras).toEqual({ wides: 6, noballs: 2, byes: 3, legbyes: 1, penalty: 15 });
    expect(summary.legalBalls).toBe(4);
  });

  it('charges wides and no-balls to the bowler, not byes, leg byes or penalties', () => {
    const x = bowler(summary, 'X');
    expect(x.runs).toBe(4 + 1 + 5 + (1 + 2) + 1 + 1);
    expect(x.legalBalls).toBe(4);
    expect(x.wides).toBe(2);
    expect(x.noballs).toBe(2);
  });

  it('counts a no-ball as a ball faced and a wide as not', () => {
    expect(batter(summary, 'A')).toMatchObject({ runs: 6, balls: 5, fours: 1 });
    expect(batter(summary, 'B')).toMatchObject({ runs: 1, balls: 1 });
  });

  it('counts a leg bye or bye as a dot for the bowler, but never a wide', () => {
    // legal deliveries: the four, the 2 byes, the leg bye, the single
    expect(bowler(summary, 'X').dots).toBe(2);
  });
});

describe('summariseInnings: boundaries', () => {
  it('does not count four runs all run through a non-boundary as a four', () => {
    const summary = summariseInnings(
      innings([
        ball(0, 'A', 'B', 'X', { bat: 4, nonBoundary: true }),
        ball(0, 'A', 'B', 'X', { bat: 4 }),
        ball(0, 'A', 'B', 'X', { bat: 6 }),
        ball(0, 'A', 'B', 'X', { noballs: 1, bat: 6 }),
      ]),
    );
    expect(batter(summary, 'A')).toMatchObject({ runs: 20, balls: 4, fours: 1, sixes: 2 });
    expect(bowler(summary, 'X')).toMatchObject({ runs: 21, fours: 1, sixes: 2, legalBalls: 3 });
  });
});

describe('summariseInnings: maidens', () => {
  it('gives a maiden for six dots, and keeps it with leg byes and byes', () => {
    const summary = summariseInnings(
      innings([
        ...overOf(0, 'A', 'B', 'X', DOTS_OVER),
        ...overOf(1, 'B', 'A', 'Y', [{}, { legbyes: 1 }, {}, { byes: 4 }, {}, {}]),
        ...overOf(2, 'A', 'B', 'X', [{}, {}, {}, {}, {}, { bat: 1 }]),
      ]),
    );
    expect(bowler(summary, 'X').maidens).toBe(1);
    expect(bowler(summary, 'Y')).toMatchObject({ maidens: 1, runs: 0, dots: 6 });
  });

  it('breaks a maiden with a wide or a no-ball', () => {
    const summary = summariseInnings(
      innings([
        ...overOf(0, 'A', 'B', 'X', [{}, { wides: 1 }, {}, {}, {}, {}, {}]),
        ...overOf(1, 'B', 'A', 'Y', [{}, {}, { noballs: 1 }, {}, {}, {}, {}]),
        ...overOf(2, 'A', 'B', 'X', DOTS_OVER),
      ]),
    );
    expect(bowler(summary, 'X')).toMatchObject({ maidens: 1, legalBalls: 12, runs: 1 });
    expect(bowler(summary, 'Y')).toMatchObject({ maidens: 0, legalBalls: 6, runs: 1 });
  });

  it('gives no maiden to either bowler of an over shared after an injury', () => {
    const summary = summariseInnings(
      innings([
        ...overOf(0, 'A', 'B', 'X', [{}, {}, {}]),
        ...overOf(0, 'A', 'B', 'Y', [{}, {}, {}]),
        ...overOf(1, 'B', 'A', 'Z', [{ bat: 1 }]),
      ]),
    );
    expect(bowler(summary, 'X')).toMatchObject({ maidens: 0, legalBalls: 3, dots: 3 });
    expect(bowler(summary, 'Y')).toMatchObject({ maidens: 0, legalBalls: 3, dots: 3 });
  });

  it('gives no maiden for an unfinished last over', () => {
    const summary = summariseInnings(innings(overOf(0, 'A', 'B', 'X', [{}, {}, {}, {}, {}])));
    expect(bowler(summary, 'X').maidens).toBe(0);
  });

  it('gives a maiden for an over the umpire ended after five balls (miscounted)', () => {
    const summary = summariseInnings(
      innings([...overOf(0, 'A', 'B', 'X', [{}, {}, {}, {}, {}]), ...overOf(1, 'B', 'A', 'Y', [{ bat: 1 }])]),
    );
    expect(bowler(summary, 'X').maidens).toBe(1);
  });

  it('counts overs as called: a five-ball over the source lists as miscounted is a full over (1385696, 1450697)', () => {
    const fiveBallOver = [...overOf(0, 'A', 'B', 'X', [{}, {}, {}, {}, {}])];
    const lastOver = summariseInnings(innings(fiveBallOver, { calledOvers: [0] }));
    // The innings' only over ended short: 1 over as called, 5 legal balls really bowled.
    expect(lastOver).toMatchObject({ legalBalls: 5, calledBalls: 6 });
    // The maiden and the bowler's overs agree with the over as called.
    expect(bowler(lastOver, 'X')).toMatchObject({ legalBalls: 5, calledBalls: 6, maidens: 1 });
    // Not listed: an unfinished last over stays 0.5.
    expect(summariseInnings(innings(fiveBallOver))).toMatchObject({ legalBalls: 5, calledBalls: 5 });
  });

  it('counts a seven-ball over as one over (50.1 shown as 50.0)', () => {
    const sevenBalls = overOf(0, 'A', 'B', 'X', [{}, {}, {}, {}, {}, {}, { bat: 1 }]);
    const summary = summariseInnings(innings([...sevenBalls, ...overOf(1, 'B', 'A', 'Y', [{}])], { calledOvers: [0] }));
    expect(summary).toMatchObject({ legalBalls: 8, calledBalls: 7 });
    expect(bowler(summary, 'X')).toMatchObject({ legalBalls: 7, calledBalls: 6, runs: 1, maidens: 0 });
  });

  it('needs eight legal balls for a maiden in 8-ball overs', () => {
    const eightDots = [{}, {}, {}, {}, {}, {}, {}, {}];
    const complete = summariseInnings(innings(overOf(0, 'A', 'B', 'X', eightDots), { ballsPerOver: 8 }));
    const sixOfEight = summariseInnings(innings(overOf(0, 'A', 'B', 'X', DOTS_OVER), { ballsPerOver: 8 }));
    expect(complete.legalBalls).toBe(8);
    expect(bowler(complete, 'X').maidens).toBe(1);
    expect(bowler(sixOfEight, 'X').maidens).toBe(0);
  });

  it('gives a maiden for a scoreless five-ball set in The Hundred', () => {
    const summary = summariseInnings(
      innings(
        [
          ...overOf(0, 'A', 'B', 'X', [{}, {}, {}, {}, {}]),
          ...overOf(1, 'A', 'B', 'X', [{}, {}, {}, {}, { bat: 2 }]),
        ],
        { ballsPerOver: 5 },
      ),
    );
    expect(bowler(summary, 'X')).toMatchObject({ maidens: 1, legalBalls: 10, runs: 2 });
  });
});

describe('summariseInnings: wickets and fall of wickets', () => {
  it('records the team score including the wicket ball, and legal balls only when it was legal', () => {
    const summary = summariseInnings(
      innings([
        ball(0, 'A', 'B', 'X', { bat: 4 }),
        ball(0, 'A', 'B', 'X', { bat: 1, out: [['run out', 'A']] }), // out going for the second run
        ball(0, 'C', 'B', 'X', { wides: 1, out: [['stumped', 'C']] }),
        ball(0, 'D', 'B', 'X', { noballs: 1, out: [['run out', 'B']] }),
      ]),
    );
    expect(summary.fallOfWickets).toEqual([
      { wicketNumber: 1, player: 'A', kind: 'run out', teamRuns: 5, legalBalls: 2, position: { over: 0, ball: 2 } },
      // Off a wide and a no-ball: at the overs bowled when they fell (0.2), not the next legal ball's number.
      { wicketNumber: 2, player: 'C', kind: 'stumped', teamRuns: 6, legalBalls: 2, position: { over: 0, ball: 2 } },
      { wicketNumber: 3, player: 'B', kind: 'run out', teamRuns: 7, legalBalls: 2, position: { over: 0, ball: 2 } },
    ]);
    // stumped off a wide: the bowler's wicket, but no ball faced
    expect(bowler(summary, 'X').wickets).toBe(1);
    expect(batter(summary, 'C')).toMatchObject({ balls: 0, dismissal: { kind: 'stumped', bowler: 'X', wicketNumber: 2 } });
    expect(batter(summary, 'A').dismissal).toMatchObject({ kind: 'run out', bowler: null, teamRuns: 5, legalBalls: 2 });
  });

  it('gives a run out at the non-striker’s end to the non-striker, not to the bowler', () => {
    const summary = summariseInnings(
      innings([
        ball(0, 'A', 'B', 'X', { bat: 1 }),
        ball(0, 'B', 'A', 'X', { out: [['run out', 'A']] }),
        ball(0, 'B', 'C', 'X', { out: [['caught', 'B']] }),
      ]),
    );
    expect(batter(summary, 'A')).toMatchObject({ runs: 1, balls: 1, dismissal: { kind: 'run out', bowler: null, wicketNumber: 1 } });
    expect(summary.fallOfWickets.map((f) => f.player)).toEqual(['A', 'B']);
    expect(bowler(summary, 'X').wickets).toBe(1);
  });

  it('gives an entry to a batter run out before facing a ball', () => {
    const summary = summariseInnings(
      innings([
        ball(0, 'A', 'B', 'X', { out: [['bowled', 'A']] }),
        ball(0, 'B', 'C', 'X', { out: [['run out', 'C']] }), // C, backing up, never faced
        ball(0, 'B', 'D', 'X', { bat: 2 }),
      ]),
    );
    expect(summary.batting.map((b) => b.player)).toEqual(['A', 'B', 'C', 'D']);
    expect(batter(summary, 'C')).toMatchObject({ runs: 0, balls: 0, dismissal: { kind: 'run out', wicketNumber: 2 } });
    expect(batter(summary, 'D').dismissal).toBeNull();
  });

  it('gives an entry to a batter timed out, who never reached the crease', () => {
    const summary = summariseInnings(
      innings([ball(0, 'A', 'B', 'X', { out: [['caught', 'A']] }), ball(0, 'D', 'B', 'X', { out: [['timed out', 'C']] })]),
    );
    expect(summary.wickets).toBe(2);
    expect(batter(summary, 'C')).toMatchObject({ balls: 0, dismissal: { kind: 'timed out', bowler: null, wicketNumber: 2 } });
    expect(bowler(summary, 'X').wickets).toBe(1);
  });

  it('counts a retired out as a team wicket not credited to the bowler', () => {
    const summary = summariseInnings(innings([ball(0, 'A', 'B', 'X', { bat: 1, out: [['retired out', 'B']] })]));
    expect(summary.wickets).toBe(1);
    expect(summary.fallOfWickets).toEqual([
      { wicketNumber: 1, player: 'B', kind: 'retired out', teamRuns: 1, legalBalls: 1, position: { over: 0, ball: 1 } },
    ]);
    expect(bowler(summary, 'X').wickets).toBe(0);
  });

  it('takes two wickets on one delivery (Nigeria: run out and retired out on the same ball)', () => {
    const summary = summariseInnings(
      innings([
        ball(13, 'S', 'D', 'X', { bat: 2 }),
        ball(13, 'S', 'D', 'X', { bat: 1, out: [['run out', 'D'], ['retired out', 'S']] }),
        ball(13, 'E', 'F', 'X', { bat: 1 }),
      ]),
    );
    expect(summary.wickets).toBe(2);
    expect(summary.fallOfWickets).toEqual([
      { wicketNumber: 1, player: 'D', kind: 'run out', teamRuns: 3, legalBalls: 2, position: { over: 13, ball: 2 } },
      { wicketNumber: 2, player: 'S', kind: 'retired out', teamRuns: 3, legalBalls: 2, position: { over: 13, ball: 2 } },
    ]);
    expect(batter(summary, 'S').dismissal?.wicketNumber).toBe(2);
    expect(summary.partnerships.map((p) => [p.forWicket, p.batterA.player, p.batterB.player, p.unbroken])).toEqual([
      [1, 'S', 'D', false],
      [3, 'E', 'F', true],
    ]);
  });
});

describe('summariseInnings: retirements', () => {
  // A retires hurt after 2 balls; C bats with B; B is out; A returns and finishes not out.
  const summary = summariseInnings(
    innings([
      ball(0, 'A', 'B', 'X', { bat: 4 }),
      ball(0, 'A', 'B', 'X', { bat: 1, out: [['retired hurt', 'A']] }),
      ball(0, 'B', 'C', 'X', { bat: 2 }),
      ball(0, 'C', 'B', 'X', { bat: 6 }),
      ball(0, 'C', 'B', 'X', { legbyes: 1 }),
      ball(0, 'B', 'C', 'X', { out: [['caught', 'B']] }),
      ball(1, 'A', 'C', 'Y', { bat: 2 }),
      ball(1, 'A', 'C', 'Y', { wides: 1 }),
    ]),
  );

  it('does not count retired hurt as a team wicket', () => {
    expect(summary.wickets).toBe(1);
    expect(summary.fallOfWickets).toEqual([
      { wicketNumber: 1, player: 'B', kind: 'caught', teamRuns: 14, legalBalls: 6, position: { over: 0, ball: 6 } },
    ]);
  });

  it('continues the returning batter’s entry, not out at the end', () => {
    expect(summary.batting.map((b) => b.player)).toEqual(['A', 'B', 'C']);
    expect(batter(summary, 'A')).toEqual({ player: 'A', runs: 7, balls: 3, fours: 1, sixes: 0, dismissal: null });
  });

  it('keeps a retired hurt dismissal, without a wicket number, when the batter does not return', () => {
    const retiredForGood = summariseInnings(
      innings([ball(0, 'A', 'B', 'X', { out: [['retired hurt', 'A']] }), ball(0, 'C', 'B', 'X', { bat: 1 })]),
    );
    expect(batter(retiredForGood, 'A').dismissal).toEqual({
      kind: 'retired hurt',
      bowler: null,
      fielders: [],
      wicketNumber: null,
      teamRuns: 0,
      legalBalls: 1,
      position: { over: 0, ball: 1 },
    });
  });

  it('starts a new stand at the same wicket number when a retired batter is replaced', () => {
    expect(summary.partnerships).toEqual([
      { forWicket: 1, batterA: { player: 'A', runs: 5, balls: 2 }, batterB: { player: 'B', runs: 0, balls: 0 }, runs: 5, balls: 2, unbroken: false },
      { forWicket: 1, batterA: { player: 'B', runs: 2, balls: 2 }, batterB: { player: 'C', runs: 6, balls: 2 }, runs: 9, balls: 4, unbroken: false },
      { forWicket: 2, batterA: { player: 'A', runs: 2, balls: 1 }, batterB: { player: 'C', runs: 0, balls: 0 }, runs: 3, balls: 1, unbroken: true },
    ]);
    expectPartnershipsAddUp(summary);
  });

  it('ends a dismissed batter’s innings with the last dismissal', () => {
    const outAfterReturning = summariseInnings(
      innings([
        ball(0, 'A', 'B', 'X', { out: [['retired hurt', 'A']] }),
        ball(0, 'C', 'B', 'X', { out: [['bowled', 'C']] }),
        ball(0, 'A', 'B', 'X', { out: [['lbw', 'A']] }),
      ]),
    );
    expect(batter(outAfterReturning, 'A').dismissal).toMatchObject({ kind: 'lbw', bowler: 'X', wicketNumber: 2 });
    expect(outAfterReturning.partnerships.map((p) => p.forWicket)).toEqual([1, 1, 2]);
    expect(outAfterReturning.partnerships.at(-1)?.unbroken).toBe(false);
  });

  it('leaves the last stand unbroken when the innings ends with a retired not out', () => {
    const s = summariseInnings(innings([ball(0, 'A', 'B', 'X', { bat: 1, out: [['retired not out', 'B']] })]));
    expect(s.wickets).toBe(0);
    expect(s.partnerships).toHaveLength(1);
    expect(s.partnerships[0]?.unbroken).toBe(true);
  });
});

describe('summariseInnings: partnerships', () => {
  it('puts the batter who came in first as batterA, whoever is on strike', () => {
    const summary = summariseInnings(
      innings([
        ball(0, 'A', 'B', 'X', { out: [['bowled', 'A']] }),
        ball(0, 'C', 'B', 'X', { bat: 3 }),
        ball(0, 'B', 'C', 'X', { bat: 1 }),
      ]),
    );
    const second = summary.partnerships[1];
    expect(second).toMatchObject({ forWicket: 2, batterA: { player: 'B', runs: 1, balls: 1 }, batterB: { player: 'C', runs: 3, balls: 1 } });
  });

  it('adds extras and on-delivery penalties to the stand but not off-delivery penalties', () => {
    const summary = summariseInnings(
      innings(
        [
          ball(0, 'A', 'B', 'X', { bat: 1 }),
          ball(0, 'B', 'A', 'X', { wides: 1 }),
          ball(0, 'B', 'A', 'X', { legbyes: 2, out: [['run out', 'B']] }),
          ball(0, 'A', 'C', 'X', { penalty: 5 }),
          ball(0, 'A', 'C', 'X', { noballs: 1, bat: 4 }),
        ],
        { penaltyRunsPre: 5, penaltyRunsPost: 5 },
      ),
    );
    expect(summary.runs).toBe(24);
    expect(summary.partnerships.map((p) => [p.runs, p.batterA.runs + p.batterB.runs, p.balls])).toEqual([
      [4, 1, 2],
      [10, 4, 1],
    ]);
    expectPartnershipsAddUp(summary, 10);
    // teamRuns at the fall includes the five pre-innings penalty runs the scoreboard showed
    expect(summary.fallOfWickets[0]?.teamRuns).toBe(9);
  });

  it('returns an empty scorecard for an innings with no deliveries', () => {
    const summary = summariseInnings(innings([], { penaltyRunsPre: 5 }));
    expect(summary).toMatchObject({ runs: 5, wickets: 0, legalBalls: 0, batting: [], bowling: [], fallOfWickets: [], partnerships: [] });
  });
});

describe('summariseInnings against a real match: KKR v RCB, IPL 2008 opener (Cricsheet 335982)', () => {
  const match = readMatch('335982');
  const kkr = summariseInnings(realInnings(match, 0));
  const rcb = summariseInnings(realInnings(match, 1));

  it('has KKR 222/3 in 20 overs with McCullum 158* off 73 balls, 10 fours and 13 sixes', () => {
    expect(kkr).toMatchObject({ runs: 222, wickets: 3, legalBalls: 120 });
    expect(kkr.extras).toEqual({ wides: 9, noballs: 0, byes: 4, legbyes: 4, penalty: 0 });
    expect(kkr.batting.map((b) => b.player)).toEqual(['SC Ganguly', 'BB McCullum', 'RT Ponting', 'DJ Hussey', 'Mohammad Hafeez']);
    expect(batter(kkr, 'BB McCullum')).toMatchObject({ runs: 158, balls: 73, fours: 10, sixes: 13, dismissal: null });
    expect(batter(kkr, 'SC Ganguly').dismissal).toMatchObject({ kind: 'caught', bowler: 'Z Khan', wicketNumber: 1, teamRuns: 61 });
    expect(kkr.fallOfWickets.map((f) => [f.teamRuns, f.legalBalls])).toEqual([
      [61, 32],
      [112, 73],
      [172, 103],
    ]);
    expect(bowler(kkr, 'JH Kallis')).toMatchObject({ legalBalls: 24, maidens: 0, runs: 48, wickets: 1 });
    expectPartnershipsAddUp(kkr);
    expect(kkr.partnerships.at(-1)).toMatchObject({ forWicket: 4, unbroken: true });
  });

  it('has RCB 82 all out in 15.1 overs, Agarkar 3/25 and Ishant 1/7 in 3 overs', () => {
    expect(rcb).toMatchObject({ runs: 82, wickets: 10, legalBalls: 91 });
    expect(bowler(rcb, 'AB Agarkar')).toMatchObject({ legalBalls: 24, runs: 25, wickets: 3 });
    expect(bowler(rcb, 'I Sharma')).toMatchObject({ legalBalls: 18, runs: 7, wickets: 1 });
    expect(batter(rcb, 'AA Noffke').dismissal).toMatchObject({ kind: 'run out', bowler: null, wicketNumber: 8 });
    expect(rcb.bowling.reduce((sum, b) => sum + b.wickets, 0)).toBe(9);
    expectPartnershipsAddUp(rcb);
    expect(rcb.partnerships.at(-1)).toMatchObject({ forWicket: 10, unbroken: false });
  });

  it('has Ntini’s maiden in the 2008 final (Cricsheet 336040): 4-1-21-0', () => {
    const csk = summariseInnings(realInnings(readMatch('336040'), 1));
    expect(bowler(csk, 'M Ntini')).toMatchObject({ legalBalls: 24, maidens: 1, runs: 21, wickets: 0 });
    expect(csk.bowling.reduce((sum, b) => sum + b.maidens, 0)).toBe(1);
  });
});
